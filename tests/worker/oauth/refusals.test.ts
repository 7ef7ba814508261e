// What the OAuth flow refuses, each with the RFC's error: tokens of another server, approvals by
// outsiders, PKCE without S256, unregistered redirect URIs, reused codes, expired tokens, and
// registrations beyond the per-address limits.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { authConfigs } from "../../../worker/db/schema";
import { MEMBERS_ONLY } from "../../../worker/oauth/consent";
import { REGISTRATIONS_PER_ADDRESS_PER_DAY } from "../../../worker/oauth/endpoints";
import { signedIn } from "../helpers";
import { createServer, db, deploy, echoTool, MCP_ORIGIN } from "../mcp-setup";
import {
  approve,
  approveRedirect,
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

/** The error parameters an authorize answer sends back to the client's redirect_uri. */
function redirectedError(res: Response) {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(REDIRECT_URI);
  return { error: location.searchParams.get("error"), state: location.searchParams.get("state") };
}

describe("OAuth refusals: servers and members", () => {
  it("refuses a token issued for server A on server B of the same organization", async () => {
    const owner = await signedIn();
    const [a, b] = [await deployedServer(owner.organizationId), await deployedServer(owner.organizationId)];
    const clientId = await registerClient();
    const tokens = await signInWithOAuth(clientId, a.slug, owner.cookie);
    expect((await listToolsWith(a.slug, tokens.access_token)).status).toBe(200);
    const onB = await listToolsWith(b.slug, tokens.access_token);
    expect(onB.status).toBe(401);
    expect(onB.wwwAuthenticate).toContain('error="invalid_token"');
    // Nor can a refresh move the grant to server B (RFC 8707).
    const moved = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      resource: `${MCP_ORIGIN}/s/${b.slug}/mcp`,
    });
    expect(moved.status).toBe(400);
    expect(await moved.json()).toMatchObject({ error: "invalid_target" });
  });

  it("lets only members approve a members-only server, and any signed-in user with requireToolportLogin", async () => {
    const owner = await signedIn();
    const stranger = await signedIn({ name: "Stranger" });
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const { verifier, challenge } = await pkce();
    const requestId = consentRequestId(await authorize({ clientId, slug: server.slug, challenge }));
    const shown = (await (await consentApi(requestId, stranger.cookie)).json()) as { data: { canApprove: boolean; reason: string } };
    expect(shown.data.canApprove).toBe(false);
    expect(shown.data.reason).toBe(MEMBERS_ONLY);
    const refused = await consentApi(requestId, stranger.cookie, true);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, error: shown.data.reason });

    await db.update(authConfigs).set({ requireToolportLogin: true }).where(eq(authConfigs.serverId, server.id));
    const code = await approveRedirect(requestId, stranger.cookie);
    const exchanged = await tokenRequest({
      grant_type: "authorization_code",
      code: code.searchParams.get("code")!,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    const { access_token } = (await exchanged.json()) as { access_token: string };
    expect((await listToolsWith(server.slug, access_token)).status).toBe(200);

    // Once the server is members-only again, the outsider's grant no longer stands (re-checked within seconds).
    await db.update(authConfigs).set({ requireToolportLogin: false }).where(eq(authConfigs.serverId, server.id));
    await vi.waitFor(async () => expect((await listToolsWith(server.slug, access_token)).status).toBe(401), {
      timeout: 5_000,
      interval: 250,
    });
  });
});

describe("OAuth refusals: PKCE and unknown clients", () => {
  it("refuses PKCE plain or missing, and an unknown resource, by redirecting with the error", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const { challenge } = await pkce();
    expect(redirectedError(await authorize({ clientId, slug: server.slug, challenge, method: "plain" }))).toEqual({
      error: "invalid_request",
      state: "xyz",
    });
    expect(redirectedError(await authorize({ clientId, slug: server.slug }))).toEqual({ error: "invalid_request", state: "xyz" });
    expect(
      redirectedError(await authorize({ clientId, slug: server.slug, challenge, resource: `${MCP_ORIGIN}/s/no-such-server/mcp` })).error,
    ).toBe("invalid_target");
    expect(
      redirectedError(await authorize({ clientId, slug: server.slug, challenge, resource: "https://elsewhere.example/mcp" })).error,
    ).toBe("invalid_target");
    expect(redirectedError(await authorize({ clientId, slug: server.slug, challenge, resource: null })).error).toBe("invalid_target");
  });

  it("answers an unregistered redirect_uri or an unknown client with a 400 page, never a redirect", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const { challenge } = await pkce();
    for (const res of [
      await authorize({ clientId, slug: server.slug, challenge, redirectUri: "https://attacker.example/cb" }),
      await authorize({ clientId: "no-such-client", slug: server.slug, challenge }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toContain("text/html");
    }
  });
});

