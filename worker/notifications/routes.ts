// Notifications: the bell's list with the unread count, and marking read.
import { createRoute } from "@hono/zod-openapi";
import { ok } from "../lib/answers";
import { describedRoutes, json } from "../lib/openapi";
import { listNotifications, markNotificationsRead } from "./notifications";
import { markReadBody, notificationList, unreadCount } from "./schemas";

const tags = ["Notifications"];

export const notificationRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      operationId: "list_notifications",
      tags,
      summary:
        "The organization's latest 50 notifications (deploys, updates, crawls, imports, limits, custom domains), newest first, with the unread count",
      responses: { 200: json(ok(notificationList), "The notifications") },
    }),
    async (c) => c.json({ success: true as const, data: await listNotifications(c.var.db, c.var.organizationId) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/read",
      operationId: "mark_notifications_read",
      tags,
      summary: "Mark notifications read: the given ids, or all of them when none are given",
      request: { body: { required: true, content: { "application/json": { schema: markReadBody } } } },
      responses: { 200: json(ok(unreadCount), "The unread count left") },
    }),
    async (c) =>
      c.json({ success: true as const, data: await markNotificationsRead(c.var.db, c.var.organizationId, c.req.valid("json").ids) }, 200),
  );
