// Superadmin: every organization's servers, and redeploying any of them; superusers only.
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { adminServer } from "./schemas";
import { listAllServers } from "./servers";
import { requireSuperUser } from "../auth/session";
import { servers } from "../db/schema";
import { ok } from "../lib/answers";
import { fail } from "../lib/errors";
import { describedRoutes, errors, json } from "../lib/openapi";
import { publicOrigin } from "../lib/origin";
import { deployServer } from "../deploy/deploy";
import { deployment } from "../deploy/schemas";

export const redeployParam = z.object({ id: z.string().min(1).max(100).describe("The server's id") });
const tag = ["Superadmin"];
/** The 403 every superadmin route answers to anyone else. */
export const superusersOnly = { 403: "Access denied: restricted to superadministrators" } as const;

export const superadminRoutes = describedRoutes(requireSuperUser)
  .openapi(
    createRoute({
      method: "get",
      path: "/servers",
      operationId: "list_all_servers",
      tags: tag,
      summary: "Every organization's servers (superusers only)",
      responses: { 200: json(ok(z.array(adminServer)), "The servers"), ...errors(superusersOnly) },
    }),
    async (c) => c.json({ success: true as const, data: await listAllServers(c.var.db) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/servers/{id}/redeploy",
      operationId: "redeploy_any_server",
      tags: tag,
      summary: "Redeploy any organization's server (superusers only)",
      request: { params: redeployParam },
      responses: { 200: json(ok(deployment), "The new deployment"), ...errors({ ...superusersOnly, 404: "Server not found" }) },
    }),
    async (c) => {
      const server = await c.var.db.query.servers.findFirst({ where: eq(servers.id, c.req.valid("param").id) });
      if (!server || server.status === "removed") fail(404, "Server not found");
      // Redeploy regenerates from the latest tools and configuration, whichever organization owns it.
      const data = await deployServer(c.var.db, c.env, server.id, { origin: publicOrigin(c.env, c.req.url) });
      return c.json({ success: true as const, data }, 200);
    },
  );
