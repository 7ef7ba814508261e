// A server's automated re-crawls and syncs: the schedule and what the recent runs changed.
import { createRoute } from "@hono/zod-openapi";
import { ok } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { notFound, serverId } from "../servers/routes";
import { listAutomatedRuns } from "./runs";
import { automatedSchedule } from "./schemas";

export const automatedRunRoutes = describedRoutes().openapi(
  createRoute({
    method: "get",
    path: "/{id}/automated-runs",
    operationId: "list_automated_runs",
    tags: ["Crawling"],
    summary: "The server's automated re-crawls or description syncs: when the next is due, and what the recent ones changed",
    request: { params: serverId },
    responses: { 200: json(ok(automatedSchedule), "The schedule and the recent runs, newest first"), ...errors(notFound) },
  }),
  async (c) =>
    c.json({ success: true as const, data: await listAutomatedRuns(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
);
