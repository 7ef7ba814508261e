// The call log's API: a server's calls and statistics (the organization's own servers; any server
// for superadministrators under /api/superadmin), and its payload-recording settings.
import { createRoute, z } from "@hono/zod-openapi";
import { requireSuperUser } from "../auth/session";
import { ok } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { notFound, serverId } from "../servers/routes";
import { callLogServer, callStats, listCalls, WINDOWS, type StatsWindow } from "./queries";
import { callLogSettings, callPage, callStats as callStatsAnswer } from "./schemas";
import { getCallLogSettings, setCallLogSettings } from "./settings";

export const callsQuery = z.object({
  tool: z.string().max(200).optional().describe("Only calls of this tool"),
  outcome: z
    .string()
    .max(40)
    .optional()
    .describe(
      "An outcome (ok, invalid_arguments, unknown_tool, upstream_4xx, upstream_5xx, timeout, failed, paused, over_limit, unauthorized) or a class (ok, model, api, timeout, refused)",
    ),
  caller: z
    .string()
    .max(100)
    .optional()
    .describe("An access token's or OAuth grant's id, a portal user's id (Try it), or public / anonymous"),
  cursor: z.string().max(500).optional().describe("nextCursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe("Calls per page (1 to 100, default 50)"),
});
export const statsQuery = z.object({
  window: z
    .enum(Object.keys(WINDOWS) as [StatsWindow, ...StatsWindow[]])
    .default("24h")
    .describe("24h, 7d or 30d"),
});
const fieldName = z
  .string()
  .trim()
  .min(1, "sensitiveFields: a field name cannot be empty")
  .max(100, "sensitiveFields: at most 100 characters per name");
export const callLogSettingsBody = z
  .object({
    recordPayloads: z.boolean().optional().describe("Keep each call's arguments and result, redacted and capped"),
    sensitiveFields: z
      .array(fieldName)
      .max(50, "sensitiveFields: at most 50 names")
      .optional()
      .describe("Field names redacted besides credentials and tokens"),
  })
  .refine((b) => b.recordPayloads !== undefined || b.sensitiveFields !== undefined, {
    message: "Give recordPayloads or sensitiveFields to change",
  });

const superusersOnly = { 403: "Access denied: restricted to superadministrators" } as const;

/** Calls and stats of one server; `admin` reads any organization's server. */
const readRoutes = (admin: boolean) => {
  const [tag, who, errorsOf] = admin
    ? (["Superadmin", "Any organization's server's ", { ...superusersOnly, 404: "Server not found" }] as const)
    : (["Call log", "The server's ", notFound] as const);
  return describedRoutes()
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/calls",
        operationId: admin ? "list_any_server_calls" : "list_server_calls",
        tags: [tag],
        summary: admin
          ? `${who}call log (superusers only)`
          : "The server's recorded tools/call, newest first, filtered by tool, outcome or caller, a page at a time",
        request: { params: serverId, query: callsQuery },
        responses: { 200: json(ok(callPage), "A page of calls"), ...errors({ 400: "Invalid filter or cursor", ...errorsOf }) },
      }),
      async (c) => {
        const server = await callLogServer(c.var.db, c.req.valid("param").id, admin ? null : c.var.organizationId);
        return c.json({ success: true as const, data: await listCalls(c.var.db, server.id, c.req.valid("query")) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/stats",
        operationId: admin ? "get_any_server_call_stats" : "get_server_call_stats",
        tags: [tag],
        summary: admin
          ? `${who}call statistics (superusers only)`
          : "The server's calls over a window (24h, 7d or 30d): calls per time bucket by outcome class, p50/p95 latency and error rate per tool, the top errors",
        request: { params: serverId, query: statsQuery },
        responses: { 200: json(ok(callStatsAnswer), "The statistics"), ...errors({ 400: "window: 24h, 7d or 30d", ...errorsOf }) },
      }),
      async (c) => {
        const server = await callLogServer(c.var.db, c.req.valid("param").id, admin ? null : c.var.organizationId);
        const stats = await callStats(c.var.db, server.id, c.req.valid("query").window);
        return c.json({ success: true as const, data: { server: { id: server.id, name: server.name }, ...stats } }, 200);
      },
    );
};

export const callRoutes = readRoutes(false)
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/call-log",
      operationId: "get_call_log_settings",
      tags: ["Call log"],
      summary: "Whether the server records call payloads, its extra sensitive field names, and the plan's retention",
      request: { params: serverId },
      responses: { 200: json(ok(callLogSettings), "The call log settings"), ...errors(notFound) },
    }),
    async (c) =>
      c.json({ success: true as const, data: await getCallLogSettings(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}/call-log",
      operationId: "set_call_log_settings",
      tags: ["Call log"],
      summary:
        "Turn payload recording on or off (arguments and results, redacted of credentials, tokens and the sensitive fields, capped) and set the sensitive field names",
      request: { params: serverId, body: { required: true, content: { "application/json": { schema: callLogSettingsBody } } } },
      responses: { 200: json(ok(callLogSettings), "The call log settings"), ...errors({ 400: "Invalid body", ...notFound }) },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await setCallLogSettings(c.var.db, c.var.organizationId, c.req.valid("param").id, c.req.valid("json")),
        },
        200,
      ),
  );

export const adminCallRoutes = describedRoutes(requireSuperUser).route("/", readRoutes(true));
