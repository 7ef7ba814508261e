// In Chromium against `npm run dev`: an MCP client signs in with OAuth. The official SDK clients (v1
// and v2) discover the portal from the server's 401, register (Dynamic Client Registration), send the
// user to the authorization URL, where the user signs in and approves on the consent page; the code
// comes back to the client's local callback, is exchanged, and tools/call works; a refresh rotates the
// tokens; revoking the app on the Access Tokens page refuses its next call. A Client ID Metadata
// Document client goes through the same consent. Screenshots at 1280 and 375 px. Every step waits for
// its condition however long a loaded machine takes (no per-step deadline); each test's budget is the
// e2e project's.
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport, auth as authV2 } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { auth as authV1, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { expectedSignedOut, portalInChromium, shoot, signUpInBrowser, watchConsole } from "./browser";

const portal = portalInChromium();
const consoleErrors: string[] = [];
// GET …/auth-config and …/deployment answer 404 before they exist.
const expected = (text: string, url: string) =>
  expectedSignedOut(text, url) || (text.includes("404") && (url.endsWith("/auth-config") || url.endsWith("/deployment")));

/** The API the server's tool calls, and the MCP client's own pages: its OAuth callback and its metadata document. */
let local: { server: Server; origin: string; callbacks: URLSearchParams[] };
beforeAll(async () => {
  const callbacks: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/callback") {
      callbacks.push(url.searchParams);
      return void res
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>Signed in</title><p>You can close this window.</p>");
    }
    if (url.pathname === "/client.json") {
      const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      return void res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          client_id: `${origin}/client.json`,
          client_name: "Metadata Document Client",
          redirect_uris: [`${origin}/callback`],
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        }),
      );
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ notes: [{ id: "n1", title: "Hello from the API" }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  local = { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, callbacks };
});
afterAll(async () => {
  local?.server.closeAllConnections();
  await new Promise<void>((resolve) => (local ? local.server.close(() => resolve()) : resolve()));
});

