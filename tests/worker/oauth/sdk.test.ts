// The official MCP SDK clients' own OAuth support against a server endpoint: discovery from the 401,
// registration, the browser's consent (driven through the consent API), code exchange, tools/call,
// refresh with rotation, and the refusal after the grant is revoked on the Access Tokens page's API.
import { Client, StreamableHTTPClientTransport, auth as authV2 } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { signedIn } from "../helpers";
import { createServer, deploy, echoOf, echoTool, MCP_ORIGIN, workerFetch } from "../mcp-setup";
import { approveRedirect, consentRequestId, portal, REDIRECT_URI } from "./setup";

type Tokens = { access_token: string; token_type: string; refresh_token?: string };

/** An OAuthClientProvider kept in memory; the same shape serves SDK v1 and v2. */
class MemoryProvider {
  client: { client_id: string } | undefined;
  saved: Tokens | undefined;
  verifier = "";
  authorizationUrl: URL | null = null;
  readonly redirectUrl = REDIRECT_URI;
  get clientMetadata() {
    return {
      client_name: "SDK Test Client",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation = () => this.client;
  saveClientInformation = (info: { client_id: string }) => void (this.client = info);
  tokens = () => this.saved;
  saveTokens = (tokens: Tokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

// Registrations from an address of this file's own (the per-address limits are tested elsewhere).
const sdkFetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  request.headers.set("cf-connecting-ip", "198.51.100.20");
  return workerFetch(request);
};

/** The browser's part: open the authorization URL, approve as the signed-in user; answers the redirect's query. */
async function consentAs(provider: MemoryProvider, cookie: string) {
  expect(provider.authorizationUrl?.origin).toBe(MCP_ORIGIN);
  const { pathname, search } = provider.authorizationUrl!;
  return (await approveRedirect(consentRequestId(await portal(pathname + search)), cookie)).searchParams;
}

async function setUp() {
  const owner = await signedIn();
  const server = await createServer(owner.organizationId, [echoTool("list_pets", {})]);
  await deploy(server.id);
  return { owner, server, url: new URL(`${MCP_ORIGIN}/s/${server.slug}/mcp`) };
}

async function revokeOnlyGrant(cookie: string) {
  const { data } = (await (await portal("/api/oauth/grants", { headers: { cookie } })).json()) as {
    data: { id: string; clientName: string }[];
  };
  expect(data.map((g) => g.clientName)).toEqual(["SDK Test Client"]);
  const res = await portal(`/api/oauth/grants/${data[0].id}`, { method: "DELETE", headers: { cookie, origin: MCP_ORIGIN } });
  expect(res.status).toBe(200);
}

describe("the MCP SDK clients' OAuth support", () => {
  it("SDK v1 (@modelcontextprotocol/sdk): auth() from the 401 through tools/call, refresh and revocation", async () => {
    const { Client: V1Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StreamableHTTPClientTransport: V1Transport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const { auth, UnauthorizedError } = await import("@modelcontextprotocol/sdk/client/auth.js");
    const { owner, url } = await setUp();
    const provider = new MemoryProvider();
    const first = new V1Transport(url, { fetch: sdkFetch, authProvider: provider });
    await expect(new V1Client({ name: "v1", version: "1" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(url.href);
    await first.finishAuth((await consentAs(provider, owner.cookie)).get("code")!);

    const client = new V1Client({ name: "v1", version: "1" });
    await client.connect(new V1Transport(url, { fetch: sdkFetch, authProvider: provider }));
    const result = await client.callTool({ name: "list_pets", arguments: {} });
    expect(echoOf(result).path).toBe("/echo/list_pets");

    const before = provider.saved!;
    expect(await auth(provider, { serverUrl: url, fetchFn: sdkFetch })).toBe("AUTHORIZED");
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect(await auth(provider, { serverUrl: url, fetchFn: sdkFetch })).toBe("AUTHORIZED");
    expect(echoOf(await client.callTool({ name: "list_pets", arguments: {} })).path).toBe("/echo/list_pets");

    await revokeOnlyGrant(owner.cookie);
    // The call answers 401; the client's refresh is then refused too (invalid_grant), so it cannot carry on.
    await expect(client.callTool({ name: "list_pets", arguments: {} })).rejects.toThrow("Grant not found");
    await client.close();
  });

  it("SDK v2 (@modelcontextprotocol/client): the same flow", async () => {
    const { owner, url } = await setUp();
    const provider = new MemoryProvider();
    const first = new StreamableHTTPClientTransport(url, { fetch: sdkFetch, authProvider: provider });
    await expect(new Client({ name: "v2", version: "1" }).connect(first)).rejects.toThrow();
    expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(url.href);
    await first.finishAuth(await consentAs(provider, owner.cookie));

    const client = new Client({ name: "v2", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(url, { fetch: sdkFetch, authProvider: provider }));
    expect(echoOf(await client.callTool({ name: "list_pets", arguments: {} })).path).toBe("/echo/list_pets");

    const before = provider.saved!;
    expect(await authV2(provider, { serverUrl: url, fetchFn: sdkFetch })).toBe("AUTHORIZED");
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect(echoOf(await client.callTool({ name: "list_pets", arguments: {} })).path).toBe("/echo/list_pets");

    await revokeOnlyGrant(owner.cookie);
    await expect(client.callTool({ name: "list_pets", arguments: {} })).rejects.toThrow("Grant not found");
    await client.close();
  });
});
