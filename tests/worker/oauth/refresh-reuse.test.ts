// Refresh-token reuse: a refresh token that was replaced and whose successor was used, presented
// again, is the sign of a stolen token, so the whole grant is revoked (its current access and refresh
// tokens too, and its connected-app row); the previous token's retry window and forged tokens revoke nothing.
import { describe, expect, it } from "vitest";
import { signedIn } from "../helpers";
import { createServer, deploy, echoTool } from "../mcp-setup";
import { listToolsWith, portal, registerClient, signInWithOAuth, tokenRequest, type Tokens } from "./setup";

async function connectedApp() {
  const owner = await signedIn();
  const server = await createServer(owner.organizationId, [echoTool("list_pets", {})]);
  await deploy(server.id);
  const clientId = await registerClient();
  const tokens = await signInWithOAuth(clientId, server.slug, owner.cookie);
  return { owner, server, clientId, tokens };
}

const refresh = async (clientId: string, refreshToken: string) => {
  const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId });
  return { status: res.status, body: (await res.json()) as Tokens & { error?: string } };
};

const connectedApps = async (cookie: string) =>
  ((await (await portal("/api/oauth/grants", { headers: { cookie } })).json()) as { data: unknown[] }).data;

// Each test signs a user in through the whole flow first: a budget for a loaded machine.
describe("refresh-token reuse", { timeout: 30_000 }, () => {
  it("revokes the whole grant when a replaced refresh token is used again after its successor", async () => {
    const { owner, server, clientId, tokens } = await connectedApp();
    const first = await refresh(clientId, tokens.refresh_token);
    expect(first.status).toBe(200);
    const second = await refresh(clientId, first.body.refresh_token);
    expect(second.status).toBe(200);
    expect((await listToolsWith(server.slug, second.body.access_token)).status).toBe(200);

    // The first refresh token was replaced, and its successor used: presenting it again is theft.
    const stolen = await refresh(clientId, tokens.refresh_token);
    expect(stolen).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    const access = await listToolsWith(server.slug, second.body.access_token);
    expect(access.status).toBe(401);
    expect(access.wwwAuthenticate).toContain('error="invalid_token"');
    expect((await refresh(clientId, second.body.refresh_token)).body.error).toBe("invalid_grant");
    expect(await connectedApps(owner.cookie)).toEqual([]);
  });

  it("still lets the client retry with the previous refresh token until the new one is used", async () => {
    const { owner, server, clientId, tokens } = await connectedApp();
    const lost = await refresh(clientId, tokens.refresh_token);
    expect(lost.status).toBe(200);
    // The answer never reached the client, which retries with the token it holds.
    const retried = await refresh(clientId, tokens.refresh_token);
    expect(retried.status).toBe(200);
    expect((await listToolsWith(server.slug, retried.body.access_token)).status).toBe(200);
    expect(await connectedApps(owner.cookie)).toHaveLength(1);
  });

  it("revokes nothing for a made-up refresh token that names the grant", async () => {
    const { owner, server, clientId, tokens } = await connectedApp();
    const [userId, grantId] = tokens.refresh_token.split(":");
    const forged = await refresh(clientId, `${userId}:${grantId}:${"A".repeat(32)}`);
    expect(forged).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await listToolsWith(server.slug, tokens.access_token)).status).toBe(200);
    expect((await refresh(clientId, tokens.refresh_token)).status).toBe(200);
    expect(await connectedApps(owner.cookie)).toHaveLength(1);
  });
});
