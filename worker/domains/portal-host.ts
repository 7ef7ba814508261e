// Which hosts are the portal's own (any other host may be a server's custom domain).
import type { Bindings } from "../env";

/** This machine's hostnames as URL.hostname writes them: a local portal's own hosts. */
export const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

let parsed: { value: string; url: URL } | null = null;

/** PUBLIC_URL parsed (once per value; every MCP call reads it), or null without one. */
export function publicUrlOf(env: Pick<Bindings, "PUBLIC_URL">): URL | null {
  if (!env.PUBLIC_URL) return null;
  if (parsed?.value !== env.PUBLIC_URL) parsed = { value: env.PUBLIC_URL, url: new URL(env.PUBLIC_URL) };
  return parsed.url;
}

/** The host of PUBLIC_URL, or null without one. */
export const publicHostOf = (env: Pick<Bindings, "PUBLIC_URL">) => publicUrlOf(env)?.host ?? null;

/** The portal's own hosts never reach a custom-domain lookup. */
export function isPortalHost(env: Bindings, url: URL) {
  return LOOPBACK_HOSTS.has(url.hostname) || publicHostOf(env) === url.host;
}
