// Sign-in routes: login/logout navigations, the profile, and better-auth's own endpoints.
import { createRoute, type RouteConfig, type RouteConfigToTypedResponse, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { getAuth, isOidcConfigured, isSuperUser, OIDC_PROVIDER_ID } from "./auth";
import { limitSignIn } from "./rate-limit";
import { profile } from "./schemas";
import { requireUser, toProfile } from "./session";
import { ok } from "../lib/answers";
import { fail } from "../lib/errors";
import { bodyReadByHandler, describedRoutes, errors, json, redirect } from "../lib/openapi";
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
/** What better-auth answers: an error's message or code, or the signed-in user. */
type AuthAnswer = {
  message?: string;
  code?: string;
  user?: { id: string; name: string; email: string; image?: string | null; emailVerified?: boolean | null };
};

async function reshape(res: Response, env: AppEnv["Bindings"]) {
  const isJson = res.headers.get("content-type")?.includes("application/json");
  if (!isJson || (res.status >= 300 && res.status < 400)) return res;
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as AuthAnswer | null;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  if (!res.ok) {
    const error = body?.message || body?.code || "Authentication failed";
    return Response.json({ success: false, error }, { status: res.status, headers });
  }
  const user = body?.user;
  const data = user
    ? { user: toProfile({ ...user, picture: user.image ?? null, superUser: isSuperUser(env, user) }) }
    : withoutTokens(body);
  return Response.json({ success: true, data }, { status: res.status, headers });
}

const tag = ["Sign-in"];
const signIn = z.object({ email: z.email(), password: z.string().min(8).max(128) });
const signedIn = json(ok(z.object({ user: profile })), "The signed-in user (the session cookie is set)");

const signUpRoute = createRoute({
  method: "post",
  path: "/sign-up/email",
  operationId: "sign_up_email",
  tags: tag,
  summary: "Create a built-in account; then sign in to get a session cookie",
  description:
    "Handled by better-auth (its own validation). An email that already has an account gets the same answer and no session, so the answer does not tell whether the email is registered.",
  security: [],
  request: { body: { required: true, content: { "application/json": { schema: signIn.extend({ name: z.string().min(1).max(200) }) } } } },
  responses: {
    200: signedIn,
    ...errors({ 400: "Invalid email, or a password that is too short, blank or too common", 429: "Too many attempts" }),
  },
});
const signInRoute = createRoute({
  method: "post",
  path: "/sign-in/email",
  operationId: "sign_in_email",
  tags: tag,
  summary: "Sign in to a built-in account; answers with a session cookie",
  description: "Handled by better-auth (its own validation).",
  security: [],
  request: { body: { required: true, content: { "application/json": { schema: signIn } } } },
  responses: { 200: signedIn, ...errors({ 401: "Invalid email or password", 429: "Too many attempts" }) },
});
const betterAuth = async (c: Context<AppEnv, string, object>) => reshape(await getAuth(c.env, c.req.url).handler(c.req.raw), c.env);
/** better-auth answers a described route: reshape() gives the answers its definition declares. */
const answeredByBetterAuth = <R extends RouteConfig>(_route: R, c: Context<AppEnv, string, object>) =>
  betterAuth(c) as unknown as Promise<RouteConfigToTypedResponse<R>>;

export const authRoutes = describedRoutes(limitSignIn)
  .openapi(
    createRoute({
      method: "get",
      path: "/login",
      operationId: "start_login",
      tags: tag,
      summary: "Browser navigation: starts sign-in (the OIDC provider, or the built-in email-and-password page)",
      security: [],
      request: { query: z.object({ redirect: z.string().optional().describe("A same-site path to return to") }) },
      responses: { 302: redirect("Redirect to the sign-in page or provider") },
    }),
    async (c) => {
      const redirect = safePath(c.req.valid("query").redirect);
      if (!isOidcConfigured(c.env)) {
        const query = new URLSearchParams({ method: "password" });
        if (redirect !== "/") query.set("redirect", redirect);
        return c.redirect(`/login?${query}`, 302);
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
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/logout",
      operationId: "logout",
      tags: tag,
      summary: "Browser navigation: signs out and returns to /login",
      description:
        "Only a navigation from the portal's own pages (Sec-Fetch-Site same-origin, same-site or none, or a same-origin Referer) ends the session; any other goes to / and leaves it.",
      security: [],
      responses: {
        302: redirect("Redirect to /login with the session cookie cleared, or to / when the navigation came from another site"),
      },
    }),
    async (c) => {
      // A cross-site navigation leaves the session alone and lands on the portal, still signed in.
      if (!isOwnNavigation(c.req.raw.headers, c.env, c.req.url)) return c.redirect("/", 302);
      const auth = getAuth(c.env, c.req.url);
      const signedOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
      return redirectWithCookies("/login", signedOut);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/sign-in-method",
      operationId: "get_sign_in_method",
      tags: tag,
      summary: "How this portal signs people in: its OIDC provider, or the built-in email and password",
      security: [],
      responses: { 200: json(ok(z.object({ method: z.enum(["oidc", "password"]) })), "The sign-in method GET /api/auth/login starts") },
    }),
    (c) => c.json({ success: true as const, data: { method: isOidcConfigured(c.env) ? ("oidc" as const) : ("password" as const) } }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/profile",
      operationId: "get_profile",
      tags: tag,
      summary: "The signed-in user",
      middleware: [requireUser] as const,
      responses: { 200: json(ok(profile), "The signed-in user") },
    }),
    (c) => c.json({ success: true as const, data: toProfile(c.var.user) }, 200),
  )
  .openapi(bodyReadByHandler(signUpRoute), (c) => answeredByBetterAuth(signUpRoute, c))
  .openapi(bodyReadByHandler(signInRoute), (c) => answeredByBetterAuth(signInRoute, c));

// better-auth's own endpoints: the ones the portal uses are described; its handler answers them all.
for (const route of [
  signUpRoute,
  signInRoute,
  createRoute({
    method: "get",
    path: "/callback/{providerId}",
    operationId: "oidc_callback",
    tags: tag,
    summary: "Browser navigation: the OIDC provider returns here after sign-in",
    description: "Handled by better-auth; register {PUBLIC_URL}/api/auth/callback/oidc with the provider.",
    security: [],
    request: { params: z.object({ providerId: z.string().describe("oidc") }) },
    responses: { 302: redirect("Redirect into the portal with a session cookie") },
  }),
])
  authRoutes.openAPIRegistry.registerPath(route);

authRoutes
  // Lists every session's bearer token; the SPA has no use for it.
  .all("/list-sessions", () => fail(404, "Not found"))
  .on(["GET", "POST"], "/*", betterAuth);
