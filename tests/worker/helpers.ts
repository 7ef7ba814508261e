// Helpers for worker tests: requests through the real Worker entry, and signed-in users.
import { env, exports } from "cloudflare:workers";
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
/**
 * Signs up a fresh user and answers their session cookie, email, user id and organization id. Sign-up
 * opens no session, so the session comes from better-auth's sign-in directly: the HTTP sign-in route
 * would count against the per-account limit that some tests measure.
 */
export async function signUp(overrides: { email?: string; name?: string; password?: string } = {}) {
  const email = overrides.email ?? `user${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const res = await call("/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password, name: overrides.name ?? "Ada Lovelace" },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const session = await getAuth(env, ORIGIN).api.signInEmail({ body: { email, password }, asResponse: true });
  if (session.status !== 200) throw new Error(`sign-in after sign-up failed: ${session.status} ${await session.text()}`);
  const ids = await env.DB.prepare(
    "SELECT users.id AS userId, memberships.organization_id AS organizationId FROM users JOIN memberships ON memberships.user_id = users.id WHERE users.email = ?",
  )
    .bind(email)
    .first<{ userId: string; organizationId: string }>();
  return { email, password, cookie: cookiesOf(session), userId: ids!.userId, organizationId: ids!.organizationId };
}
