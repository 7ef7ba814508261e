// A server's upstream authentication: analyse-auth, auth-config read/save, delete secrets.
import { Hono } from "hono";
import { z } from "zod";
import { AUTH_STRATEGIES, AUTH_TYPES } from "../db/schema";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { analyseServerAuth } from "../servers/analyse";
import { deleteAuthSecrets, getAuthConfig, saveAuthConfig } from "../servers/auth-config";

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

export const authConfigRoutes = new Hono<AppEnv>()
  .post("/:id/analyse-auth", async (c) =>
    c.json({ success: true, data: await analyseServerAuth(c.var.db, c.env, c.var.organizationId, c.req.param("id")) }),
  )
  .get("/:id/auth-config", async (c) => c.json({ success: true, data: await getAuthConfig(c.var.db, c.var.organizationId, c.req.param("id")) }))
  .post("/:id/auth-config", validate("json", saveSchema), async (c) => {
    const data = await saveAuthConfig(c.var.db, c.env.SECRETS_KEY, c.var.organizationId, c.req.param("id"), c.req.valid("json"), c.env);
    return c.json({ success: true, data });
  })
  .delete("/:id/auth-config/secrets", async (c) => {
    await deleteAuthSecrets(c.var.db, c.var.organizationId, c.req.param("id"));
    return c.json({ success: true });
  });
