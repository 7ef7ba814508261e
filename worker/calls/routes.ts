// The call log's API: a server's calls and statistics (the organization's own servers; any server
// for superadministrators under /api/superadmin), and its payload-recording settings.
import { Hono } from "hono";
import { z } from "zod";
import { requireSuperUser } from "../auth/session";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { callLogServer, callStats, listCalls, WINDOWS, type StatsWindow } from "./queries";
import { getCallLogSettings, setCallLogSettings } from "./settings";

export const callsQuery = z.object({
  tool: z.string().max(200).optional().describe("Only calls of this tool"),
  outcome: z.string().max(40).optional().describe("An outcome (ok, invalid_arguments, unknown_tool, upstream_4xx, upstream_5xx, timeout, failed, paused, over_limit, unauthorized) or a class (ok, model, api, timeout, refused)"),
  caller: z.string().max(100).optional().describe("An access token's or OAuth grant's id, or public / anonymous"),
  cursor: z.string().max(500).optional().describe("nextCursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe("Calls per page (1 to 100, default 50)"),
});
export const statsQuery = z.object({ window: z.enum(Object.keys(WINDOWS) as [StatsWindow, ...StatsWindow[]]).default("24h").describe("24h, 7d or 30d") });
const fieldName = z.string().trim().min(1, "sensitiveFields: a field name cannot be empty").max(100, "sensitiveFields: at most 100 characters per name");
export const callLogSettingsBody = z
  .object({
    recordPayloads: z.boolean().optional().describe("Keep each call's arguments and result, redacted and capped"),
    sensitiveFields: z.array(fieldName).max(50, "sensitiveFields: at most 50 names").optional().describe("Field names redacted besides credentials and tokens"),
  })
  .refine((b) => b.recordPayloads !== undefined || b.sensitiveFields !== undefined, { message: "Give recordPayloads or sensitiveFields to change" });

/** Calls and stats of one server; `admin` reads any organization's server. */
const readRoutes = (admin: boolean) =>
  new Hono<AppEnv>()
    .get("/:id/calls", validate("query", callsQuery), async (c) => {
      const server = await callLogServer(c.var.db, c.req.param("id"), admin ? null : c.var.organizationId);
      return c.json({ success: true, data: await listCalls(c.var.db, server.id, c.req.valid("query")) });
    })
    .get("/:id/stats", validate("query", statsQuery), async (c) => {
      const server = await callLogServer(c.var.db, c.req.param("id"), admin ? null : c.var.organizationId);
      return c.json({ success: true, data: { server: { id: server.id, name: server.name }, ...(await callStats(c.var.db, server.id, c.req.valid("query").window)) } });
    });

export const callRoutes = readRoutes(false)
  .get("/:id/call-log", async (c) => c.json({ success: true, data: await getCallLogSettings(c.var.db, c.var.organizationId, c.req.param("id")) }))
  .patch("/:id/call-log", validate("json", callLogSettingsBody), async (c) =>
    c.json({ success: true, data: await setCallLogSettings(c.var.db, c.var.organizationId, c.req.param("id"), c.req.valid("json")) }),
  );

export const adminCallRoutes = new Hono<AppEnv>().use(requireSuperUser).route("/", readRoutes(true));
