// The only way out of a generated server's isolate: requests to its API's host(s) pass, others are
// refused, and every redirect hop is checked again before it is followed.
import { WorkerEntrypoint } from "cloudflare:workers";
import { isLocalDev } from "../env";
import { isInternalHost } from "../lib/safe-fetch";

export type OutboundProps = { allowedHosts: string[] };

/** Redirects an upstream request may take, each hop checked like the first request. */
const MAX_REDIRECTS = 5;

/** Why a request to `url` may not leave, naming what actually differs from the allowed hosts; null when it may. */
export function egressRefusal(url: URL, allowed: string[], localDev: boolean): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return `only http and https are allowed, not ${url.protocol.slice(0, -1)}`;
  if (allowed.includes(url.host)) {
    return !localDev && isInternalHost(url.hostname) ? `${url.hostname} is an internal address, which deployed MCP servers may not call` : null;
  }
  const sameName = allowed.filter((host) => new URL(`http://${host}`).hostname === url.hostname);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (sameName.length > 0) return `this MCP server may call ${url.hostname} only on ${sameName.join(", ")}, not on port ${port} (${url.protocol.slice(0, -1)})`;
  return `this MCP server may only call ${allowed.join(", ")}, not ${url.host}`;
}

const refused = (why: string) => new Response(`Outbound request refused: ${why}`, { status: 403, headers: { "content-type": "text/plain" } });

export class OutboundGuard extends WorkerEntrypoint<Env, OutboundProps> {
  async fetch(request: Request): Promise<Response> {
    const allowed = this.ctx.props.allowedHosts;
    const localDev = isLocalDev(this.env);
    let current = request;
    for (let hop = 0; ; hop++) {
      const url = new URL(current.url);
      const why = egressRefusal(url, allowed, localDev);
      if (why) return refused(hop === 0 ? why : `the API redirected to ${url.origin}${url.pathname}, and ${why}`);
      // Followed here, hop by hop, so a refused hop can say it came from a redirect. (workerd hands the
      // guard each request as "manual"; the generated runtime itself never asks for a 3xx answer.)
      const res = await fetch(current, { redirect: "manual" });
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location) return res;
      const toGet = res.status === 303 || ((res.status === 301 || res.status === 302) && current.method === "POST");
      // A body already sent cannot be sent again: such a redirect is answered as it is.
      if (!toGet && current.body !== null) return res;
      if (hop >= MAX_REDIRECTS) return refused(`more than ${MAX_REDIRECTS} redirects from ${new URL(request.url).origin}`);
      await res.body?.cancel();
      current = redirected(current, toGet, new URL(location, url));
    }
  }
}

/** The next request of a redirect chain, as fetch would make it (303, and 301/302 after POST, become GET). */
function redirected(previous: Request, toGet: boolean, target: URL): Request {
  const headers = new Headers(previous.headers);
  // Credentials are for the API's own origin only.
  if (target.origin !== new URL(previous.url).origin) ["authorization", "cookie", "proxy-authorization"].forEach((h) => headers.delete(h));
  if (toGet) ["content-type", "content-length"].forEach((h) => headers.delete(h));
  return new Request(target, { method: toGet ? "GET" : previous.method, headers });
}
