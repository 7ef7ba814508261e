// A server's upstream authentication: analyse-auth, auth-config read/save, delete secrets.
import { createRoute, z } from "@hono/zod-openapi";
import { AUTH_STRATEGIES, AUTH_TYPES } from "../db/schema";
import { ok, okEmpty } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { analyseServerAuth } from "./analyse";
import { deleteAuthSecrets, getAuthConfig, saveAuthConfig } from "./auth-config";
import { authAnalysis, authConfig } from "./schemas";
import { notFound, paused, serverId } from "./routes";

const secret = z.string().max(10_000).optional();
export const saveSchema = z.object({
  authType: z.enum(AUTH_TYPES),
  authStrategy: z.enum(AUTH_STRATEGIES),
  requireToolportLogin: z.boolean().optional(),
  exposeToPublic: z.boolean().optional(),
  secrets: z.object({ token: secret, key: secret, username: secret, password: secret, clientId: secret, clientSecret: secret }).optional(),
  authContextValues: z.record(z.string().max(200), z.string().max(2000)).optional(),
  authContextMetadata: z
    .array(z.object({ name: z.string(), type: z.string(), reason: z.string(), confidence: z.number().min(0).max(1) }))
    .max(500)
    .optional(),
  apiKey: z.object({ name: z.string().min(1).max(200), in: z.enum(["header", "query", "cookie"]) }).optional(),
  oauth2: z.object({ tokenUrl: z.url(), scopes: z.array(z.string()).optional() }).optional(),
});
const tag = ["Authentication"];

export const authConfigRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/analyse-auth",
      operationId: "analyse_server_auth",
      tags: tag,
      summary: "Detect how the server's API authenticates and which parameters should be static",
      request: { params: serverId },
      responses: { 200: json(ok(authAnalysis), "The authentication found and the parameter candidates"), ...errors(notFound) },
    }),
    async (c) =>
      c.json(
        { success: true as const, data: await analyseServerAuth(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id) },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/auth-config",
      operationId: "get_auth_config",
      tags: tag,
      summary: "Read the server's saved authentication (secrets masked)",
      request: { params: serverId },
      responses: {
        200: json(ok(authConfig), "The saved authentication"),
        ...errors({ 404: "Server not found, or authentication is not configured for this server" }),
      },
    }),
    async (c) =>
      c.json({ success: true as const, data: await getAuthConfig(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/auth-config",
      operationId: "save_auth_config",
      tags: tag,
      summary: "Save the server's authentication: managed or passthrough, secrets, static parameters and access control",
      request: { params: serverId, body: { required: true, content: { "application/json": { schema: saveSchema } } } },
      responses: {
        200: json(ok(authConfig), "The saved authentication"),
        ...errors({
          400: "Missing credentials for managed authentication, no access token assigned, or a blank static parameter",
          ...notFound,
          ...paused,
        }),
      },
    }),
    async (c) => {
      const data = await saveAuthConfig(
        c.var.db,
        c.env.SECRETS_KEY,
        c.var.organizationId,
        c.req.valid("param").id,
        c.req.valid("json"),
        c.env,
      );
      return c.json({ success: true as const, data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}/auth-config/secrets",
      operationId: "delete_auth_secrets",
      tags: tag,
      summary: "Delete the server's stored secrets (its status becomes not_configured)",
      request: { params: serverId },
      responses: { 200: json(okEmpty, "Deleted"), ...errors({ ...notFound, ...paused }) },
    }),
    async (c) => {
      await deleteAuthSecrets(c.var.db, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const }, 200);
    },
  );
