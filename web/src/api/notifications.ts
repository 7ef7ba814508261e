// Notifications: the bell's list with the unread count, and marking read.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { notificationList } from "../../../worker/notifications/schemas";
import { apiRequest } from "./client";

export type NotificationList = z.output<typeof notificationList>;
export type Notification = NotificationList["notifications"][number];

export const notificationsQuery = queryOptions({
  queryKey: ["notifications"],
  queryFn: () => apiRequest<NotificationList>("/api/notifications", { fallbackError: "Failed to load notifications" }),
  // Events happen while the user looks elsewhere: asked again each minute.
  refetchInterval: 60_000,
});

/** Marks the given notifications read, or all of them without ids. */
export const markNotificationsRead = (ids?: string[]) =>
  apiRequest<{ unread: number }>("/api/notifications/read", { method: "POST", body: ids ? { ids } : {}, fallbackError: "Failed to mark notifications read" });
