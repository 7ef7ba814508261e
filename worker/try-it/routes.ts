// Try it, Check the API and the Model view of a server (the organization's own servers). Running a
// tool and checking the API act with the server's credentials: signed-in sessions only, never API keys.
import { createRoute } from "@hono/zod-openapi";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../db";
import { servers } from "../db/schema";
import { ok } from "../lib/answers";
import { fail } from "../lib/errors";
import { describedRoutes, errors, json } from "../lib/openapi";
import { notFound, serverId } from "../servers/routes";
import { checkApi, checkOptions } from "./check-api";
import { modelView } from "./model-view";
import { runTool } from "./run";
import { checkAnswer, checkBody, checkOperations, modelViewAnswer, tryItAnswer, tryItBody } from "./schemas";

const tag = ["Try it"];

/** The organization's server with this id, or a 404. */
async function ownServer(db: Database, organizationId: string, id: string) {
  const [server] = await db
    .select()
    .from(servers)
    .where(and(eq(servers.id, id), eq(servers.organizationId, organizationId), ne(servers.status, "removed")));
  if (!server) fail(404, "Server not found");
  return server;
}

/** Mounted at /api/servers. */
export const tryItRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/try-it",
      operationId: "try_tool",
      tags: tag,
      summary: "Run one tool through the server's MCP endpoint as the signed-in user (caller 'Try it (name)', metered like any call)",
      request: { params: serverId, body: { content: { "application/json": { schema: tryItBody } } } },
      responses: {
        200: json(ok(tryItAnswer), "The tool's answer as a client gets it, with timings"),
        ...errors({ 409: "The server is not deployed", ...notFound }),
      },
    }),
    async (c) => {
      const server = await ownServer(c.var.db, c.var.organizationId, c.req.valid("param").id);
      const origin = new URL(c.req.url).origin;
      const data = await runTool(c.var.db, c.env, server, c.var.user, c.req.valid("json"), origin, (p) => c.executionCtx.waitUntil(p));
      return c.json({ success: true as const, data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/check-api",
      operationId: "list_check_operations",
      tags: tag,
      summary: "The read-only (GET) operations Check the API can call, and the one it calls by default",
      request: { params: serverId },
      responses: { 200: json(ok(checkOperations), "The operations"), ...errors(notFound) },
    }),
    async (c) => {
      const server = await ownServer(c.var.db, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const, data: await checkOptions(c.var.db, server) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/check-api",
      operationId: "check_api",
      tags: tag,
      summary:
        "Call one read-only operation of the API with the configured base URL and credentials: did the host answer, was the credential accepted, what came back",
      request: { params: serverId, body: { content: { "application/json": { schema: checkBody } } } },
      responses: {
        200: json(ok(checkAnswer), "The check's result"),
        ...errors({ 400: "No operation to check, or invalid arguments", ...notFound }),
      },
    }),
    async (c) => {
      const server = await ownServer(c.var.db, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const, data: await checkApi(c.var.db, c.env, server, c.req.valid("json")) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/model-view",
      operationId: "get_model_view",
      tags: tag,
      summary:
        "The server's tools/list as clients receive it, in direct and in search mode, with its size in bytes and approximate tokens per tool",
      request: { params: serverId },
      responses: { 200: json(ok(modelViewAnswer), "The Model view"), ...errors(notFound) },
    }),
    async (c) => {
      const server = await ownServer(c.var.db, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const, data: await modelView(c.var.db, c.env, server) }, 200);
    },
  );
