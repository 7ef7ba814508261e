// OAuth for the MCP endpoints: /oauth/* (authorize, token, revocation, registration), /.well-known/*
// (RFC 8414 and RFC 9728 metadata) and /api/oauth/* (the consent page's API and the organization's grants).
import { createRoute, z } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import { getDb } from "../db";
import type { AppEnv } from "../env";
import { ok, okEmpty } from "../lib/answers";
import { fail } from "../lib/errors";
import { describedRoutes, errors, json } from "../lib/openapi";
import { rebindingCheck } from "../gateway/gateway";
import { loadPendingRequest, startAuthorization } from "./authorize";
import { decideRequest, describeRequest } from "./consent";
import { authorizationServerMetadata, protectedResourceMetadata, registrationEndpoint, tokenEndpoint } from "./endpoints";
import { listGrants, revokeGrant } from "./grants";
import { clientAddress } from "./provider";
import { oauthGrant, oauthRequest } from "./schemas";

const idParam = z.object({ id: z.string().min(1).max(100) });
export const decisionBody = z.object({ approve: z.boolean() });

export const oauthRoutes = new Hono<AppEnv>()
  .get("/authorize", (c) => startAuthorization(getDb(c.env.DB), c.env, c.req.raw))
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
    const metadata = await protectedResourceMetadata(getDb(c.env.DB), c.env, c.req.url, c.req.param("slug"));
    if (!metadata) return c.json({ success: false, error: "MCP server not found" }, 404, { "access-control-allow-origin": "*" });
    return c.json(metadata, 200, { "access-control-allow-origin": "*", "cache-control": "public, max-age=60" });
  })
  // Clients look for the server's metadata at the bare path and, some of them, with the resource's path appended.
  .get("/oauth-authorization-server", serveAsMetadata)
  .get("/oauth-authorization-server/s/:slug/mcp", serveAsMetadata)
  .get("/openid-configuration", serveAsMetadata)
  .get("/openid-configuration/s/:slug/mcp", serveAsMetadata);

const requestId = z.object({ id: idParam.shape.id.describe("The request id of /oauth/consent?request={id}") });
const grantId = z.object({ id: idParam.shape.id.describe("The grant's id") });
const consentOnly = "Session only: the signed-in user answers for themselves.";
const unknownRequest = {
  404: "This authorization request is unknown or has expired",
  429: "The client's metadata document had to be fetched again, and too many were fetched for this address or host",
} as const;
const tag = ["OAuth"];

/** /api/oauth: mounted behind requireUser (a session; a portal key only where scopes.ts allows it). */
export const oauthApiRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/requests/{id}",
      operationId: "get_oauth_request",
      tags: tag,
      summary: "A pending OAuth authorization request, as the consent page shows it",
      description: consentOnly,
      request: { params: requestId },
      responses: { 200: json(ok(oauthRequest), "The request"), ...errors(unknownRequest) },
    }),
    async (c) => {
      const pending = await loadPendingRequest(c.env, c.req.valid("param").id);
      if (!pending) fail(404, "This authorization request is unknown or has expired: start again from your app");
      const data = await describeRequest(c.var.db, c.env, pending, c.var.user, clientAddress(c.req.raw));
      if (!data) fail(404, "The MCP server or the client of this request is no longer available");
      return c.json({ success: true as const, data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/requests/{id}",
      operationId: "answer_oauth_request",
      tags: tag,
      summary: "Approve or deny a pending OAuth authorization request; answers where to send the browser",
      description: `${consentOnly} Approving needs membership of the server's organization, unless the server requires only a Toolport login.`,
      request: { params: requestId, body: { required: true, content: { "application/json": { schema: decisionBody } } } },
      responses: {
        200: json(
          ok(z.object({ redirectTo: z.string().describe("The client's redirect_uri with code and state, or with error=access_denied") })),
          "Where to send the browser",
        ),
        ...errors({ 403: "Only members of the organization can connect apps to this server", ...unknownRequest }),
      },
    }),
    async (c) => {
      const pending = await loadPendingRequest(c.env, c.req.valid("param").id);
      if (!pending) fail(404, "This authorization request is unknown or has expired: start again from your app");
      const decision = await decideRequest(c.var.db, c.env, pending, c.var.user, c.req.valid("json").approve, clientAddress(c.req.raw));
      if (!decision.ok) fail(403, decision.reason);
      return c.json({ success: true as const, data: { redirectTo: decision.redirectTo } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/grants",
      operationId: "list_oauth_grants",
      tags: tag,
      summary: "The apps connected to the organization's servers through OAuth, newest first",
      responses: { 200: json(ok(z.array(oauthGrant)), "The connected apps") },
    }),
    async (c) => c.json({ success: true as const, data: await listGrants(c.var.db, c.var.organizationId) }, 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/grants/{id}",
      operationId: "revoke_oauth_grant",
      tags: tag,
      summary: "Revoke a connected app: its access and refresh tokens are refused at once",
      description: "Session only.",
      request: { params: grantId },
      responses: { 200: json(okEmpty, "Revoked"), ...errors({ 404: "Connected app not found" }) },
    }),
    async (c) => {
      const revoked = await revokeGrant(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
      if (!revoked) fail(404, "Connected app not found");
      return c.json({ success: true as const }, 200);
    },
  );
