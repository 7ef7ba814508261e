// CORS for MCP endpoints: browser MCP clients call from other origins, and the access token, not
// cookies, authorizes them.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ALWAYS_HEADERS } from "../lib/security-headers";

/** What a browser may read of an answer. */
const EXPOSED_HEADERS = "mcp-session-id, mcp-protocol-version, www-authenticate";
/** What only a preflight answer needs. */
const PREFLIGHT_HEADERS = { "access-control-allow-methods": "GET, POST, DELETE, OPTIONS", "access-control-max-age": "86400" };

/** Browser MCP clients call from other origins; the access token, not cookies, authorizes them. */
export function withCors(res: Response, origin: string | undefined) {
  // An answer built in this isolate (or already copied by the call log) is changed in place; one
  // straight from another Worker has immutable headers and is copied, once.
  let out = res;
  try {
    out.headers.set("access-control-allow-origin", origin ?? "*");
  } catch {
    out = new Response(res.body, res);
    out.headers.set("access-control-allow-origin", origin ?? "*");
  }
  out.headers.append("vary", "origin");
  out.headers.set("access-control-expose-headers", EXPOSED_HEADERS);
  // The security headers every portal answer carries, set here so an MCP answer is copied once.
  for (const [k, v] of Object.entries(ALWAYS_HEADERS)) if (!out.headers.has(k)) out.headers.set(k, v);
  return out;
}

/** The CORS preflight answer of an MCP endpoint. */
export function mcpPreflight(c: Context<AppEnv>) {
  const res = new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
  res.headers.set(
    "access-control-allow-headers",
    c.req.header("access-control-request-headers") ?? "authorization, content-type, mcp-protocol-version, mcp-session-id",
  );
  return withCors(res, c.req.header("origin"));
}
