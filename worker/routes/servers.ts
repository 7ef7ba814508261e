// Servers (spec §7): list, create from an OpenAPI description, read, delete; tools: mappings, toggles, renames.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { validate } from "../lib/validate";
import { createServerOrJob } from "../imports/handoff";
import { deleteServer } from "../servers/delete";
import { getServerAnswer, listServers } from "../servers/queries";
import { readCreateForm, UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE_MESSAGE } from "../servers/source";
import { getToolSettings, listMappings, setToolOverride, setToolSettings, setToolsActive } from "../servers/tools";

/** PATCH /:id/tools: one tool by name (toggle, rename, rewrite its description), or many toggled at once. */
export const toggleSchema = z.union([
  z
    .object({ toolName: z.string().min(1), active: z.boolean().optional(), name: z.string().max(200).optional(), description: z.string().max(20_000).optional() })
    .refine((b) => b.active !== undefined || b.name !== undefined || b.description !== undefined, { message: "Give active, name or description to change" }),
  z.object({ toolNames: z.array(z.string().min(1)).min(1).max(5000), active: z.boolean() }),
]);

/** GET /:id/mappings: `view=summary` leaves out input schemas (they are left out anyway past 5,000 tools). */
export const mappingsQuery = z.object({ view: z.enum(["full", "summary"]).optional() });

/** Bounds of a server's response budget, in UTF-8 bytes (1 KB to 1 MB). */
export const RESPONSE_BUDGET_BOUNDS = { min: 1_000, max: 1_000_000 };
const budgetMessage = "maxResponseBytes: a whole number of bytes from 1,000 to 1,000,000";

/** PATCH /:id/tool-mode: tools listed directly or reached through three search tools, and the response budget. */
export const toolModeSchema = z
  .object({
    toolMode: z.enum(["direct", "search"]).optional(),
    maxResponseBytes: z.number(budgetMessage).int(budgetMessage).min(RESPONSE_BUDGET_BOUNDS.min, budgetMessage).max(RESPONSE_BUDGET_BOUNDS.max, budgetMessage).optional(),
  })
  .refine((b) => b.toolMode !== undefined || b.maxResponseBytes !== undefined, { message: "Give toolMode or maxResponseBytes to change" });
/** The answer of GET and PATCH /:id/tool-mode. */
export const toolSettingsAnswer = z.object({ toolMode: z.enum(["direct", "search"]), maxResponseBytes: z.number().int() });

export const serverRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ success: true, data: await listServers(c.var.db, c.var.organizationId) }))
  .post("/", bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: () => fail(413, UPLOAD_TOO_LARGE_MESSAGE) }), async (c) => {
    const form = await readCreateForm(c.req.raw, c.env);
    const created = await createServerOrJob(c.var.db, c.env, { organizationId: c.var.organizationId, userId: c.var.user.id, ...form });
    // Very many operations: a job imports them (202 with the job to poll at /api/imports/{id}).
    if (created.importJob) return c.json({ success: true, data: { importJob: created.importJob } }, 202);
    return c.json({ success: true, data: created.server }, 201);
  })
  .get("/:id", async (c) => c.json({ success: true, data: await getServerAnswer(c.var.db, c.var.organizationId, c.req.param("id")) }))
  .delete("/:id", async (c) => c.json({ success: true, data: await deleteServer(c.var.db, c.env, c.var.organizationId, c.req.param("id")) }))
  .get("/:id/mappings", validate("query", mappingsQuery), async (c) => {
    const summary = c.req.valid("query").view === "summary";
    return c.json({ success: true, data: await listMappings(c.var.db, c.var.organizationId, c.req.param("id"), { summary }) });
  })
  .patch("/:id/tools", validate("json", toggleSchema), async (c) => {
    const body = c.req.valid("json");
    const [db, org, id] = [c.var.db, c.var.organizationId, c.req.param("id")];
    if ("toolNames" in body) return c.json({ success: true, data: await setToolsActive(db, org, id, body.toolNames, body.active) });
    const override = body.name !== undefined || body.description !== undefined ? await setToolOverride(db, org, id, body.toolName, body) : undefined;
    const toggled = body.active !== undefined ? await setToolsActive(db, org, id, [body.toolName], body.active) : undefined;
    return c.json({ success: true, data: { ...toggled, ...override } });
  })
  .get("/:id/tool-mode", async (c) => c.json({ success: true, data: await getToolSettings(c.var.db, c.var.organizationId, c.req.param("id")) }))
  .patch("/:id/tool-mode", validate("json", toolModeSchema), async (c) => {
    const data = await setToolSettings(c.var.db, c.var.organizationId, c.req.param("id"), c.req.valid("json"));
    return c.json({ success: true, data });
  });
