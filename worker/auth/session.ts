// Resolves the signed-in user (or a portal API key's creator) and their organization for every protected /api call.
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { authenticateApiKey, requestBearer } from "../api-keys/authenticate";
import { memberships } from "../db/schema";
import type { AppEnv, SessionUser } from "../env";
import { fail } from "../lib/errors";
import { getAuth, isSuperUser } from "./auth";
import type { z } from "zod";
import type { profile } from "./schemas";

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  // A bearer request is judged by its portal API key alone; a cookie sent with it is ignored.
  const bearer = requestBearer(c);
  if (bearer !== null) {
    await authenticateApiKey(c, bearer);
    return next();
  }
  const session = await getAuth(c.env, c.req.url).api.getSession({ headers: c.req.raw.headers });
  if (!session) fail(401, "Authentication required");
  const { user } = session;
  const membership = await c.var.db.query.memberships.findFirst({ where: eq(memberships.userId, user.id) });
  if (!membership) fail(403, "Your account has no organization");
  c.set("user", {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.image ?? null,
    superUser: isSuperUser(c.env, user),
  });
  c.set("organizationId", membership.organizationId);
  c.set("apiKeyScopes", null);
  await next();
});

export const requireSuperUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user.superUser) fail(403, "Access denied: restricted to superadministrators");
  await next();
});

/** The profile answer: name, email, picture and the superUser flag. */
export const toProfile = ({ name, email, picture, superUser }: SessionUser): z.output<typeof profile> => ({
  name,
  email,
  picture,
  superUser,
});
