// /s/{slug}: root info of a deployed MCP server; /s/{slug}/mcp: its MCP endpoint (Streamable HTTP).
import { type Context, Hono } from "hono";
import { getDb } from "../db";
import type { AppEnv } from "../env";
import { handleMcpRequest, rebindingCheck } from "./gateway";
import { rpcError } from "./jsonrpc";
import type { Bindings } from "../env";
import { isPortalHost } from "../domains/portal-host";
import { ALWAYS_HEADERS } from "../lib/security-headers";
import { logRequest, redactText } from "../lib/redact";
import { findServerBySlug, type GatewayServer } from "./lookup";
import { rootInfo, rootInfoHtml } from "./root-info";

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

const MCP_PATH = /^\/s\/([^/]+)\/mcp$/;
const MCP_METHODS = new Set(["GET", "POST", "DELETE"]);

/**
 * /s/{slug}/mcp on the portal's own host, served without the portal app's router and middleware
 * (they cost more CPU than the gateway itself on a tools/call); the same handler, log line and
 * headers as the app's route below. Anything else is null, for the app.
 */
export function directMcpRequest(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> | null {
  if (!MCP_METHODS.has(request.method)) return null;
  const url = new URL(request.url);
  const slug = MCP_PATH.exec(url.pathname)?.[1];
  if (!slug || !isPortalHost(env, url)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  const started = Date.now();
  return (async () => {
    let res: Response;
    try {
      res = withCors(await handleMcpRequest(env, getDb(env.DB), decoded, request, (p) => ctx.waitUntil(p)), request.headers.get("origin") ?? undefined);
    } catch (err) {
      console.error("Unhandled error", request.method, url.pathname, redactText((err as Error)?.stack ?? String(err)));
      res = withCors(rpcError(500, -32603, "Internal server error"), request.headers.get("origin") ?? undefined);
    }
    logRequest(env, request.method, request.url, res.status, started);
    return res;
  })();
}

export const gatewayRoutes = new Hono<AppEnv>()
  .options("/:slug/mcp", mcpPreflight)
  .on(["GET", "POST", "DELETE"], "/:slug/mcp", async (c) => {
    const res = await handleMcpRequest(c.env, getDb(c.env.DB), c.req.param("slug"), c.req.raw, (p) => c.executionCtx.waitUntil(p));
    return withCors(res, c.req.header("origin"));
  })
  .get("/:slug", async (c) => {
    const refused = rebindingCheck(c.env, c.req.raw);
    if (refused) return c.json({ success: false, error: `Forbidden: ${refused}` }, 403);
    const found = await findServerBySlug(getDb(c.env.DB), c.req.param("slug"));
    if (!found || found.server.status === "removed") return c.json({ success: false, error: "MCP server not found" }, 404);
    return rootInfoResponse(c, found, `${new URL(c.req.url).origin}/s/${found.server.slug}`);
  });

/** A server's root info: an HTML page for browsers, JSON (with CORS) for clients. */
export async function rootInfoResponse(c: Context<AppEnv>, found: GatewayServer, rootUrl: string) {
  const info = await rootInfo(c.env, found, rootUrl);
  if ((c.req.header("accept") ?? "").includes("text/html")) {
    return c.html(rootInfoHtml(info), 200, { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" });
  }
  return withCors(c.json(info), c.req.header("origin"));
}

/** The CORS preflight answer of an MCP endpoint. */
export function mcpPreflight(c: Context<AppEnv>) {
  const res = new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
  res.headers.set("access-control-allow-headers", c.req.header("access-control-request-headers") ?? "authorization, content-type, mcp-protocol-version, mcp-session-id");
  return withCors(res, c.req.header("origin"));
}
