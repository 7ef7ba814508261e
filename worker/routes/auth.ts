// Sign-in routes: login/logout navigations, the profile, and better-auth's own endpoints.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { getAuth, isOidcConfigured, isSuperUser, OIDC_PROVIDER_ID } from "../auth/auth";
import { limitSignIn } from "../auth/rate-limit";
import { requireUser, toProfile } from "../auth/session";
import { fail } from "../lib/errors";
import { allowedOrigins } from "../lib/origin";

/** Keeps only same-site paths, so ?redirect= can never send a user elsewhere. */
const safePath = (path: string | undefined) => (path && /^\/(?!\/|\\)/.test(path) ? path : "/");

function redirectWithCookies(location: string, from: Response) {
  const res = new Response(null, { status: 302, headers: { location } });
  for (const cookie of from.headers.getSetCookie()) res.headers.append("set-cookie", cookie);
  return res;
}

/**
 * Whether a logout navigation comes from the portal's own pages (or the address bar), so another
 * site cannot sign the user out with a link or an image. Browsers without Fetch Metadata send a
 * Referer on same-origin navigations; a request with neither is not trusted.
 */
function isOwnNavigation(headers: { get(name: string): string | null }, env: AppEnv["Bindings"], url: string) {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "same-site" || site === "none";
  const referer = headers.get("referer");
  if (!referer || !URL.canParse(referer)) return false;
  return allowedOrigins(env, url).includes(new URL(referer).origin);
}

/** A copy of an answer without `token` fields: session tokens are bearer credentials the SPA never needs. */
function withoutTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutTokens);
  if (!body || typeof body !== "object") return body;
  return Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (key === "token" ? [] : [[key, withoutTokens(value)]])));
}

/** Reshapes better-auth's JSON answers into { success, data?, error? }; never answers a session token. */
async function reshape(res: Response, env: AppEnv["Bindings"]) {
  const isJson = res.headers.get("content-type")?.includes("application/json");
  if (!isJson || (res.status >= 300 && res.status < 400)) return res;
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as Record<string, any> | null;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  if (!res.ok) {
    const error = body?.message || body?.code || "Authentication failed";
    return Response.json({ success: false, error }, { status: res.status, headers });
  }
  const user = body?.user;
  const data = user ? { user: toProfile({ ...user, picture: user.image ?? null, superUser: isSuperUser(env, user) }) } : withoutTokens(body);
  return Response.json({ success: true, data }, { status: res.status, headers });
}

export const authRoutes = new Hono<AppEnv>()
  .use(limitSignIn)
  .get("/login", async (c) => {
    const redirect = safePath(c.req.query("redirect"));
    if (!isOidcConfigured(c.env)) {
      const query = new URLSearchParams({ method: "password" });
      if (redirect !== "/") query.set("redirect", redirect);
      return c.redirect(`/login?${query}`);
    }
    const started = await getAuth(c.env, c.req.url).api.signInSocial({
      body: {
        provider: OIDC_PROVIDER_ID,
        callbackURL: `/auth/callback?redirect=${encodeURIComponent(redirect)}`,
        errorCallbackURL: "/auth/callback",
        newUserCallbackURL: `/auth/callback?redirect=${encodeURIComponent(redirect)}`,
      },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    const { url } = (await started.json()) as { url: string };
    return redirectWithCookies(url, started);
  })
  .get("/logout", async (c) => {
    // A cross-site navigation leaves the session alone and lands on the portal, still signed in.
    if (!isOwnNavigation(c.req.raw.headers, c.env, c.req.url)) return c.redirect("/");
    const auth = getAuth(c.env, c.req.url);
    const signedOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    return redirectWithCookies("/login", signedOut);
  })
  .get("/profile", requireUser, (c) => c.json({ success: true, data: toProfile(c.var.user) }))
  // Lists every session's bearer token; the SPA has no use for it.
  .all("/list-sessions", () => fail(404, "Not found"))
  .on(["GET", "POST"], "/*", async (c) => reshape(await getAuth(c.env, c.req.url).handler(c.req.raw), c.env));
