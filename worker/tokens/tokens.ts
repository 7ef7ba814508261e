// Access tokens: issued once, stored as SHA-256 hashes, assigned to servers, revoked and rotated.
import { and, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "../db";
import { accessTokens, servers, tokenServers } from "../db/schema";
import type { Bindings } from "../env";
import { sha256Hex } from "../lib/crypto";
import { fail } from "../lib/errors";
import { invalidateTokenCache, TOKEN_PREFIX } from "./verify";
import type { z } from "zod";
import type { serverToken, tokenInfo } from "./schemas";

type TokenRow = typeof accessTokens.$inferSelect;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/(?<!=)=+$/, "");

/** A new random token: the prefix plus 32 random bytes. */
export const newTokenValue = () => `${TOKEN_PREFIX}${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;

const isUsable = (t: TokenRow, now = Date.now()) => t.isActive && (!t.expiresAt || t.expiresAt.getTime() > now);

/** The organization's tokens with their server assignments, newest first. */
export async function listTokens(db: Database, organizationId: string) {
  const rows = await db.query.accessTokens.findMany({
    where: eq(accessTokens.organizationId, organizationId),
    orderBy: desc(accessTokens.createdAt),
  });
  const assignments = rows.length
    ? await db
        .select({ tokenId: tokenServers.tokenId, serverId: servers.id, serverName: servers.name })
        .from(tokenServers)
        .innerJoin(servers, eq(servers.id, tokenServers.serverId))
        .where(
          inArray(
            tokenServers.tokenId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) =>
    toTokenInfo(
      row,
      assignments.filter((a) => a.tokenId === row.id),
    ),
  );
}

/** A token as the API answers it: never the hash, never the token itself. */
export const toTokenInfo = (t: TokenRow, assignments: { serverId: string; serverName: string }[]): z.output<typeof tokenInfo> => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  isActive: t.isActive,
  expiresAt: t.expiresAt?.toISOString() ?? null,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  serverAssignments: assignments.map(({ serverId, serverName }) => ({ serverId, serverName })),
});

/** Checks that every id names a server of the organization; answers their names. */
async function ownServers(db: Database, organizationId: string, serverIds: string[]) {
  const unique = [...new Set(serverIds)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ serverId: servers.id, serverName: servers.name })
    .from(servers)
    .where(and(eq(servers.organizationId, organizationId), inArray(servers.id, unique)));
  if (found.length !== unique.length) fail(404, "Server not found");
  return found;
}

/** The organization's token, or 404. */
async function ownToken(db: Database, organizationId: string, tokenId: string) {
  const token = await db.query.accessTokens.findFirst({
    where: and(eq(accessTokens.id, tokenId), eq(accessTokens.organizationId, organizationId)),
  });
  if (!token) fail(404, "Access token not found");
  return token;
}

/** Only active, unexpired tokens may be changed: a revoked or expired token stays as it is. */
async function ownUsableToken(db: Database, organizationId: string, tokenId: string) {
  const token = await ownToken(db, organizationId, tokenId);
  if (!token.isActive) fail(409, "This token has been revoked and can no longer be changed");
  if (!isUsable(token)) fail(409, "This token has expired and can no longer be changed");
  return token;
}

export type NewToken = { name?: string | null; expiresAt?: Date | null; serverIds?: string[] };

/** Issues a token; the answer holds the token itself, which is never available again. */
export async function createToken(db: Database, organizationId: string, userId: string, input: NewToken) {
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) fail(400, "expiresAt: must be in the future");
  const assigned = await ownServers(db, organizationId, input.serverIds ?? []);
  const token = newTokenValue();
  const id = crypto.randomUUID();
  const row = {
    id,
    organizationId,
    createdBy: userId,
    name: input.name?.trim() || null,
    tokenHash: await sha256Hex(token),
    prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    expiresAt: input.expiresAt ?? null,
  };
  const [inserted] = await db.batch([
    db.insert(accessTokens).values(row).returning(),
    ...assigned.map((s) => db.insert(tokenServers).values({ tokenId: id, serverId: s.serverId })),
  ]);
  return { token, tokenInfo: toTokenInfo(inserted[0], assigned) };
}

/** Replaces the token's server assignments. */
export async function assignServers(db: Database, env: Bindings, organizationId: string, tokenId: string, serverIds: string[]) {
  const token = await ownUsableToken(db, organizationId, tokenId);
  const assigned = await ownServers(db, organizationId, serverIds);
  await db.batch([
    db.delete(tokenServers).where(eq(tokenServers.tokenId, tokenId)),
    ...assigned.map((s) => db.insert(tokenServers).values({ tokenId, serverId: s.serverId })),
  ]);
  await invalidateTokenCache(env, [token.tokenHash]);
  return toTokenInfo(token, assigned);
}

/** Revokes the token; the MCP gateway refuses it from now on. */
export async function revokeToken(db: Database, env: Bindings, organizationId: string, tokenId: string) {
  const token = await ownUsableToken(db, organizationId, tokenId);
  await db.update(accessTokens).set({ isActive: false, revokedAt: new Date() }).where(eq(accessTokens.id, tokenId));
  await invalidateTokenCache(env, [token.tokenHash]);
}

/** Revokes the token and issues a new one with the same name, expiry and servers. */
export async function rotateToken(db: Database, env: Bindings, organizationId: string, userId: string, tokenId: string) {
  const old = await ownUsableToken(db, organizationId, tokenId);
  const serverIds = (await db.select().from(tokenServers).where(eq(tokenServers.tokenId, tokenId))).map((a) => a.serverId);
  await revokeToken(db, env, organizationId, tokenId);
  return createToken(db, organizationId, userId, { name: old.name, expiresAt: old.expiresAt, serverIds });
}

/** Ids of the active, unexpired tokens assigned to a server of the organization. */
export async function assignedTokenIds(db: Database, organizationId: string, serverId: string) {
  await ownServers(db, organizationId, [serverId]);
  const rows = await db
    .select({ token: accessTokens })
    .from(tokenServers)
    .innerJoin(accessTokens, eq(accessTokens.id, tokenServers.tokenId))
    .where(and(eq(tokenServers.serverId, serverId), eq(accessTokens.organizationId, organizationId)));
  return rows.filter((r) => isUsable(r.token)).map((r) => r.token.id);
}

type ServerToken = z.output<typeof serverToken>;

/** The organization's active, unexpired tokens by id and name only, each marked whether it is assigned to the server. */
export async function serverTokens(db: Database, organizationId: string, serverId: string): Promise<ServerToken[]> {
  await ownServers(db, organizationId, [serverId]);
  const rows = await db
    .select({ id: accessTokens.id, name: accessTokens.name, assignedTo: tokenServers.serverId })
    .from(accessTokens)
    .leftJoin(tokenServers, and(eq(tokenServers.tokenId, accessTokens.id), eq(tokenServers.serverId, serverId)))
    .where(
      and(
        eq(accessTokens.organizationId, organizationId),
        eq(accessTokens.isActive, true),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, new Date())),
      ),
    )
    .orderBy(desc(accessTokens.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name, assigned: r.assignedTo !== null }));
}

/** Assigns one of the organization's usable tokens to one of its servers, or takes it off; the token's other servers stay. */
export async function setTokenAssignment(
  db: Database,
  env: Bindings,
  organizationId: string,
  serverId: string,
  tokenId: string,
  assigned: boolean,
): Promise<ServerToken> {
  await ownServers(db, organizationId, [serverId]);
  const token = await ownUsableToken(db, organizationId, tokenId);
  if (assigned) await db.insert(tokenServers).values({ tokenId, serverId }).onConflictDoNothing();
  else await db.delete(tokenServers).where(and(eq(tokenServers.tokenId, tokenId), eq(tokenServers.serverId, serverId)));
  await invalidateTokenCache(env, [token.tokenHash]);
  return { id: token.id, name: token.name, assigned };
}
