// Access tokens: list, generate, assign servers, revoke, rotate; a server's assigned tokens.
import { createRoute, z } from "@hono/zod-openapi";
import { ok, okEmpty } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { newToken, tokenInfo } from "./schemas";
import { assignedTokenIds, assignServers, createToken, listTokens, revokeToken, rotateToken } from "./tokens";
import { notFound } from "../servers/routes";

export const idParam = z.object({ id: z.string().min(1).max(100) });
const tokenId = z.object({ id: idParam.shape.id.describe("The access token's id") });
const serverIds = z.array(z.string().min(1).max(100)).max(500);
export const newTokenBody = z.object({
  name: z.string().max(100).nullish(),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
  serverIds: serverIds.optional(),
});
export const assignServersBody = z.object({ serverIds });
const tag = ["Access tokens"];
const revokedOrExpired = { 409: "The token is revoked or expired" } as const;

export const tokenRoutes = describedRoutes()
  .openapi(
    createRoute({ method: "get", path: "/access-tokens", operationId: "list_access_tokens", tags: tag, summary: "List the organization's access tokens (never the tokens themselves)", responses: { 200: json(ok(z.array(tokenInfo)), "The access tokens") } }),
    async (c) => c.json({ success: true as const, data: await listTokens(c.var.db, c.var.organizationId) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/access-tokens",
      operationId: "create_access_token",
      tags: tag,
      summary: "Generate an access token for MCP clients; the token is answered once",
      request: { body: { content: { "application/json": { schema: newTokenBody } } } },
      responses: { 201: json(ok(newToken), "The new token (shown once) and its details"), ...errors({ 400: "expiresAt: must be in the future", 404: "Server not found" }) },
    }),
    async (c) => {
      const { name, expiresAt, serverIds } = c.req.valid("json");
      const data = await createToken(c.var.db, c.var.organizationId, c.var.user.id, { name, expiresAt: expiresAt ? new Date(expiresAt) : null, serverIds });
      return c.json({ success: true as const, data }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/access-tokens/{id}/servers",
      operationId: "assign_token_servers",
      tags: tag,
      summary: "Replace the servers an access token may call",
      request: { params: tokenId, body: { required: true, content: { "application/json": { schema: assignServersBody } } } },
      responses: { 200: json(ok(tokenInfo), "The token's details"), ...errors({ 404: "Access token or server not found", ...revokedOrExpired }) },
    }),
    async (c) => {
      const data = await assignServers(c.env, c.var.db, c.var.organizationId, c.req.valid("param").id, c.req.valid("json").serverIds);
      return c.json({ success: true as const, data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/access-tokens/{id}",
      operationId: "revoke_access_token",
      tags: tag,
      summary: "Revoke an access token",
      request: { params: tokenId },
      responses: { 200: json(okEmpty, "Revoked"), ...errors({ 404: "Access token not found", ...revokedOrExpired }) },
    }),
    async (c) => {
      await revokeToken(c.env, c.var.db, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/access-tokens/{id}/rotate",
      operationId: "rotate_access_token",
      tags: tag,
      summary: "Revoke an access token and issue a new one with the same name, expiry and servers",
      request: { params: tokenId },
      responses: { 200: json(ok(newToken), "The new token (shown once) and its details"), ...errors({ 404: "Access token not found", ...revokedOrExpired }) },
    }),
    async (c) => {
      const data = await rotateToken(c.env, c.var.db, c.var.organizationId, c.var.user.id, c.req.valid("param").id);
      return c.json({ success: true as const, data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/servers/{id}/assigned-tokens",
      operationId: "list_assigned_token_ids",
      tags: tag,
      summary: "Ids of the active access tokens assigned to a server",
      request: { params: idParam.extend({ id: idParam.shape.id.describe("The server's id") }) },
      responses: { 200: json(ok(z.array(z.string())), "The token ids"), ...errors(notFound) },
    }),
    async (c) => c.json({ success: true as const, data: await assignedTokenIds(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  );
