// Credentials out of logs: URLs (query values of credential-like names, userinfo passwords) and the
// URLs inside any logged text are redacted, and each request is logged as one redacted line.
import type { MiddlewareHandler } from "hono";
import { isLocalDev } from "../env";

const REDACTED = "[redacted]";
/** Query names that carry a credential: exact short names, and longer names that contain one of these. */
const SECRET_NAMES = new Set(["key", "sig", "code", "pwd", "jwt", "pass"]);
const SECRET_PARTS = ["token", "secret", "password", "passwd", "apikey", "auth", "credential", "signature", "session"];
// A URL inside free text: scheme, then anything up to whitespace or a quote (one quantifier, linear).
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/gi;

/** Whether a query parameter name looks like it carries a credential (access_token, api_key, X-Signature …). */
export function isSecretName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[-_.\s]/g, "");
  return SECRET_NAMES.has(plain) || SECRET_PARTS.some((part) => plain.includes(part));
}

/** The URL with credential-like query values and any userinfo password replaced by [redacted]. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.includes("?") ? `${raw.slice(0, raw.indexOf("?"))}?${REDACTED}` : raw;
  }
  if (url.password) url.password = REDACTED;
  let changed = Boolean(url.password);
  for (const name of new Set(url.searchParams.keys())) {
    if (!isSecretName(name)) continue;
    url.searchParams.set(name, REDACTED);
    changed = true;
  }
  return changed ? url.href : raw;
}

/** Free text (an error message, a stack) with every URL in it redacted. */
export const redactText = (text: string) => text.replace(URL_IN_TEXT, (url) => redactUrl(url));

/**
 * Logs each request as `METHOD url -> status (ms)` with the URL redacted, in place of the platform's
 * invocation log (off in wrangler.toml); `wrangler dev` prints its own request lines locally.
 */
export const redactedRequestLog: MiddlewareHandler = async (c, next) => {
  const started = Date.now();
  await next();
  logRequest(c.env, c.req.method, c.req.url, c.res.status, started);
};

/** The log line of one request (see redactedRequestLog). */
export function logRequest(env: { ENVIRONMENT?: string }, method: string, url: string, status: number, started: number) {
  if (!isLocalDev(env as Parameters<typeof isLocalDev>[0]))
    console.log(`${method} ${redactUrl(url)} -> ${status} (${Date.now() - started} ms)`);
}
