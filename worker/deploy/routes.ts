// Deployment lifecycle: api-config, deploy, status (polled), and the cancel call outside /api.
import { createRoute, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { requireUser } from "../auth/session";
import { getDb, type Database } from "../db";
import { servers } from "../db/schema";
import { ok } from "../lib/answers";
import { fail } from "../lib/errors";
import { describedRoutes, errors, json } from "../lib/openapi";
import { publicOrigin, sameOriginOnly } from "../lib/origin";
import { apiConfigOf } from "./api-config";
import { cancelDeployment, getDeployment, requestDeployment } from "./deploy";
import { apiConfig, deployment } from "./schemas";
import { notFound, serverId } from "../servers/routes";

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

const tag = ["Deployment"];
const noDeployment = { 404: "Server not found, or no deployment for this server" } as const;

/** Mounted at /api/servers. */
export const deploymentRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/api-config",
      operationId: "get_api_config",
      tags: tag,
      summary: "The upstream API configuration a deployment uses: base URL, auth type, headers (secrets masked)",
      request: { params: serverId },
      responses: { 200: json(ok(apiConfig), "The upstream API configuration"), ...errors(notFound) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await ownServer(c.var.db, c.var.organizationId, id);
      return c.json({ success: true as const, data: await apiConfigOf(c.var.db, id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/deploy/cloudflare",
      operationId: "deploy_server",
      tags: tag,
      summary: "Deploy (or redeploy) the server from its latest tools and configuration",
      description: "Answers at once with the deployment under way; follow it by polling GET /api/servers/{id}/deployment.",
      request: { params: serverId, body: { content: { "application/json": { schema: deployBody } } } },
      responses: { 200: json(ok(deployment), "The deployment under way"), ...errors({ 400: "Invalid deploy request", ...notFound }) },
    }),
    async (c) => {
      const server = await ownServer(c.var.db, c.var.organizationId, c.req.valid("param").id);
      const { apiConfig } = c.req.valid("json");
      // Answers at once with the deployment under way; its Durable Object runs it and keeps its progress.
      const data = await requestDeployment(c.var.db, c.env, server.id, { apiConfig, origin: publicOrigin(c.env, c.req.url) });
      return c.json({ success: true as const, data }, 200);
    },
    // This route's own words for an invalid body: every issue, after "Invalid deploy request".
    (result) => {
      if (!result.success) fail(400, `Invalid deploy request: ${result.error.issues.map((i) => i.message).join("; ")}`);
      return undefined;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/deployment",
      operationId: "get_deployment",
      tags: tag,
      summary: "The server's latest deployment with its progress log",
      request: { params: serverId },
      responses: { 200: json(ok(deployment), "The latest deployment"), ...errors(noDeployment) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await ownServer(c.var.db, c.var.organizationId, id);
      const data = await getDeployment(c.var.db, c.env, id);
      if (!data) return c.json({ success: false as const, error: "No deployment for this server" }, 404);
      return c.json({ success: true as const, data }, 200);
    },
  );

/** Mounted at /servers: the spec's cancel call has no /api prefix, so it brings its own guards. */
export const deploymentCancelRoutes = describedRoutes().openapi(
  createRoute({
    method: "delete",
    path: "/{id}/deployment",
    operationId: "cancel_deployment",
    tags: tag,
    summary: "Cancel a running deployment: it ends failed and traffic stays on the previous one",
    middleware: [
      sameOriginOnly,
      async (c, next) => {
        c.set("db", getDb(c.env.DB));
        await next();
      },
      requireUser,
    ] as const,
    request: { params: serverId },
    responses: { 200: json(ok(deployment), "The cancelled deployment"), ...errors(noDeployment) },
  }),
  async (c) => {
    const server = await ownServer(c.var.db, c.var.organizationId, c.req.valid("param").id);
    const data = await cancelDeployment(c.var.db, c.env, server.id);
    if (!data) return c.json({ success: false as const, error: "No deployment for this server" }, 404);
    return c.json({ success: true as const, data }, 200);
  },
);
