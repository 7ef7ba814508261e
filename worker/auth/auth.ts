// better-auth on D1: built-in email-and-password accounts, and a generic OIDC provider when configured.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { getDb, schema } from "../db";
import { isLocalDev, type Bindings } from "../env";
import { createPersonalOrganization, mirrorAccountCreation } from "./organizations";
import { passwordRefusal } from "./password-policy";

export const OIDC_PROVIDER_ID = "oidc";

export const isOidcConfigured = (env: Bindings) => Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID);

/** Whether SUPERADMIN_EMAILS (comma-separated) names this email. */
export function isConfiguredSuperadmin(env: Bindings, email: string) {
  const listed = (env.SUPERADMIN_EMAILS ?? "").split(",").map((e) => e.trim().toLowerCase());
  return listed.filter(Boolean).includes(email.toLowerCase());
}

/**
 * Superadmin goes only to a verified identity that SUPERADMIN_EMAILS names: an OIDC sign-in whose
 * provider asserted email_verified, or an account an operator marked verified. Signing up with an
 * email proves nothing, so a bare built-in account never qualifies; it is decided on every request.
 */
export const isSuperUser = (env: Bindings, user: { email: string; emailVerified?: boolean | null }) =>
  user.emailVerified === true && isConfiguredSuperadmin(env, user.email);

// better-auth endpoints that set a new password, and the body field that carries it.
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};

/** Refuses blank, common and trivial new passwords before better-auth handles them (see password-policy.ts). */
const checkNewPassword = createAuthMiddleware(async (ctx) => {
  const field = NEW_PASSWORD_FIELDS[ctx.path];
  const body = ctx.body as Record<string, unknown> | undefined;
  const password = field ? body?.[field] : undefined;
  if (typeof password !== "string") return;
  const refusal = passwordRefusal(password, typeof body?.email === "string" ? body.email : undefined);
  if (refusal) throw new APIError("BAD_REQUEST", { message: refusal, code: "PASSWORD_REFUSED" });
});

function buildAuth(env: Bindings, baseURL: string) {
  const db = getDb(env.DB);
  const oidc = isOidcConfigured(env)
    ? [
        genericOAuth({
          config: [
            {
              providerId: OIDC_PROVIDER_ID,
              name: env.OIDC_NAME ?? "Single sign-on",
              discoveryUrl: `${env.OIDC_ISSUER!.replace(/\/$/, "")}/.well-known/openid-configuration`,
              clientId: env.OIDC_CLIENT_ID!,
              clientSecret: env.OIDC_CLIENT_SECRET,
              scopes: ["openid", "email", "profile"],
              pkce: true,
            },
          ],
        }),
      ]
    : [];
  return betterAuth({
    appName: "Toolport",
    baseURL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    database: drizzleAdapter(db, { provider: "sqlite", usePlural: true, schema }),
    // No session from sign-up: signing up with an email that has an account answers exactly like a
    // new sign-up (better-auth's generic answer), and the caller then signs in like anyone else.
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      onExistingUserSignUp: ({ user }) => mirrorAccountCreation(db, user.id),
    },
    hooks: { before: checkNewPassword },
    // It lists every session's bearer token; the SPA has no use for it (routes/auth.ts refuses it too).
    disabledPaths: ["/list-sessions"],
    // The users table's super_user column is not read any more: isSuperUser decides per request.
    user: { fields: { image: "picture" } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    telemetry: { enabled: false },
    trustedOrigins: env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : [],
    advanced: {
      useSecureCookies: !isLocalDev(env),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createPersonalOrganization(db, user);
          },
        },
      },
    },
    plugins: oidc,
  });
}

export type Auth = ReturnType<typeof buildAuth>;

// One instance per isolate, origin, environment and provider: building it (and OIDC discovery) is not free.
const instances = new Map<string, Auth>();

/** The better-auth instance for this environment, with the portal's public origin as its base URL. */
export function getAuth(env: Bindings, requestUrl: string): Auth {
  const baseURL = env.PUBLIC_URL ?? new URL(requestUrl).origin;
  const key = `${baseURL} ${env.ENVIRONMENT} ${env.OIDC_ISSUER ?? ""} ${env.OIDC_CLIENT_ID ?? ""}`;
  let auth = instances.get(key);
  if (!auth) {
    auth = buildAuth(env, baseURL);
    instances.set(key, auth);
  }
  return auth;
}
