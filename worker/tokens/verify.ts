// Access-token checks for the MCP gateway: a hashed lookup cached briefly in KV and, for a shorter
// time, in the isolate; every revoke, rotate and re-assignment gives the token a new version, and a
// cached entry of an older version is never used, whoever writes it back late.
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { accessTokens, tokenServers } from "../db/schema";
import type { Bindings } from "../env";
import { sha256Hex } from "../lib/crypto";
import { type StillCurrent, ttlCache } from "../lib/ttl-cache";

/** Every Toolport access token starts with this, so it is recognisable in configs and scanners. */
export const TOKEN_PREFIX = "tp_";

type CachedToken = { tokenId: string; organizationId: string; isActive: boolean; expiresAt: number | null; serverIds: string[] };
/** A D1 read of a token, tagged with the token's version when the read began (null: never changed). */
export type TokenEntry = CachedToken & { version: string | null };

export type TokenCheck =
  | { ok: true; tokenId: string; organizationId: string }
  | { ok: false; reason: "missing" | "invalid" | "revoked" | "expired" | "not_assigned"; message: string };

const CACHE_TTL_SECONDS = 60;
const cacheKey = (tokenHash: string) => `token:${tokenHash}`;
const versionKey = (tokenHash: string) => `token-version:${tokenHash}`;
// Outlives every cache entry (CACHE_TTL_SECONDS), so no entry written before a change can match again.
const VERSION_TTL_SECONDS = 7 * 24 * 3600;
/** In-isolate reuse of a lookup; a revoke through this isolate drops it at once (see invalidateTokenCache). */
export const ISOLATE_TTL_MS = 2_000;
// Only tokens found are kept; a lookup that read before an invalidation caches nothing, here or in KV.
const isolateCache = ttlCache<CachedToken | null>({ ttlMs: ISOLATE_TTL_MS, limit: 5_000 });

/** The bearer token of an Authorization header, or null. */
export const bearerToken = (header: string | null | undefined) => header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;

const lookup = (env: Bindings, tokenHash: string) =>
  isolateCache.get(
    tokenHash,
    (stillCurrent) => lookupShared(env, tokenHash, stillCurrent),
    (entry) => entry !== null,
  );

async function lookupShared(env: Bindings, tokenHash: string, stillCurrent: StillCurrent): Promise<CachedToken | null> {
  const [cached, version] = await Promise.all([env.KV.get<TokenEntry>(cacheKey(tokenHash), "json"), env.KV.get(versionKey(tokenHash))]);
  // An entry of another version was read before the token last changed (maybe written back after it): ignored.
  if (cached && (cached.version ?? null) === version) return cached;
  const entry = await readTokenEntry(env, tokenHash, version);
  if (entry && stillCurrent()) await cacheTokenEntry(env, tokenHash, entry);
  return entry;
}

/** Reads a token from D1 as a cache entry; `version` is the token's version read before (see lookupShared). */
export async function readTokenEntry(env: Bindings, tokenHash: string, version?: string | null): Promise<TokenEntry | null> {
  const startVersion = version !== undefined ? version : await env.KV.get(versionKey(tokenHash));
  const db = getDb(env.DB);
  const token = await db.query.accessTokens.findFirst({ where: eq(accessTokens.tokenHash, tokenHash) });
  if (!token) return null;
  const assigned = await db.select({ serverId: tokenServers.serverId }).from(tokenServers).where(eq(tokenServers.tokenId, token.id));
  return {
    tokenId: token.id,
    organizationId: token.organizationId,
    isActive: token.isActive,
    expiresAt: token.expiresAt?.getTime() ?? null,
    serverIds: assigned.map((a) => a.serverId),
    version: startVersion,
  };
}

/** Writes a D1 read to the shared KV cache; readers ignore it once the token has changed since the read. */
export async function cacheTokenEntry(env: Bindings, tokenHash: string, entry: TokenEntry) {
  await env.KV.put(cacheKey(tokenHash), JSON.stringify(entry), { expirationTtl: CACHE_TTL_SECONDS });
}

/** Token → its SHA-256, so a client's every call does not hash its token again (a hash never changes). */
const hashes = ttlCache<string>({ ttlMs: Infinity, limit: 5_000 });
/** Longer tokens are never ours: hashed each time, not kept. */
const HASH_MEMO_MAX_TOKEN = 128;
const hashOf = (token: string) => (token.length > HASH_MEMO_MAX_TOKEN ? sha256Hex(token) : hashes.get(token, () => sha256Hex(token)));

/** Checks that `token` is active, unexpired and assigned to `serverId`. */
export async function verifyAccessToken(env: Bindings, token: string | null, serverId: string): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: "missing", message: "Missing access token: send it as 'Authorization: Bearer <token>'" };
  const entry = token.startsWith(TOKEN_PREFIX) ? await lookup(env, await hashOf(token)) : null;
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

/** Gives these tokens a new version and drops their cached lookups, so the gateway sees a change at once. */
export async function invalidateTokenCache(env: Bindings, tokenHashes: string[]) {
  isolateCache.invalidate(tokenHashes);
  // The version first: an isolate that read D1 before this change may still write its entry back.
  await Promise.all(tokenHashes.map((hash) => env.KV.put(versionKey(hash), crypto.randomUUID(), { expirationTtl: VERSION_TTL_SECONDS })));
  await Promise.all(tokenHashes.map((hash) => env.KV.delete(cacheKey(hash))));
}
