// Notifications: the bell's list with the unread count, and marking read.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { notificationList } from "../../../worker/notifications/schemas";
import { api, call } from "./client";

export type NotificationList = z.output<typeof notificationList>;
export type Notification = NotificationList["notifications"][number];

export const notificationsQuery = queryOptions({
  queryKey: ["notifications"],
  queryFn: () => call(api.notifications.$get(), "Failed to load notifications"),
  // Events happen while the user looks elsewhere: asked again each minute.
  refetchInterval: 60_000,
});

/** Marks the given notifications read, or all of them without ids. */
export const markNotificationsRead = (ids?: string[]) =>
  call(api.notifications.read.$post({ json: ids ? { ids } : {} }), "Failed to mark notifications read");
