// Superadmin (spec §7): every organization's servers; superusers only.
import { Hono } from "hono";
import { listAllServers } from "../admin/servers";
import { requireSuperUser } from "../auth/session";
import type { AppEnv } from "../env";

export const superadminRoutes = new Hono<AppEnv>()
  .use(requireSuperUser)
  .get("/servers", async (c) => c.json({ success: true, data: await listAllServers(c.var.db) }));
