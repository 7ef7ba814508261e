// /api/api-keys: list, create and revoke portal API keys; session only (keys never manage keys, see scopes.ts).
import { Hono } from "hono";
import { z } from "zod";
import { API_KEY_SCOPES } from "../db/schema";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { createApiKey, listApiKeys, revokeApiKey } from "./keys";

const idParam = z.object({ id: z.string().min(1).max(100) });
export const newApiKeyBody = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, "Choose at least one scope").max(API_KEY_SCOPES.length),
  expiresInDays: z.number().int().min(1).max(3650).nullish(),
});

/** Mounted at /api/api-keys, behind requireUser. */
export const apiKeyRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ success: true, data: await listApiKeys(c.var.db, c.var.organizationId) }))
  .post("/", validate("json", newApiKeyBody), async (c) => {
    const data = await createApiKey(c.var.db, c.var.organizationId, c.var.user.id, c.req.valid("json"));
    return c.json({ success: true, data }, 201);
  })
  .delete("/:id", validate("param", idParam), async (c) => {
    const data = await revokeApiKey(c.var.db, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true, data });
  });
