// Bearer authentication of /api calls with portal API keys (tpk_…): the key's organization, acting as
// the key's creator, within the key's scopes, on plans with API access, rate-limited per key.
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getOrganizationPlan } from "../billing/plans";
import { apiKeys, memberships, users } from "../db/schema";
import type { AppEnv } from "../env";
import { sha256Hex } from "../lib/crypto";
import { fail } from "../lib/errors";
import { publicOrigin, sameOriginOnly } from "../lib/origin";
import type { Requester } from "../deploy/deploy";
import { bearerToken } from "../tokens/verify";
import { missingScopeMessage, scopeFor } from "./scopes";

/** Every portal API key starts with this; MCP access tokens start with tp_ and are never keys. */
export const API_KEY_PREFIX = "tpk_";
/** lastUsedAt is written at most this often per key, not on every call. */
export const LAST_USED_RESOLUTION_MS = 60_000;
export const NOT_A_PORTAL_KEY = "Only portal API keys (tpk_…) are accepted on /api; MCP access tokens work only on /s/{slug}/mcp";

/** The request's bearer token, or null: a request with one is judged by it alone, never by its cookie. */
export const requestBearer = (c: Context<AppEnv>) => bearerToken(c.req.header("authorization"));

/** Refuses a bearer that is not a portal key (401) or a route keys may never use (403); answers the scope needed. */
function admissible(token: string, method: string, path: string) {
  if (!token.startsWith(API_KEY_PREFIX)) fail(401, NOT_A_PORTAL_KEY);
  const need = scopeFor(method, path);
  if ("refused" in need) fail(403, need.refused);
  return need.scope;
}

/**
 * First /api guard: a bearer request carries no ambient credentials, so the cookie CSRF check is for
 * cookie requests only; a bearer request is refused here on the routes keys can never use, before
 * any route mounted ahead of requireUser (sign-in, billing webhooks) can see it.
 */
export const sameOriginUnlessBearer = createMiddleware<AppEnv>(async (c, next) => {
  const token = requestBearer(c);
  if (token === null) return sameOriginOnly(c, next);
  admissible(token, c.req.method, c.req.path);
  await next();
});

/** Authenticates the request with the portal API key `token`, setting its user and organization, or fails. */
export async function authenticateApiKey(c: Context<AppEnv>, token: string) {
  const scope = admissible(token, c.req.method, c.req.path);
  const db = c.var.db;
  const key = await db.query.apiKeys.findFirst({ where: eq(apiKeys.keyHash, await sha256Hex(token)) });
  if (!key) fail(401, "Invalid API key");
  if (key.revokedAt) fail(401, "This API key has been revoked");
  const now = Date.now();
  if (key.expiresAt && key.expiresAt.getTime() <= now) fail(401, "This API key has expired");
  if (!(await c.env.API_KEY_LIMITER.limit({ key: key.id })).success) {
    c.header("retry-after", "60");
    fail(429, "Too many requests with this API key. Please wait a minute and try again.");
  }
  const { plan } = await getOrganizationPlan(db, key.organizationId);
  if (!plan?.apiAccess) fail(403, "Your organization's plan does not include API access: upgrade the plan to use API keys");
  if (!Array.isArray(key.scopes) || !key.scopes.includes(scope)) fail(403, missingScopeMessage(scope));
  const [actor] = key.createdBy
    ? await db
        .select({ id: users.id, name: users.name, email: users.email, picture: users.picture })
        .from(users)
        .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, key.organizationId)))
        .where(eq(users.id, key.createdBy))
    : [];
  if (!actor) fail(401, "The user who created this API key no longer belongs to the organization");
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, key.id));
  }
  // A key never acts with superadministrator rights: superadmin routes refuse keys anyway.
  c.set("user", { ...actor, superUser: false });
  c.set("organizationId", key.organizationId);
  c.set("apiKeyScopes", key.scopes);
}

/**
 * The caller as the requester of a change that may redeploy a server: a signed-in user may deploy, a
 * key only with 'deploy' (a request that went through neither may not); redeployed at the portal origin it called.
 */
export function requesterOf(c: Context<AppEnv>): Requester {
  const scopes = c.var.apiKeyScopes;
  return { mayDeploy: scopes === null || (Array.isArray(scopes) && scopes.includes("deploy")), origin: publicOrigin(c.env, c.req.url) };
}