type Tokens = { access_token: string; token_type: string; refresh_token?: string };
/** An OAuthClientProvider kept in memory (the same shape serves SDK v1 and v2); it opens the authorization URL in Chromium. */
class BrowserProvider {
  client: { client_id: string } | undefined;
  saved: Tokens | undefined;
  verifier = "";
  authorizationUrl: URL | null = null;
  constructor(readonly name: string) {}
  get redirectUrl() {
    return `${local.origin}/callback`;
  }
  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
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

/** A browser context whose waits end on their condition, not after Playwright's default 30 s. */
async function patientContext() {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(0);
  return context;
}

/** The user's part in Chromium: open the authorization URL, sign in if asked, approve; answers the callback's query. */
async function approveInBrowser(page: Page, url: URL, shotName?: string, signIn?: { email: string }) {
  const before = local.callbacks.length;
  await page.goto(url.href);
  if (signIn) {
    // Signed out: the consent page sends the user to sign in, then back to the same request.
    await page.waitForURL(/\/login\?/);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/method=password/);
    await page.getByLabel("Email").fill(signIn.email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign In" }).click();
  }
  await page.waitForURL(/\/oauth\/consent\?request=/);
  await page.getByRole("button", { name: "Approve" }).waitFor();
  if (shotName) await shoot(page, shotName);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL((u) => u.href.startsWith(`${local.origin}/callback`));
  expect(local.callbacks.length).toBe(before + 1);
  return local.callbacks.at(-1)!;
}

async function deployedServer(page: Page) {
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`${portal.url}${path}`, { headers: { origin: portal.url }, data, timeout: 0 });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()).data;
  };
  const description = {
    openapi: "3.0.3",
    info: { title: "OAuth Notes", version: "1.0.0" },
    servers: [{ url: local.origin }],
    paths: { "/notes": { get: { operationId: "listNotes", summary: "List notes", responses: { 200: { description: "ok" } } } } },
  };
  const created = await page.request.post(`${portal.url}/api/servers`, {
    headers: { origin: portal.url },
    multipart: { file: { name: "notes.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(description)) } },
    timeout: 0,
  });
  expect(created.status()).toBe(201);
  const server = (await created.json()).data;
  const token = await post("/api/access-tokens", { name: "Static token", serverIds: [server.id] });
  await post(`/api/servers/${server.id}/auth-config`, { authType: "none", authStrategy: "managed", exposeToPublic: false });
  await post(`/api/servers/${server.id}/deploy/cloudflare`, { apiConfig: {} });
  // The deploy call answers at once and the deployment runs as a job: wait for its outcome as an API user would.
  for (;;) {
    const status = (await (await page.request.get(`${portal.url}/api/servers/${server.id}/deployment`, { timeout: 0 })).json()).data
      ?.status;
    if (status === "deployed") break;
    if (status === "failed") throw new Error("The deployment failed");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, url: new URL(`${portal.url}/s/${server.slug}/mcp`), staticToken: token.token as string };
}

async function revokeInAccessTokens(page: Page, clientName: string, shotName?: string) {
  await page.goto(`${portal.url}/tokens`);
  const apps = page.getByRole("table", { name: "Connected apps" });
  await apps.getByRole("cell", { name: clientName, exact: true }).waitFor();
  if (shotName) await shoot(page, shotName);
  await apps.getByRole("button", { name: `Revoke ${clientName}` }).click();
  await page.getByRole("heading", { name: `Revoke access for ${clientName}?` }).waitFor();
  await page.getByRole("button", { name: "Revoke access" }).click();
  await page.getByText(`Access revoked for ${clientName}`).waitFor();
}

let context: BrowserContext;
let page: Page;
// One server (the free plan's one) serves every client below.
let deployed: Awaited<ReturnType<typeof deployedServer>>;
const email = `olivia-${Date.now()}@toolport.test`;
beforeAll(async () => {
  context = await patientContext();
  page = watchConsole(await context.newPage(), consoleErrors, expected);
  await signUpInBrowser(page, portal.url, "Olivia Auth", email);
  await page.getByText("No servers found. Add your first server!").waitFor();
  deployed = await deployedServer(page);
});
afterAll(() => context?.close());

it("SDK v1: discovery from the 401, registration, consent in Chromium, tools/call, refresh, revocation on the Access Tokens page", async () => {
  const { url, staticToken } = deployed;
  const provider = new BrowserProvider("SDK v1 Client");
  const first = new V1Transport(url, { authProvider: provider });
  await expect(new V1Client({ name: "v1", version: "1" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl?.origin).toBe(portal.url);
  expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(url.href);
  await first.finishAuth((await approveInBrowser(page, provider.authorizationUrl!, "oauth-consent")).get("code")!);

  const client = new V1Client({ name: "v1", version: "1" });
  await client.connect(new V1Transport(url, { authProvider: provider }));
  expect(JSON.stringify((await client.callTool({ name: "listNotes", arguments: {} })).content)).toContain("Hello from the API");
  const before = provider.saved!;
  expect(await authV1(provider, { serverUrl: url })).toBe("AUTHORIZED");
  expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
  expect(JSON.stringify((await client.callTool({ name: "listNotes", arguments: {} })).content)).toContain("Hello from the API");

  await revokeInAccessTokens(page, "SDK v1 Client", "oauth-connected-apps");
  await expect(client.callTool({ name: "listNotes", arguments: {} })).rejects.toThrow();
  await client.close();
  // The static token keeps working beside OAuth.
  const withToken = new V1Client({ name: "token", version: "1" });
  await withToken.connect(new V1Transport(url, { requestInit: { headers: { authorization: `Bearer ${staticToken}` } } }));
  expect((await withToken.listTools()).tools.map((t) => t.name)).toEqual(["listNotes"]);
  await withToken.close();
});

it("SDK v2: the same flow", async () => {
  const { url } = deployed;
  const provider = new BrowserProvider("SDK v2 Client");
  const first = new V2Transport(url, { authProvider: provider });
  await expect(new V2Client({ name: "v2", version: "1" }).connect(first)).rejects.toThrow();
  await first.finishAuth(await approveInBrowser(page, provider.authorizationUrl!));
  const client = new V2Client({ name: "v2", version: "1" });
  await client.connect(new V2Transport(url, { authProvider: provider }));
  expect(JSON.stringify((await client.callTool({ name: "listNotes", arguments: {} })).content)).toContain("Hello from the API");
  const before = provider.saved!;
  expect(await authV2(provider, { serverUrl: url })).toBe("AUTHORIZED");
  expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
  await revokeInAccessTokens(page, "SDK v2 Client");
  await expect(client.callTool({ name: "listNotes", arguments: {} })).rejects.toThrow();
  await client.close();
});

it("a Client ID Metadata Document client: a signed-out user signs in, then approves on the same consent page", async () => {
  const { url } = deployed;
  const clientId = `${local.origin}/client.json`;
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${portal.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: clientId,
    redirect_uri: `${local.origin}/callback`,
    state: "s1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    resource: url.href,
  })) {
    authorize.searchParams.set(k, v);
  }
  const fresh = await patientContext();
  const signedOut = watchConsole(await fresh.newPage(), consoleErrors, expected);
  const callback = await approveInBrowser(signedOut, authorize, undefined, { email });
  await fresh.close();
  expect(callback.get("state")).toBe("s1");
  const token = await fetch(`${portal.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback.get("code")!,
      client_id: clientId,
      redirect_uri: `${local.origin}/callback`,
      code_verifier: verifier,
      resource: url.href,
    }),
  });
  expect(token.status).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const client = new V2Client({ name: "cimd", version: "1" });
  await client.connect(new V2Transport(url, { requestInit: { headers: { authorization: `Bearer ${access_token}` } } }));
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["listNotes"]);
  await client.close();
  expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
});
