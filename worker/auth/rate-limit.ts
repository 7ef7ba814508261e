// Sign-in throttling: password sign-ins are limited per account and, with sign-ups, per client
// address, through Cloudflare's Rate Limiting bindings (counted at the edge, one-minute windows).
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";

export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a minute and try again.";

const SIGN_IN_PATH = /\/sign-in\/email\/?$/;
const SIGN_UP_PATH = /\/sign-up\/email\/?$/;

// The bodies better-auth takes on these routes; it refuses every other content type with 415.
const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
export const UNSUPPORTED_BODY = `Unsupported content type: send ${JSON_TYPE} or ${FORM}`;

const mediaTypeOf = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();

/**
 * The emails of a JSON or form-encoded body, as the account limiter keys them. A form may repeat
 * `email`; every value counts, whichever one better-auth ends up reading.
 */
async function emailsOf(request: Request): Promise<string[]> {
  try {
    const text = await request.clone().text();
    const values =
      mediaTypeOf(request) === FORM ? new URLSearchParams(text).getAll("email") : [(JSON.parse(text) as { email?: unknown }).email];
    return [...new Set(values.filter((email) => typeof email === "string").map((email) => email.trim().toLowerCase()))];
  } catch {
    return []; // better-auth answers the malformed body itself
  }
}

/**
 * Refuses password sign-ins past the per-account limit and sign-ins or sign-ups past the per-address
 * limit with 429. The address is CF-Connecting-IP, which Cloudflare always sets and clients cannot forge;
 * off Cloudflare (local development) there is none and only the per-account limit applies.
 */
export const limitSignIn = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path;
  const isSignIn = SIGN_IN_PATH.test(path);
  if (c.req.method !== "POST" || (!isSignIn && !SIGN_UP_PATH.test(path))) return next();
  const refuse = () => {
    c.header("retry-after", "60");
    fail(429, TOO_MANY_ATTEMPTS);
  };
  // Only the bodies the account limiter can read get through, whatever better-auth may accept later.
  if (c.req.raw.body && ![JSON_TYPE, FORM].includes(mediaTypeOf(c.req.raw))) fail(415, UNSUPPORTED_BODY);
  const address = c.req.header("cf-connecting-ip");
  if (address && !(await c.env.SIGN_IN_ADDRESS_LIMITER.limit({ key: address })).success) refuse();
  for (const email of isSignIn ? await emailsOf(c.req.raw) : []) {
    if (!(await c.env.SIGN_IN_ACCOUNT_LIMITER.limit({ key: email })).success) refuse();
  }
  await next();
});