describe("OAuth refusals: codes and redirect URIs", () => {
  it("refuses a reused code, a wrong verifier and an expired access token", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient();
    const { challenge } = await pkce();
    const code = await approve(consentRequestId(await authorize({ clientId, slug: server.slug, challenge })), owner.cookie);
    const wrong = await tokenRequest({
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: "x".repeat(43),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "invalid_grant" });

    const other = await pkce();
    const code2 = await approve(
      consentRequestId(await authorize({ clientId, slug: server.slug, challenge: other.challenge })),
      owner.cookie,
    );
    const exchange = () =>
      tokenRequest({
        grant_type: "authorization_code",
        code: code2,
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_verifier: other.verifier,
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    const reused = await exchange();
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: "invalid_grant" });
    // A code used twice ends its grant (RFC 6749 §4.1.2): its tokens are refused and it leaves the list.
    const issued = (await first.json()) as { access_token: string };
    expect((await listToolsWith(server.slug, issued.access_token)).status).toBe(401);
    const grants = (await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()) as { data: unknown[] };
    expect(grants.data).toEqual([]);

    // An access token past its expiry (its stored record says so; KV would also drop it at its TTL).
    const fresh = await signInWithOAuth(clientId, server.slug, owner.cookie);
    const [userId, grantId] = fresh.access_token.split(":");
    const { keys } = await env.OAUTH_KV.list({ prefix: `token:${userId}:${grantId}:` });
    expect(keys).toHaveLength(1);
    const record = await env.OAUTH_KV.get<{ expiresAt: number }>(keys[0].name, "json");
    await env.OAUTH_KV.put(keys[0].name, JSON.stringify({ ...record, expiresAt: Math.floor(Date.now() / 1000) - 1 }));
    const expired = await listToolsWith(server.slug, fresh.access_token);
    expect(expired.status).toBe(401);
    expect(expired.wwwAuthenticate).toContain('error="invalid_token"');
  });

  it("refuses a code exchanged with another redirect_uri, and a registration with an unsafe redirect URI", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const clientId = await registerClient([REDIRECT_URI, "http://127.0.0.1:33418/other"]);
    const { verifier, challenge } = await pkce();
    const code = await approve(consentRequestId(await authorize({ clientId, slug: server.slug, challenge })), owner.cookie);
    const swapped = await tokenRequest({
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: "http://127.0.0.1:33418/other",
      code_verifier: verifier,
    });
    expect(swapped.status).toBe(400);
    expect(await swapped.json()).toMatchObject({ error: "invalid_grant" });

    const unsafe = await portal("/oauth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.79" },
      body: JSON.stringify({ redirect_uris: ["javascript:alert(1)"], token_endpoint_auth_method: "none" }),
    });
    expect(unsafe.status).toBe(400);
    expect(await unsafe.json()).toMatchObject({ error: expect.stringMatching(/^invalid_(redirect_uri|client_metadata)$/) });
  });
});

describe("OAuth refusals: oversized credentials and registration limits", () => {
  it("refuses oversized token-shaped credentials as invalid, not as a server error", async () => {
    const owner = await signedIn();
    const server = await deployedServer(owner.organizationId);
    const long = `${"u".repeat(600)}:${"g".repeat(600)}:secret`;
    const call = await listToolsWith(server.slug, long);
    expect(call.status).toBe(401);
    expect(call.wwwAuthenticate).toContain('error="invalid_token"');
    const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: long, client_id: await registerClient() });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: "invalid_grant" });
    const longClient = "c".repeat(600);
    expect((await authorize({ clientId: longClient, slug: server.slug, challenge: (await pkce()).challenge })).status).toBe(400);
    const exchange = await tokenRequest({
      grant_type: "authorization_code",
      code: "a:b:c",
      client_id: longClient,
      redirect_uri: REDIRECT_URI,
      code_verifier: "v".repeat(43),
    });
    expect(exchange.status).toBe(401);
    expect(await exchange.json()).toMatchObject({ error: "invalid_client" });
    const odd = await portal("/oauth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "9".repeat(1000) },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }),
    });
    expect(odd.status).toBe(201);
  });

  it("limits Dynamic Client Registration per address per day", async () => {
    const address = "192.0.2.77";
    await env.OAUTH_KV.put(
      `oauth-registrations:${address}:${new Date().toISOString().slice(0, 10)}`,
      String(REGISTRATIONS_PER_ADDRESS_PER_DAY),
    );
    const res = await portal("/oauth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": address },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: "temporarily_unavailable" });
  });

  it("limits Dynamic Client Registration per address per minute", async () => {
    const register = () =>
      portal("/oauth/register", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.78" },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await register()).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
