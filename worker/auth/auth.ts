// better-auth on D1: built-in email-and-password accounts, and a generic OIDC provider when configured.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { getDb, schema } from "../db";
import { isLocalDev, type Bindings } from "../env";
import { createPersonalOrganization } from "./organizations";

export const OIDC_PROVIDER_ID = "oidc";

export const isOidcConfigured = (env: Bindings) => Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID);

/** Whether SUPERADMIN_EMAILS (comma-separated) names this email. */
export function isConfiguredSuperadmin(env: Bindings, email: string) {
  const listed = (env.SUPERADMIN_EMAILS ?? "").split(",").map((e) => e.trim().toLowerCase());
  return listed.includes(email.toLowerCase());
}

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
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8, maxPasswordLength: 128 },
    user: {
      fields: { image: "picture" },
      additionalFields: { superUser: { type: "boolean", input: false, defaultValue: false } },
    },
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
          before: async (user) => ({ data: { ...user, superUser: isConfiguredSuperadmin(env, user.email) } }),
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

// One instance per isolate, origin and provider: building it (and OIDC discovery) is not free.
const instances = new Map<string, Auth>();

/** The better-auth instance for this environment, with the portal's public origin as its base URL. */
export function getAuth(env: Bindings, requestUrl: string): Auth {
  const baseURL = env.PUBLIC_URL ?? new URL(requestUrl).origin;
  const key = `${baseURL} ${env.OIDC_ISSUER ?? ""} ${env.OIDC_CLIENT_ID ?? ""}`;
  let auth = instances.get(key);
  if (!auth) {
    auth = buildAuth(env, baseURL);
    instances.set(key, auth);
  }
  return auth;
}
