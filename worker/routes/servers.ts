// Servers (spec §7): list, create from an OpenAPI description, read, delete; tools: mappings and toggles.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { validate } from "../lib/validate";
import { TOO_LARGE_MESSAGE } from "../openapi/parse";
import { createServer } from "../servers/create";
import { deleteServer } from "../servers/delete";
import { getServerAnswer, listServers } from "../servers/queries";
import { readCreateForm, UPLOAD_BODY_LIMIT } from "../servers/source";
import { listMappings, setToolsActive } from "../servers/tools";

/** PATCH /:id/tools: one tool by name, or many at once. */
export const toggleSchema = z.union([
  z.object({ toolName: z.string().min(1), active: z.boolean() }),
  z.object({ toolNames: z.array(z.string().min(1)).min(1).max(5000), active: z.boolean() }),
]);

export const serverRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ success: true, data: await listServers(c.var.db, c.var.organizationId) }))
  .post("/", bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: () => fail(413, TOO_LARGE_MESSAGE) }), async (c) => {
    const form = await readCreateForm(c.req.raw, c.env);
    const data = await createServer(c.var.db, c.env, { organizationId: c.var.organizationId, userId: c.var.user.id, ...form });
    return c.json({ success: true, data }, 201);
  })
  .get("/:id", async (c) => c.json({ success: true, data: await getServerAnswer(c.var.db, c.var.organizationId, c.req.param("id")) }))
  .delete("/:id", async (c) => c.json({ success: true, data: await deleteServer(c.var.db, c.env, c.var.organizationId, c.req.param("id")) }))
  .get("/:id/mappings", async (c) => c.json({ success: true, data: await listMappings(c.var.db, c.var.organizationId, c.req.param("id")) }))
  .patch("/:id/tools", validate("json", toggleSchema), async (c) => {
    const body = c.req.valid("json");
    const names = "toolName" in body ? [body.toolName] : body.toolNames;
    const data = await setToolsActive(c.var.db, c.var.organizationId, c.req.param("id"), names, body.active);
    return c.json({ success: true, data });
  });
