// /api/api-keys: list, create and revoke portal API keys; session only (keys never manage keys, see scopes.ts).
import { createRoute, z } from "@hono/zod-openapi";
import { API_KEY_SCOPES } from "../db/schema";
import { ok } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { createApiKey, listApiKeys, revokeApiKey } from "./keys";
import { apiKeyInfo, newApiKey } from "./schemas";

const idParam = z.object({ id: z.string().min(1).max(100).describe("The API key's id") });
export const newApiKeyBody = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, "Choose at least one scope").max(API_KEY_SCOPES.length),
  expiresInDays: z.number().int().min(1).max(3650).nullish(),
});
const tag = ["API keys"];
const sessionOnly = "Session only: an API key can never manage API keys.";

/** Mounted at /api/api-keys, behind requireUser. */
export const apiKeyRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      operationId: "list_api_keys",
      tags: tag,
      summary: "List the organization's portal API keys (never the keys themselves)",
      description: sessionOnly,
      responses: { 200: json(ok(z.array(apiKeyInfo)), "The API keys") },
    }),
    async (c) => c.json({ success: true as const, data: await listApiKeys(c.var.db, c.var.organizationId) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      operationId: "create_api_key",
      tags: tag,
      summary: "Create a portal API key with scopes and an optional expiry in days; the key is answered once",
      description: sessionOnly,
      request: { body: { required: true, content: { "application/json": { schema: newApiKeyBody } } } },
      responses: {
        201: json(ok(newApiKey), "The new key (shown once) and its details"),
        ...errors({ 403: "Your organization's plan does not include API access", 409: "The organization holds the most API keys allowed" }),
      },
    }),
    async (c) =>
      c.json({ success: true as const, data: await createApiKey(c.var.db, c.var.organizationId, c.var.user.id, c.req.valid("json")) }, 201),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      operationId: "revoke_api_key",
      tags: tag,
      summary: "Revoke a portal API key: calls with it answer 401 from now on",
      description: sessionOnly,
      request: { params: idParam },
      responses: {
        200: json(ok(apiKeyInfo), "The revoked key"),
        ...errors({ 404: "API key not found", 409: "This API key has already been revoked" }),
      },
    }),
    async (c) => c.json({ success: true as const, data: await revokeApiKey(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  );
