// Which hosts are the portal's own (any other host may be a server's custom domain).
import type { Bindings } from "../env";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

let parsed: { url: string; host: string } | null = null;

/** The host of PUBLIC_URL (parsed once per value), or null without one. */
export function publicHostOf(env: Pick<Bindings, "PUBLIC_URL">): string | null {
  if (!env.PUBLIC_URL) return null;
  if (parsed?.url !== env.PUBLIC_URL) parsed = { url: env.PUBLIC_URL, host: new URL(env.PUBLIC_URL).host };
  return parsed.host;
}

/** The portal's own hosts never reach a custom-domain lookup. */
export function isPortalHost(env: Bindings, url: URL) {
  return LOOPBACK.has(url.hostname) || publicHostOf(env) === url.host;
}
