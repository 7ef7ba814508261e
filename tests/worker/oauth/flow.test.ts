// The OAuth flow of an MCP endpoint over plain HTTP: discovery from the 401, registration, consent,
// code exchange with PKCE, calls through the gateway, refresh rotation and revocation of the grant.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { servers } from "../../../worker/db/schema";
import { app } from "../../../worker/app";
import { signedIn } from "../helpers";
import { createServer, createToken, db, deploy, echoTool, MCP_ORIGIN } from "../mcp-setup";
import {
  approve,
  authorize,
  consentApi,
  consentRequestId,
  listToolsWith,
  pkce,
  portal,
  registerClient,
  REDIRECT_URI,
  signInWithOAuth,
  tokenRequest,
} from "./setup";

async function deployedServer(organizationId: string) {
  const server = await createServer(organizationId, [echoTool("list_pets", {})]);
  await deploy(server.id);
  return server;
}

describe("OAuth on an MCP endpoint: discovery", () => {
  it("points a client without a token from the 401 to the metadata of the endpoint and of the authorization server", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const res = await portal(`/s/${server.slug}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
    const metadataUrl = `${MCP_ORIGIN}/.well-known/oauth-protected-resource/s/${server.slug}/mcp`;
    expect(res.headers.get("www-authenticate")).toBe(`Bearer realm="toolport", resource_metadata="${metadataUrl}"`);

    const resource = await portal(new URL(metadataUrl).pathname);
    expect(resource.status).toBe(200);
    expect(await resource.json()).toMatchObject({ resource: `${MCP_ORIGIN}/s/${server.slug}/mcp`, authorization_servers: [MCP_ORIGIN] });

    for (const path of [
      "/.well-known/oauth-authorization-server",
      `/.well-known/oauth-authorization-server/s/${server.slug}/mcp`,
      "/.well-known/openid-configuration",
    ]) {
      const as = await portal(path);
      expect(as.status).toBe(200);
      expect(await as.json()).toMatchObject({
        issuer: MCP_ORIGIN,
        authorization_endpoint: `${MCP_ORIGIN}/oauth/authorize`,
        token_endpoint: `${MCP_ORIGIN}/oauth/token`,
        registration_endpoint: `${MCP_ORIGIN}/oauth/register`,
        revocation_endpoint: `${MCP_ORIGIN}/oauth/token`,
        code_challenge_methods_supported: ["S256"],
        response_types_supported: ["code"],
        grant_types_supported: expect.arrayContaining(["authorization_code", "refresh_token"]),
        client_id_metadata_document_supported: true,
      });
    }
  });

  it("uses PUBLIC_URL as the issuer in production, and serves no OAuth on a plain-http public origin", async () => {
    const production = { ...env, ENVIRONMENT: "production", PUBLIC_URL: "https://toolport.example" };
    const metadata = await app.fetch(
      new Request("https://toolport.example/.well-known/oauth-authorization-server"),
      production,
      createExecutionContext(),
    );
    expect(await metadata.json()).toMatchObject({
      issuer: "https://toolport.example",
      token_endpoint: "https://toolport.example/oauth/token",
    });
    const plain = await app.fetch(
      new Request("http://toolport.example/.well-known/oauth-authorization-server"),
      { ...env, ENVIRONMENT: "production" },
      createExecutionContext(),
    );
    expect(plain.status).toBe(404);
    expect(await plain.json()).toMatchObject({ success: false, error: expect.stringContaining("https") });
  });

  it("answers the browser's CORS preflight of the discovery documents", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/s/any/mcp", "/.well-known/oauth-authorization-server"]) {
      const res = await portal(path, {
        method: "OPTIONS",
        headers: {
          origin: "http://localhost:6274",
          "access-control-request-method": "GET",
          "access-control-request-headers": "mcp-protocol-version",
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-headers"), path).toBe("mcp-protocol-version");
    }
  });

  it("answers unknown paths under /.well-known/, /api/ and /s/ with a JSON 404, never the SPA", async () => {
    const { cookie } = await signedIn();
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/nothing-here",
      "/api/oauth/nothing",
      "/s/some-server/elsewhere",
      "/.well-known/oauth-protected-resource/s/no-such-server/mcp",
    ]) {
      const res = await portal(path, { headers: { cookie } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(await res.json(), path).toMatchObject({ success: false, error: expect.any(String) });
    }
  });
});

describe("OAuth on an MCP endpoint: the authorization flow", () => {
  it("registers, asks for consent, exchanges the code, calls, refreshes with rotation and is refused once revoked", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const { verifier, challenge } = await pkce();
    const requestId = consentRequestId(await authorize({ clientId, slug: server.slug, challenge }));

    const shown = await consentApi(requestId, owner.cookie);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      success: true,
      data: {
        id: requestId,
        client: { id: clientId, name: "Test MCP Client", redirectHost: "127.0.0.1" },
        server: {
          id: server.id,
          slug: server.slug,
          endpoint: `${MCP_ORIGIN}/s/${server.slug}/mcp`,
          toolCount: 1,
          tools: [{ name: "list_pets", readOnly: false }],
        },
        user: { email: owner.email },
        canApprove: true,
        reason: null,
      },
    });
    expect((await consentApi(requestId, "")).status).toBe(401);

    const code = await approve(requestId, owner.cookie);
    const exchanged = await tokenRequest({
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string; expires_in: number; resource: string };
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 3600, resource: `${MCP_ORIGIN}/s/${server.slug}/mcp` });
    expect((await listToolsWith(server.slug, tokens.access_token)).status).toBe(200);

    // Rotation: each refresh answers a new refresh token (reuse of a replaced one: refresh-reuse.test.ts).
    const first = (await (
      await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId })
    ).json()) as typeof tokens;
    expect(first.refresh_token).not.toBe(tokens.refresh_token);
    const second = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(second.status).toBe(200);
    const current = (await second.json()) as typeof tokens;
    expect((await listToolsWith(server.slug, current.access_token)).status).toBe(200);

    const grants = await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } });
    const { data } = (await grants.json()) as {
      data: { id: string; clientName: string; serverId: string; userEmail: string; lastUsedAt: string | null }[];
    };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      clientId,
      clientName: "Test MCP Client",
      serverId: server.id,
      serverName: server.name,
      userEmail: owner.email,
    });

    const revoked = await portal(`/api/oauth/grants/${data[0].id}`, {
      method: "DELETE",
      headers: { cookie: owner.cookie, origin: MCP_ORIGIN },
    });
    expect(revoked.status).toBe(200);
    const refused = await listToolsWith(server.slug, current.access_token);
    expect(refused.status).toBe(401);
    expect(refused.wwwAuthenticate).toContain('error="invalid_token"');
    const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: current.refresh_token, client_id: clientId });
    expect(refresh.status).toBe(400);
    expect((await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } }).then((r) => r.json())) as object).toMatchObject({
      data: [],
    });
  });

  it("lets a user deny: the client gets access_denied with its state", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const { challenge } = await pkce();
    const requestId = consentRequestId(await authorize({ clientId, slug: server.slug, challenge, state: "s-1" }));
    const res = await consentApi(requestId, owner.cookie, false);
    const { data } = (await res.json()) as { data: { redirectTo: string } };
    const back = new URL(data.redirectTo);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("s-1");
    // Answered once: the request is gone.
    expect((await consentApi(requestId, owner.cookie)).status).toBe(404);
  });
});

describe("OAuth on an MCP endpoint: revocation, deleted servers and static tokens", () => {
  it("revokes a token through the revocation endpoint (RFC 7009)", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const tokens = await signInWithOAuth(clientId, server.slug, owner.cookie);
    const revoked = await tokenRequest({ token: tokens.access_token, token_type_hint: "access_token", client_id: clientId });
    expect(revoked.status).toBe(200);
    expect((await listToolsWith(server.slug, tokens.access_token)).status).toBe(401);
    const refreshRevoked = await tokenRequest({ token: tokens.refresh_token, token_type_hint: "refresh_token", client_id: clientId });
    expect(refreshRevoked.status).toBe(200);
    const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(await refresh.json()).toMatchObject({ error: "invalid_grant" });
    // The grant went with its refresh token, so it leaves the connected apps too.
    expect(await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()).toEqual({ success: true, data: [] });
  });

  it("answers 404 for a request whose server was deleted meanwhile", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const { challenge } = await pkce();
    const requestId = consentRequestId(await authorize({ clientId: await registerClient(), slug: server.slug, challenge }));
    await db.delete(servers).where(eq(servers.id, server.id));
    const res = await consentApi(requestId, owner.cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("keeps static tp_ tokens working and refuses portal keys on the endpoint", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const tokens = await signInWithOAuth(clientId, server.slug, owner.cookie);
    expect((await listToolsWith(server.slug, tokens.access_token)).status).toBe(200);
    const { token } = await createToken(owner.organizationId, [server.id]);
    expect((await listToolsWith(server.slug, token)).status).toBe(200);
    const key = await listToolsWith(server.slug, "tpk_0123456789abcdef0123456789abcdef");
    expect(key.status).toBe(401);
    expect(key.text).toContain("Portal API keys (tpk_…) work only on /api");
  });
});
