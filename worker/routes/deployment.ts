// Deployment lifecycle: api-config, deploy, status, and the cancel call outside /api.
import { zValidator } from "@hono/zod-validator";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/session";
import { getDb, type Database } from "../db";
import { servers } from "../db/schema";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { allowedOrigins, sameOriginOnly } from "../lib/origin";
import { apiConfigOf } from "../mcp/api-config";
import { cancelDeployment, getDeployment, requestDeployment } from "../mcp/deploy";

export const deployBody = z.object({
  apiConfig: z
    .object({ baseUrl: z.string().url().optional(), authType: z.string().optional(), headers: z.record(z.string(), z.string()).optional() })
    .partial()
    .optional(),
});

/** The server with this id in the caller's organization, or a 404. */
async function ownServer(db: Database, organizationId: string, id: string) {
  const server = await db.query.servers.findFirst({ where: and(eq(servers.id, id), eq(servers.organizationId, organizationId)) });
  if (!server) fail(404, "Server not found");
  return server;
}

const publicOrigin = (env: AppEnv["Bindings"], url: string) => env.PUBLIC_URL ?? new URL(url).origin;

/** Mounted at /api/servers. */
export const deploymentRoutes = new Hono<AppEnv>()
  .get("/:id/api-config", async (c) => {
    await ownServer(c.var.db, c.var.organizationId, c.req.param("id"));
    return c.json({ success: true, data: await apiConfigOf(c.var.db, c.req.param("id")) });
  })
  .post(
    "/:id/deploy/cloudflare",
    zValidator("json", deployBody, (result) => {
      if (!result.success) fail(400, `Invalid deploy request: ${result.error.issues.map((i) => i.message).join("; ")}`);
    }),
    async (c) => {
      const server = await ownServer(c.var.db, c.var.organizationId, c.req.param("id"));
      const { apiConfig } = c.req.valid("json");
      // Answers at once with the deployment under way; its Durable Object runs it and pushes progress.
      const deployment = await requestDeployment(c.env, c.var.db, server.id, { apiConfig, origin: publicOrigin(c.env, c.req.url) });
      return c.json({ success: true, data: deployment });
    },
  )
  .get("/:id/deployment", async (c) => {
    await ownServer(c.var.db, c.var.organizationId, c.req.param("id"));
    const deployment = await getDeployment(c.env, c.var.db, c.req.param("id"));
    if (!deployment) return c.json({ success: false, error: "No deployment for this server" }, 404);
    return c.json({ success: true, data: deployment });
  })
  .get("/:id/deployment/ws", async (c) => {
    // Browsers send Origin on WebSocket handshakes: a foreign page must not ride the session cookie.
    const origin = c.req.header("origin");
    if (origin !== undefined && !allowedOrigins(c.env, c.req.url).includes(origin)) fail(403, "Cross-origin request refused");
    const server = await ownServer(c.var.db, c.var.organizationId, c.req.param("id"));
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") fail(426, "Expected a WebSocket upgrade");
    return c.env.DEPLOYMENT.getByName(server.id).fetch(c.req.raw);
  });

/** Mounted at /servers: the spec's cancel call has no /api prefix, so it brings its own guards. */
export const deploymentCancelRoutes = new Hono<AppEnv>().delete(
  "/:id/deployment",
  sameOriginOnly,
  async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  },
  requireUser,
  async (c) => {
    const server = await ownServer(c.var.db, c.var.organizationId, c.req.param("id"));
    const deployment = await cancelDeployment(c.env, c.var.db, server.id);
    if (!deployment) return c.json({ success: false, error: "No deployment for this server" }, 404);
    return c.json({ success: true, data: deployment });
  },
);
