// GET /api/billing/usage/servers: tool calls of each of the organization's servers this month.
import { createRoute, z } from "@hono/zod-openapi";
import { ok } from "../lib/answers";
import { describedRoutes, json } from "../lib/openapi";
import { serverCallsThisMonth } from "../gateway/metering";

/** Mounted at /api/billing/usage. */
export const usageRoutes = describedRoutes().openapi(
  createRoute({
    method: "get",
    path: "/servers",
    operationId: "get_server_usage",
    tags: ["Billing"],
    summary: "Tool calls of each server this month (server id → count)",
    responses: { 200: json(ok(z.record(z.string(), z.number().int())), "Tool calls per server id") },
  }),
  async (c) => c.json({ success: true as const, data: await serverCallsThisMonth(c.env, c.var.organizationId) }, 200),
);
