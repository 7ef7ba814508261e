// Access tokens: list, generate, assign servers, revoke, rotate; a server's assigned tokens, and (for
// API keys too) the tokens a server can be given by name and id, assigned or taken off one at a time.
import { createRoute, z } from "@hono/zod-openapi";
import { ok, okEmpty } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { newToken, serverToken, tokenInfo } from "./schemas";
import {
  assignedTokenIds,
  assignServers,
  createToken,
  listTokens,
  revokeToken,
  rotateToken,
  serverTokens,
  setTokenAssignment,
} from "./tokens";
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
const serverParam = idParam.extend({ id: idParam.shape.id.describe("The server's id") });
const serverTokenParams = serverParam.extend({ tokenId: z.string().min(1).max(100).describe("The access token's id") });

/** PUT assigns the token to the server, DELETE takes it off: same path, same answer. */
const assignmentRoute = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/servers/{id}/access-tokens/{tokenId}",
    operationId: method === "put" ? "assign_server_token" : "unassign_server_token",
    tags: tag,
    summary:
      method === "put"
        ? "Assign an existing access token of the organization to the server (its other servers stay); the token itself is never shown"
        : "Take an access token off the server (the token stays valid for its other servers)",
    request: { params: serverTokenParams },
    responses: {
      200: json(ok(serverToken), "The token's id and name, and whether it is now assigned"),
      ...errors({ 404: "Server or access token not found", ...revokedOrExpired }),
    },
  });

export const tokenRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/access-tokens",
      operationId: "list_access_tokens",
      tags: tag,
      summary: "List the organization's access tokens (never the tokens themselves)",
      responses: { 200: json(ok(z.array(tokenInfo)), "The access tokens") },
    }),
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
      responses: {
        201: json(ok(newToken), "The new token (shown once) and its details"),
        ...errors({ 400: "expiresAt: must be in the future", 404: "Server not found" }),
      },
    }),
    async (c) => {
      const { name, expiresAt, serverIds } = c.req.valid("json");
      const data = await createToken(c.var.db, c.var.organizationId, c.var.user.id, {
        name,
        expiresAt: expiresAt ? new Date(expiresAt) : null,
        serverIds,
      });
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
      responses: {
        200: json(ok(tokenInfo), "The token's details"),
        ...errors({ 404: "Access token or server not found", ...revokedOrExpired }),
      },
    }),
    async (c) => {
      const data = await assignServers(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id, c.req.valid("json").serverIds);
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
      await revokeToken(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
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
      responses: {
        200: json(ok(newToken), "The new token (shown once) and its details"),
        ...errors({ 404: "Access token not found", ...revokedOrExpired }),
      },
    }),
    async (c) => {
      const data = await rotateToken(c.var.db, c.env, c.var.organizationId, c.var.user.id, c.req.valid("param").id);
      return c.json({ success: true as const, data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/servers/{id}/access-tokens",
      operationId: "list_server_tokens",
      tags: tag,
      summary: "The organization's active access tokens by id and name only, each marked whether it is assigned to the server",
      request: { params: serverParam },
      responses: { 200: json(ok(z.array(serverToken)), "The tokens"), ...errors(notFound) },
    }),
    async (c) => c.json({ success: true as const, data: await serverTokens(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  .openapi(assignmentRoute("put"), async (c) => {
    const { id, tokenId } = c.req.valid("param");
    return c.json(
      { success: true as const, data: await setTokenAssignment(c.var.db, c.env, c.var.organizationId, id, tokenId, true) },
      200,
    );
  })
  .openapi(assignmentRoute("delete"), async (c) => {
    const { id, tokenId } = c.req.valid("param");
    return c.json(
      { success: true as const, data: await setTokenAssignment(c.var.db, c.env, c.var.organizationId, id, tokenId, false) },
      200,
    );
  })
  .openapi(
    createRoute({
      method: "get",
      path: "/servers/{id}/assigned-tokens",
      operationId: "list_assigned_token_ids",
      tags: tag,
      summary: "Ids of the active access tokens assigned to a server",
      request: { params: serverParam },
      responses: { 200: json(ok(z.array(z.string())), "The token ids"), ...errors(notFound) },
    }),
    async (c) =>
      c.json({ success: true as const, data: await assignedTokenIds(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  );
