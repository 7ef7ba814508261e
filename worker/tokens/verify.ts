// Access-token checks for the MCP gateway: a hashed lookup cached briefly in KV, invalidated on
// every revoke, rotate and re-assignment.
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { accessTokens, tokenServers } from "../db/schema";
import type { Bindings } from "../env";
import { sha256Hex } from "../lib/crypto";

/** Every Toolport access token starts with this, so it is recognisable in configs and scanners. */
export const TOKEN_PREFIX = "tp_";

type CachedToken = { tokenId: string; organizationId: string; isActive: boolean; expiresAt: number | null; serverIds: string[] };

export type TokenCheck =
  | { ok: true; tokenId: string; organizationId: string }
  | { ok: false; reason: "missing" | "invalid" | "revoked" | "expired" | "not_assigned"; message: string };

const CACHE_TTL_SECONDS = 60;
const cacheKey = (tokenHash: string) => `token:${tokenHash}`;

/** The bearer token of an Authorization header, or null. */
export const bearerToken = (header: string | null | undefined) => header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;

async function lookup(env: Bindings, tokenHash: string): Promise<CachedToken | null> {
  const cached = await env.KV.get<CachedToken>(cacheKey(tokenHash), "json");
  if (cached) return cached;
  const db = getDb(env.DB);
  const token = await db.query.accessTokens.findFirst({ where: eq(accessTokens.tokenHash, tokenHash) });
  if (!token) return null;
  const assigned = await db.select({ serverId: tokenServers.serverId }).from(tokenServers).where(eq(tokenServers.tokenId, token.id));
  const entry: CachedToken = {
    tokenId: token.id,
    organizationId: token.organizationId,
    isActive: token.isActive,
    expiresAt: token.expiresAt?.getTime() ?? null,
    serverIds: assigned.map((a) => a.serverId),
  };
  await env.KV.put(cacheKey(tokenHash), JSON.stringify(entry), { expirationTtl: CACHE_TTL_SECONDS });
  return entry;
}

/** Checks that `token` is active, unexpired and assigned to `serverId`. */
export async function verifyAccessToken(env: Bindings, token: string | null, serverId: string): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: "missing", message: "Missing access token: send it as 'Authorization: Bearer <token>'" };
  const entry = token.startsWith(TOKEN_PREFIX) ? await lookup(env, await sha256Hex(token)) : null;
  if (!entry) return { ok: false, reason: "invalid", message: "Invalid access token" };
  if (!entry.isActive) return { ok: false, reason: "revoked", message: "This access token has been revoked" };
  if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
    return { ok: false, reason: "expired", message: "This access token has expired" };
  }
  if (!entry.serverIds.includes(serverId)) {
    return { ok: false, reason: "not_assigned", message: "This access token is not assigned to this server" };
  }
  return { ok: true, tokenId: entry.tokenId, organizationId: entry.organizationId };
}

/** Drops cached lookups of these token hashes, so the gateway sees a change at once. */
export async function invalidateTokenCache(env: Bindings, tokenHashes: string[]) {
  await Promise.all(tokenHashes.map((hash) => env.KV.delete(cacheKey(hash))));
}
