// Superadmin: every organization's servers, and redeploying any of them; superusers only.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { listAllServers } from "../admin/servers";
import { requireSuperUser } from "../auth/session";
import { servers } from "../db/schema";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { validate } from "../lib/validate";
import { deployServer } from "../mcp/deploy";

export const redeployParam = z.object({ id: z.string().min(1).max(100) });

export const superadminRoutes = new Hono<AppEnv>()
  .use(requireSuperUser)
  .get("/servers", async (c) => c.json({ success: true, data: await listAllServers(c.var.db) }))
  .post("/servers/:id/redeploy", validate("param", redeployParam), async (c) => {
    const server = await c.var.db.query.servers.findFirst({ where: eq(servers.id, c.req.valid("param").id) });
    if (!server || server.status === "removed") fail(404, "Server not found");
    // Redeploy regenerates from the latest tools and configuration, whichever organization owns it.
    const deployment = await deployServer(c.env, c.var.db, server.id, { origin: c.env.PUBLIC_URL ?? new URL(c.req.url).origin });
    return c.json({ success: true, data: deployment });
  });
