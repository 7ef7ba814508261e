// The only way out of a generated server: every outbound request of the runtime goes through
// `egressFetch`, which lets requests to the API's host(s) pass, refuses others (and internal
// addresses outside local development), and checks every redirect hop again before following it.
// It runs in the server's own isolate, so an upstream call costs no extra hop through the portal.
import { isLocalDev } from "../env";
import { isInternalHost } from "../lib/internal-host";
import type { RuntimeConfig } from "./types";

/** Redirects an upstream request may take, each hop checked like the first request. */
const MAX_REDIRECTS = 5;

export type EgressRule = { allowedHosts: string[]; localDev: boolean };

/** The hosts a server may call: its API's base URL, the own servers of operations served elsewhere, and its OAuth2 token endpoint. */
export function allowedHostsOf(
  config: Pick<RuntimeConfig, "baseUrl" | "auth"> & { tools?: Pick<RuntimeConfig["tools"][number], "mapping">[] },
): string[] {
  const hosts = new Set([new URL(config.baseUrl).host]);
  for (const tool of config.tools ?? []) if (tool.mapping.baseUrl) hosts.add(new URL(tool.mapping.baseUrl).host);
  if (config.auth.oauth2?.tokenUrl) hosts.add(new URL(config.auth.oauth2.tokenUrl).host);
  return [...hosts];
}

/** Why a request to `url` may not leave, naming what actually differs from the allowed hosts; null when it may. */
export function egressRefusal(url: URL, allowed: string[], localDev: boolean): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return `only http and https are allowed, not ${url.protocol.slice(0, -1)}`;
  if (allowed.includes(url.host)) {
    return !localDev && isInternalAllowedHost(url.hostname)
      ? `${url.hostname} is an internal address, which deployed MCP servers may not call`
      : null;
  }
  const sameName = allowed.filter((host) => new URL(`http://${host}`).hostname === url.hostname);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (sameName.length > 0)
    return `this MCP server may call ${url.hostname} only on ${sameName.join(", ")}, not on port ${port} (${url.protocol.slice(0, -1)})`;
  return `this MCP server may only call ${allowed.join(", ")}, not ${url.host}`;
}

/** isInternalHost of allowed hosts' names, read once each: the API's host is checked on every call (bounded all the same). */
const internalAllowed = new Map<string, boolean>();
function isInternalAllowedHost(hostname: string) {
  let internal = internalAllowed.get(hostname);
  if (internal === undefined) {
    if (internalAllowed.size >= 1_000) internalAllowed.clear();
    internalAllowed.set(hostname, (internal = isInternalHost(hostname)));
  }
  return internal;
}

const refused = (why: string) =>
  new Response(`Outbound request refused: ${why}`, { status: 403, headers: { "content-type": "text/plain" } });

/**
 * Sends `request` under `rule`, following redirects hop by hop so a refused hop can say it came from
 * a redirect. `send` is the network (the isolate's fetch).
 */
export async function guardedFetch(
  request: Request,
  rule: EgressRule,
  signal?: AbortSignal,
  send: typeof fetch = fetch,
): Promise<Response> {
  let current = request;
  for (let hop = 0; ; hop++) {
    const url = new URL(current.url);
    const why = egressRefusal(url, rule.allowedHosts, rule.localDev);
    if (why) return refused(hop === 0 ? why : `the API redirected to ${url.origin}${url.pathname}, and ${why}`);
    const res = await send(current, { redirect: "manual", ...(signal ? { signal } : {}) });
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

/** The next request of a redirect chain, as fetch would make it (303, and 301/302 after POST, become GET). */
function redirected(previous: Request, toGet: boolean, target: URL): Request {
  const headers = new Headers(previous.headers);
  // Credentials are for the API's own origin only.
  if (target.origin !== new URL(previous.url).origin) ["authorization", "cookie", "proxy-authorization"].forEach((h) => headers.delete(h));
  if (toGet) ["content-type", "content-length"].forEach((h) => headers.delete(h));
  return new Request(target, { method: toGet ? "GET" : previous.method, headers });
}

/** This isolate's rule: set once from the config's hosts and the env; until then nothing leaves. */
let isolateRule: EgressRule | null = null;

export function setEgressRule(allowedHosts: string[], env: { ENVIRONMENT?: string }) {
  isolateRule ??= { allowedHosts, localDev: isLocalDev({ ENVIRONMENT: env.ENVIRONMENT ?? "" }) };
}

/** The runtime's fetch: every outbound request of a generated server is made here. */
export function egressFetch(request: Request, signal?: AbortSignal): Promise<Response> {
  if (!isolateRule) return Promise.resolve(refused("this MCP server has no egress rule yet"));
  return guardedFetch(request, isolateRule, signal);
}
