// Which hosts are the portal's own (any other host may be a server's custom domain).
import type { Bindings } from "../env";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The portal's own hosts never reach a custom-domain lookup. */
export function isPortalHost(env: Bindings, url: URL) {
  if (LOOPBACK.has(url.hostname)) return true;
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).host === url.host : false;
}
