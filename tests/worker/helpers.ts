// Helpers for worker tests: requests through the real Worker entry, and signed-in users.
import { env, exports } from "cloudflare:workers";
import { makeSignature } from "better-auth/crypto";
import { getAuth } from "../../worker/auth/auth";

export const ORIGIN = "http://toolport.test";

/** Sends a request to the Worker as a browser on the portal's own origin would. */
export function call(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
  const { json, cookie, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  if (cookie) headers.set("cookie", cookie);
  if (rest.method && rest.method !== "GET" && !headers.has("origin")) headers.set("origin", ORIGIN);
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }),
  );
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

let counter = 0;
const DEFAULT_PASSWORD = "correct horse battery";
const freshEmail = () => `user${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** The users-to-organization lookup both fixtures answer with. */
async function idsOf(email: string) {
  const ids = await env.DB.prepare(
    "SELECT users.id AS userId, memberships.organization_id AS organizationId FROM users JOIN memberships ON memberships.user_id = users.id WHERE users.email = ?",
  )
    .bind(email)
    .first<{ userId: string; organizationId: string }>();
  return ids!;
}

// The default password's hash, made once per runtime: hashing is what makes a sign-up slow.
let passwordHash: Promise<string> | undefined;

/**
 * A signed-in user made without the sign-up route: the same rows sign-up writes (the user, their
 * personal organization through the same database hook, the credential account with the default
 * password, so a later sign-in with it works) and a session cookie signed as sign-in signs it. For
 * every test that needs a user; the tests of sign-up, password rules and sign-in use `signUp`. An
 * email that already has an account gets a new session of that account.
 */
export async function signedIn(overrides: { email?: string; name?: string } = {}) {
  const email = (overrides.email ?? freshEmail()).toLowerCase();
  const context = await getAuth(env, ORIGIN).$context;
  const adapter = context.internalAdapter;
  let user = (await adapter.findUserByEmail(email))?.user;
  if (!user) {
    passwordHash ??= context.password.hash(DEFAULT_PASSWORD);
    user = await adapter.createUser({ email, name: overrides.name ?? "Ada Lovelace", emailVerified: false }, { method: "email-password" });
    await adapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await passwordHash });
  }
  const session = await adapter.createSession(user.id);
  const cookie = `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${await makeSignature(session.token, context.secret)}`)}`;
  return { email, password: DEFAULT_PASSWORD, cookie, ...(await idsOf(email)) };
}

/**
 * Signs up a fresh user and answers their session cookie, email, user id and organization id. Sign-up
 * opens no session, so the session comes from better-auth's sign-in directly: the HTTP sign-in route
 * would count against the per-account limit that some tests measure.
 */
export async function signUp(overrides: { email?: string; name?: string; password?: string } = {}) {
  const email = overrides.email ?? freshEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const res = await call("/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password, name: overrides.name ?? "Ada Lovelace" },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const session = await getAuth(env, ORIGIN).api.signInEmail({ body: { email, password }, asResponse: true });
  if (session.status !== 200) throw new Error(`sign-in after sign-up failed: ${session.status} ${await session.text()}`);
  return { email, password, cookie: cookiesOf(session), ...(await idsOf(email)) };
}
