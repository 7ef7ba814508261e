// Sign-in routes: login/logout navigations, the profile, and better-auth's own endpoints.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { getAuth, isConfiguredSuperadmin, isOidcConfigured, OIDC_PROVIDER_ID } from "../auth/auth";
import { limitSignIn } from "../auth/rate-limit";
import { requireUser, toProfile } from "../auth/session";

/** Keeps only same-site paths, so ?redirect= can never send a user elsewhere. */
const safePath = (path: string | undefined) => (path && /^\/(?!\/|\\)/.test(path) ? path : "/");

function redirectWithCookies(location: string, from: Response) {
  const res = new Response(null, { status: 302, headers: { location } });
  for (const cookie of from.headers.getSetCookie()) res.headers.append("set-cookie", cookie);
  return res;
}

// better-auth's error codes that mean a conflict rather than bad input.
const CONFLICT_CODES = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);

/** Reshapes better-auth's JSON answers into { success, data?, error? }; never answers the raw session token. */
async function reshape(res: Response, env: AppEnv["Bindings"]) {
  const isJson = res.headers.get("content-type")?.includes("application/json");
  if (!isJson || (res.status >= 300 && res.status < 400)) return res;
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as Record<string, any> | null;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  if (!res.ok) {
    const status = CONFLICT_CODES.has(body?.code) ? 409 : res.status;
    const error = body?.message || body?.code || "Authentication failed";
    return Response.json({ success: false, error }, { status, headers });
  }
  const user = body?.user;
  const data = user
    ? {
        user: toProfile({
          ...user,
          picture: user.image ?? null,
          superUser: Boolean(user.superUser) || isConfiguredSuperadmin(env, user.email),
        }),
      }
    : body;
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
    const auth = getAuth(c.env, c.req.url);
    const signedOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    return redirectWithCookies("/login", signedOut);
  })
  .get("/profile", requireUser, (c) => c.json({ success: true, data: toProfile(c.var.user) }))
  .on(["GET", "POST"], "/*", async (c) => reshape(await getAuth(c.env, c.req.url).handler(c.req.raw), c.env));
