// Revocation wins over a late cache write: an isolate that read a token from D1 before it was revoked,
// rotated or unassigned, and writes that read to KV afterwards, never makes the gateway accept it again.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../worker/lib/crypto";
import { assignServers, revokeToken, rotateToken } from "../../../worker/tokens/tokens";
import { cacheTokenEntry, readTokenEntry, verifyAccessToken } from "../../../worker/tokens/verify";
import { signedIn } from "../helpers";
import { createServer, createToken, db, deploy, echoTool, listTools } from "../mcp-setup";

/** A deployed server of a new account's organization, and a token assigned to it that the gateway has accepted. */
async function servedToken() {
  const user = await signedIn();
  const server = await createServer(user.organizationId, [echoTool("ping", {})]);
  await deploy(server.id);
  const { token, id } = await createToken(user.organizationId, [server.id]);
  expect((await listTools(server.slug, token)).status).toBe(200);
  return { user, server, token, id, hash: await sha256Hex(token) };
}

describe("a token changed while another isolate caches it", () => {
  it("stays revoked when a read from before the revoke is written back after it", async () => {
    const { user, server, token, id, hash } = await servedToken();
    // Another isolate reads D1 before the revoke ...
    const stale = await readTokenEntry(env, hash);
    expect(stale).toMatchObject({ isActive: true, serverIds: [server.id] });
    await revokeToken(db, env, user.organizationId, id);
    // ... and writes its entry to KV after the revoke deleted the old one.
    await cacheTokenEntry(env, hash, stale!);
    expect(await verifyAccessToken(env, token, server.id)).toMatchObject({ ok: false, reason: "revoked" });
    expect((await listTools(server.slug, token)).status).toBe(401);
  });

  it("keeps a rotated token's old value refused, and an unassigned server closed, against late writes", async () => {
    const rotated = await servedToken();
    const staleRotated = await readTokenEntry(env, rotated.hash);
    const { token: fresh } = await rotateToken(db, env, rotated.user.organizationId, rotated.user.userId, rotated.id);
    await cacheTokenEntry(env, rotated.hash, staleRotated!);
    expect((await listTools(rotated.server.slug, rotated.token)).status).toBe(401);
    expect((await listTools(rotated.server.slug, fresh)).status).toBe(200);

    const moved = await servedToken();
    const staleMoved = await readTokenEntry(env, moved.hash);
    await assignServers(db, env, moved.user.organizationId, moved.id, []);
    await cacheTokenEntry(env, moved.hash, staleMoved!);
    expect(await verifyAccessToken(env, moved.token, moved.server.id)).toMatchObject({ ok: false, reason: "not_assigned" });
  });
});
