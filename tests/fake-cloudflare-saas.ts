// A local stand-in for Cloudflare for SaaS's Custom Hostnames API (zones/{zone}/custom_hostnames):
// a hostname is pending when created and active at its first check, except names starting with
// "broken-", whose certificate validation times out with a verification error.
import type { IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";

export const FAKE_SAAS_ZONE = "zone-saas-1";
type Hostname = { id: string; hostname: string; checks: number; ssl: unknown };
export type SaasRequest = { method: string; path: string; authorization: string | undefined; body: unknown };

const hostnames = new Map<string, Hostname>();
export const saasRequests: SaasRequest[] = [];

const envelope = (status: number, result: unknown, errors: { code: number; message: string }[] = []) => ({
  status,
  body: { success: errors.length === 0, errors, messages: [], result },
});

function resultOf(h: Hostname) {
  const broken = h.hostname.startsWith("broken-");
  const active = !broken && h.checks > 0;
  return {
    id: h.id,
    hostname: h.hostname,
    status: active ? "active" : "pending",
    ssl: {
      method: "http",
      type: "dv",
      status: broken && h.checks > 0 ? "validation_timed_out" : active ? "active" : "pending_validation",
      validation_errors:
        broken && h.checks > 0 ? [{ message: "The certificate could not be validated: the hostname does not answer over HTTP" }] : [],
    },
    ownership_verification: { type: "txt", name: `_cf-custom-hostname.${h.hostname}`, value: `verify-${h.id}` },
    verification_errors: broken && h.checks > 0 ? ["custom hostname does not CNAME to this zone."] : [],
  };
}

/** Answers /client/v4/zones/{zone}/custom_hostnames[/{id}], or null for other paths. */
export function fakeCustomHostnames(req: IncomingMessage, url: URL, raw: Buffer, token: string) {
  const match = url.pathname.match(/^\/client\/v4\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?$/);
  if (!match) return null;
  const body = raw.length > 0 ? JSON.parse(raw.toString()) : null;
  saasRequests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization, body });
  if (req.headers.authorization !== `Bearer ${token}`) return envelope(403, null, [{ code: 10000, message: "Authentication error" }]);
  if (match[1] !== FAKE_SAAS_ZONE) return envelope(404, null, [{ code: 1003, message: "Invalid zone identifier" }]);
  const id = match[2];
  if (!id && req.method === "POST") {
    if (typeof body?.hostname !== "string" || !body.ssl?.method)
      return envelope(400, null, [{ code: 1409, message: "hostname and ssl.method are required" }]);
    if ([...hostnames.values()].some((h) => h.hostname === body.hostname))
      return envelope(409, null, [{ code: 1406, message: "Duplicate custom hostname found." }]);
    const h = { id: randomUUID(), hostname: body.hostname, checks: 0, ssl: body.ssl };
    hostnames.set(h.id, h);
    return envelope(200, resultOf(h));
  }
  const h = id ? hostnames.get(id) : undefined;
  if (!h) return envelope(404, null, [{ code: 1436, message: "The custom hostname was not found." }]);
  if (req.method === "GET") {
    h.checks++;
    return envelope(200, resultOf(h));
  }
  if (req.method === "DELETE") {
    hostnames.delete(h.id);
    return envelope(200, { id: h.id });
  }
  return envelope(405, null, [{ code: 10000, message: "Method not allowed" }]);
}
