// OAuth for the MCP endpoints: /oauth/* (authorize, token, revocation, registration), /.well-known/*
// (RFC 8414 and RFC 9728 metadata) and /api/oauth/* (the consent page's API and the organization's grants).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { getDb } from "../db";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { validate } from "../lib/validate";
import { rebindingCheck } from "../mcp/gateway";
import { loadPendingRequest, startAuthorization } from "../oauth/authorize";
import { decideRequest, describeRequest } from "../oauth/consent";
import { authorizationServerMetadata, protectedResourceMetadata, registrationEndpoint, tokenEndpoint } from "../oauth/endpoints";
import { listGrants, revokeGrant } from "../oauth/grants";

const idParam = z.object({ id: z.string().min(1).max(100) });
export const decisionBody = z.object({ approve: z.boolean() });

export const oauthRoutes = new Hono<AppEnv>()
  .get("/authorize", (c) => startAuthorization(c.env, getDb(c.env.DB), c.req.raw))
  .on(["POST", "OPTIONS", "GET"], "/token", (c) => tokenEndpoint(c.env, c.req.raw, c.executionCtx as ExecutionContext))
  .on(["POST", "OPTIONS", "GET"], "/register", (c) => registrationEndpoint(c.env, c.req.raw, c.executionCtx as ExecutionContext));

const serveAsMetadata = (c: Context<AppEnv>) => authorizationServerMetadata(c.env, c.req.raw, c.executionCtx as ExecutionContext);

export const wellKnownRoutes = new Hono<AppEnv>()
  // Browser clients (the Inspector) send MCP-Protocol-Version with discovery requests, so they preflight.
  .options("/*", (c) =>
    c.body(null, 204, {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      "access-control-allow-headers": c.req.header("access-control-request-headers") ?? "mcp-protocol-version",
      "access-control-max-age": "86400",
    }),
  )
  .get("/oauth-protected-resource/s/:slug/mcp", async (c) => {
    const refused = rebindingCheck(c.env, c.req.raw);
    if (refused) return c.json({ success: false, error: `Forbidden: ${refused}` }, 403);
    const metadata = await protectedResourceMetadata(c.env, getDb(c.env.DB), c.req.url, c.req.param("slug"));
    if (!metadata) return c.json({ success: false, error: "MCP server not found" }, 404, { "access-control-allow-origin": "*" });
    return c.json(metadata, 200, { "access-control-allow-origin": "*", "cache-control": "public, max-age=60" });
  })
  // Clients look for the server's metadata at the bare path and, some of them, with the resource's path appended.
  .get("/oauth-authorization-server", serveAsMetadata)
  .get("/oauth-authorization-server/s/:slug/mcp", serveAsMetadata)
  .get("/openid-configuration", serveAsMetadata)
  .get("/openid-configuration/s/:slug/mcp", serveAsMetadata);

/** /api/oauth: mounted behind requireUser (a session; a portal key only where scopes.ts allows it). */
export const oauthApiRoutes = new Hono<AppEnv>()
  .get("/requests/:id", validate("param", idParam), async (c) => {
    const pending = await loadPendingRequest(c.env, c.req.valid("param").id);
    if (!pending) fail(404, "This authorization request is unknown or has expired: start again from your app");
    const data = await describeRequest(c.env, c.var.db, pending, c.var.user);
    if (!data) fail(404, "The MCP server or the client of this request is no longer available");
    return c.json({ success: true, data });
  })
  .post("/requests/:id", validate("param", idParam), validate("json", decisionBody), async (c) => {
    const pending = await loadPendingRequest(c.env, c.req.valid("param").id);
    if (!pending) fail(404, "This authorization request is unknown or has expired: start again from your app");
    const decision = await decideRequest(c.env, c.var.db, pending, c.var.user, c.req.valid("json").approve);
    if (!decision.ok) fail(403, decision.reason);
    return c.json({ success: true, data: { redirectTo: decision.redirectTo } });
  })
  .get("/grants", async (c) => c.json({ success: true, data: await listGrants(c.var.db, c.var.organizationId) }))
  .delete("/grants/:id", validate("param", idParam), async (c) => {
    const revoked = await revokeGrant(c.env, c.var.db, c.var.organizationId, c.req.valid("param").id);
    if (!revoked) fail(404, "Connected app not found");
    return c.json({ success: true });
  });
