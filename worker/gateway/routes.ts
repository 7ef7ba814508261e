// /s/{slug}: root info of a deployed MCP server; /s/{slug}/mcp: its MCP endpoint (Streamable HTTP).
import { type Context, Hono } from "hono";
import { getDb } from "../db";
import type { AppEnv } from "../env";
import { mcpPreflight, withCors } from "./cors";
import { rebindingCheck, serveMcp } from "./gateway";
import type { Bindings } from "../env";
import { isPortalHost } from "../domains/portal-host";
import { logRequest } from "../lib/redact";
import { findServerBySlug, type GatewayServer } from "../servers/read-model";
import { rootInfo, rootInfoHtml } from "./root-info";

const MCP_PATH = /^\/s\/([^/]+)\/mcp$/;
const MCP_METHODS = new Set(["GET", "POST", "DELETE"]);

/**
 * /s/{slug}/mcp on the portal's own host, served without the portal app's router and middleware
 * (they cost more CPU than the gateway itself on a tools/call), with the app's log line. Anything
 * else is null, for the app.
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
  return serveMcp(request, env, ctx, { slug: decoded, url }).then((res) => {
    logRequest(env, request.method, request.url, res.status, started);
    return res;
  });
}

export const gatewayRoutes = new Hono<AppEnv>()
  .options("/:slug/mcp", mcpPreflight)
  .on(["GET", "POST", "DELETE"], "/:slug/mcp", (c) => serveMcp(c.req.raw, c.env, c.executionCtx, { slug: c.req.param("slug") }))
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
