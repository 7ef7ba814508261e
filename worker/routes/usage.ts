// GET /api/billing/usage/servers: tool calls of each of the organization's servers this month.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { serverCallsThisMonth } from "../mcp/metering";

/** Mounted at /api/billing/usage. */
export const usageRoutes = new Hono<AppEnv>().get("/servers", async (c) =>
  c.json({ success: true, data: await serverCallsThisMonth(c.env, c.var.organizationId) }),
);
