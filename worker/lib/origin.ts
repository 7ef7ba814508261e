// Refuses state-changing /api calls made from another site (CSRF), whatever the cookie says.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { fail } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins the portal's own pages are served from. */
export function allowedOrigins(env: AppEnv["Bindings"], requestUrl: string): string[] {
  const origins = [new URL(requestUrl).origin];
  if (env.PUBLIC_URL) origins.push(new URL(env.PUBLIC_URL).origin);
  return origins;
}

/** The portal's public origin: PUBLIC_URL when set, else the origin the request was made to. */
export const publicOrigin = (env: AppEnv["Bindings"], requestUrl: string) => env.PUBLIC_URL ?? new URL(requestUrl).origin;

export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const foreignOrigin = origin !== undefined && !allowedOrigins(c.env, c.req.url).includes(origin);
    if (foreignOrigin || site === "cross-site") fail(403, "Cross-origin request refused");
  }
  await next();
});
