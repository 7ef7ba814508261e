// OAuth grants as the organization sees them: a D1 row per grant the library keeps in KV, listed per
// organization, revoked in both places, and touched (throttled) when one of its tokens is used.
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, memberships, oauthGrants, servers, users } from "../db/schema";
import type { Bindings } from "../env";
import { ttlCache } from "../lib/ttl-cache";
import { anyResource, grantOfToken, oauthApi, REFRESH_TOKEN_TTL_SECONDS } from "./provider";
import type { z } from "zod";
import type { oauthGrant } from "./schemas";

/** oauth_grants.lastUsedAt is written at most this often per grant and isolate (as for access tokens). */
const LAST_USED_THROTTLE_MS = 60_000;
const LAST_USED_LIMIT = 5_000;
const lastUsedWrites = new Map<string, number>();
const STORE_ORIGIN = "http://localhost";

/** A standing grant is re-read from D1 after two seconds; a revoke through this isolate forgets it at once. */
const standingGrants = ttlCache<boolean>({ ttlMs: 2_000, limit: 5_000 });

/** Forgets that a grant was standing, so this isolate refuses its tokens at once after a revoke. */
export const forgetGrant = (grantId: string) => standingGrants.invalidate([grantId]);

/**
 * Whether a grant still stands: not revoked, and its user may still approve it (a member of the
 * server's organization, or anyone while the server requires only a Toolport login). A D1 read,
 * reused for two seconds in this isolate.
 */
export function grantStands(db: Database, grantId: string): Promise<boolean> {
  // Only a standing grant is kept: one that does not stand is read again at its next use.
  return standingGrants.get(
    grantId,
    () => readGrantStands(db, grantId),
    (stands) => stands,
  );
}

async function readGrantStands(db: Database, grantId: string): Promise<boolean> {
  const row = await db
    .select({ member: memberships.userId, loginOnly: authConfigs.requireToolportLogin })
    .from(oauthGrants)
    .leftJoin(memberships, and(eq(memberships.userId, oauthGrants.userId), eq(memberships.organizationId, oauthGrants.organizationId)))
    .leftJoin(authConfigs, eq(authConfigs.serverId, oauthGrants.serverId))
    .where(eq(oauthGrants.id, grantId))
    .get();
  return Boolean(row && (row.member || row.loginOnly));
}

export type NewGrant = { id: string; organizationId: string; serverId: string; userId: string; clientId: string; clientName: string };

/**
 * Records a new grant. The grants the library replaced with it (same user, client and server; for a
 * metadata-document client only the same installation, i.e. redirect URI) go with it: those no longer in its store.
 */
export async function recordGrant(db: Database, env: Bindings, grant: NewGrant) {
  const siblings = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, grant.userId), eq(oauthGrants.clientId, grant.clientId), eq(oauthGrants.serverId, grant.serverId)));
  const stored = await Promise.all(siblings.map((s) => env.OAUTH_KV.get(`grant:${grant.userId}:${s.id}`)));
  const replaced = siblings.filter((_, i) => stored[i] === null).map((s) => s.id);
  const insert = db.insert(oauthGrants).values(grant);
  if (replaced.length === 0) await insert;
  else await db.batch([db.delete(oauthGrants).where(inArray(oauthGrants.id, replaced)), insert]);
}

/** The organization's grants, newest first, in the shape of GET /api/oauth/grants. */
export async function listGrants(db: Database, organizationId: string): Promise<z.output<typeof oauthGrant>[]> {
  const rows = await db
    .select({
      id: oauthGrants.id,
      clientId: oauthGrants.clientId,
      clientName: oauthGrants.clientName,
      serverId: oauthGrants.serverId,
      serverName: servers.name,
      userEmail: users.email,
      userName: users.name,
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthGrants)
    .innerJoin(servers, eq(servers.id, oauthGrants.serverId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    // A grant ends REFRESH_TOKEN_TTL_SECONDS after its sign-in (the library's absolute expiry); older rows are history.
    .where(
      and(
        eq(oauthGrants.organizationId, organizationId),
        gt(oauthGrants.createdAt, new Date(Date.now() - REFRESH_TOKEN_TTL_SECONDS * 1000)),
      ),
    )
    .orderBy(desc(oauthGrants.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
}

/** Revokes one of the organization's grants (its access and refresh tokens at once); false when it has none such. */
export async function revokeGrant(db: Database, env: Bindings, organizationId: string, grantId: string): Promise<boolean> {
  const grant = await db.query.oauthGrants.findFirst({
    where: and(eq(oauthGrants.id, grantId), eq(oauthGrants.organizationId, organizationId)),
  });
  if (!grant) return false;
  // Revoking works on the store alone: the issuer and resource of this helper play no part in it.
  await oauthApi(env, STORE_ORIGIN, anyResource(STORE_ORIGIN)).revokeGrant(grant.id, grant.userId);
  await db.delete(oauthGrants).where(eq(oauthGrants.id, grant.id));
  forgetGrant(grant.id);
  return true;
}

/** Revokes the grant a token belongs to (a stolen refresh token's), in the OAuth store and among the connected apps. */
export async function revokeGrantOfToken(db: Database, env: Bindings, token: string) {
  const grant = grantOfToken(token);
  if (!grant) return;
  await oauthApi(env, STORE_ORIGIN, anyResource(STORE_ORIGIN)).revokeGrant(grant.grantId, grant.userId);
  await dropGrantIfRevoked(db, env, token);
}

/** After a revocation request (RFC 7009): a grant the library dropped with its refresh token leaves the list too. */
export async function dropGrantIfRevoked(db: Database, env: Bindings, token: string) {
  const grant = grantOfToken(token);
  if (!grant || (await env.OAUTH_KV.get(`grant:${grant.userId}:${grant.grantId}`)) !== null) return;
  await db.delete(oauthGrants).where(and(eq(oauthGrants.id, grant.grantId), eq(oauthGrants.userId, grant.userId)));
  forgetGrant(grant.grantId);
}

/** Notes that a grant's token was just used (at most once a minute per grant and isolate). */
export function touchGrant(db: Database, grantId: string, waitUntil: (p: Promise<unknown>) => void) {
  const now = Date.now();
  if ((lastUsedWrites.get(grantId) ?? 0) > now - LAST_USED_THROTTLE_MS) return;
  if (lastUsedWrites.size >= LAST_USED_LIMIT) lastUsedWrites.clear();
  lastUsedWrites.set(grantId, now);
  waitUntil(
    db
      .update(oauthGrants)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(oauthGrants.id, grantId))
      .run(),
  );
}
