// Requests whose Host is a server's custom domain: its MCP endpoint at /mcp and its root info at /,
// through the same gateway (tokens, OAuth, metering) as /s/{slug}/mcp, and the endpoint's OAuth resource
// metadata; nothing else is served there.
import type { MiddlewareHandler } from "hono";
import { getDb, type Database } from "../db";
import type { AppEnv, Bindings } from "../env";
import { mcpPreflight, withCors } from "../gateway/cors";
import { serveMcp } from "../gateway/gateway";
import { GatewayError, rpcError } from "../gateway/jsonrpc";
import { findServerBySlug } from "../servers/read-model";
import { issuerOrigin } from "../oauth/provider";
import { customDomainEndpoint } from "../oauth/resource";
import { customHostTarget, type HostTarget } from "./lookup";
import { isPortalHost } from "./portal-host";
import { rootInfoResponse } from "../gateway/routes";

/** Why a custom domain does not serve now, or null when it does. */
function notServing(target: HostTarget, host: string) {
  if (target.status !== "active")
    return `The custom domain ${host} is not active yet (${target.status}): check its DNS records in the portal`;
  if (!target.planAllows)
    return `The custom domain ${host} is not served: the organization's plan no longer includes custom domains (Growth). Upgrade the plan, or use the server's portal address`;
  return null;
}

/** RFC 9728 metadata of the endpoint https://{host}/mcp: the portal (PUBLIC_URL) is its authorization server. */
async function resourceMetadata(db: Database, env: Bindings, target: HostTarget, host: string, refusal: string | null) {
  if (refusal) return Response.json({ success: false, error: refusal }, { status: 404 });
  const issuer = env.PUBLIC_URL ? issuerOrigin(env, env.PUBLIC_URL) : null;
  if (!issuer)
    return Response.json(
      { success: false, error: "Sign-in with OAuth on a custom domain needs the portal's https PUBLIC_URL" },
      { status: 404 },
    );
  const found = await findServerBySlug(db, target.slug);
  if (!found || found.server.status === "removed") return Response.json({ success: false, error: "MCP server not found" }, { status: 404 });
  const metadata = {
    resource: customDomainEndpoint(host),
    authorization_servers: [issuer],
    bearer_methods_supported: ["header"],
    resource_name: found.server.name,
    resource_documentation: `https://${host}/`,
  };
  return Response.json(metadata, { headers: { "cache-control": "public, max-age=60" } });
}

/** Serves custom-domain hosts; other requests go on to the portal. */
export const serveCustomHosts: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (isPortalHost(c.env, url)) return next();
  const db = getDb(c.env.DB);
  const target = await customHostTarget(db, url.hostname);
  // Without PUBLIC_URL the portal answers on any host it is reached at.
  if (!target) return c.env.PUBLIC_URL ? c.json({ success: false, error: `No MCP server at ${url.host}` }, 404) : next();
  const refusal = notServing(target, url.host);
  const { pathname } = url;
  if (pathname === "/.well-known/oauth-protected-resource/mcp" || pathname === "/.well-known/oauth-protected-resource") {
    if (c.req.method === "OPTIONS") return mcpPreflight(c);
    return withCors(await resourceMetadata(db, c.env, target, url.host, refusal), c.req.header("origin"));
  }
  if (pathname === "/mcp") {
    if (c.req.method === "OPTIONS") return mcpPreflight(c);
    if (refusal) return withCors(rpcError(target.status === "active" ? 403 : 404, GatewayError.Forbidden, refusal), c.req.header("origin"));
    return serveMcp(c.req.raw, c.env, c.executionCtx, { slug: target.slug, customHost: url.host });
  }
  if (pathname === "/" && c.req.method === "GET") {
    if (refusal) return c.json({ success: false, error: refusal }, target.status === "active" ? 403 : 404);
    const found = await findServerBySlug(db, target.slug);
    if (!found || found.server.status === "removed") return c.json({ success: false, error: "MCP server not found" }, 404);
    return rootInfoResponse(c, found, `${url.protocol}//${url.host}`);
  }
  return c.json({ success: false, error: `Not found: ${url.host} serves only its MCP server at /mcp` }, 404);
};
