// Notifications: the answer shapes of the bell's routes.
import { z } from "zod";
import { NOTIFICATION_KINDS } from "../db/schema";
import { nullable, timestamp } from "../lib/answers";

export const notification = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    message: z.string(),
    link: nullable(z.string()).describe("A path of the portal the notification opens"),
    createdAt: timestamp,
    read: z.boolean(),
  })
  .meta({ id: "Notification" });

export const notificationList = z.object({
  notifications: z.array(notification).describe("Newest first"),
  unread: z.number().int().describe("How many of the organization's notifications are unread"),
});

export const markReadBody = z.object({
  ids: z.array(z.string().max(100)).max(100).optional().describe("The notifications to mark read; none given marks them all"),
});
export const unreadCount = z.object({ unread: z.number().int() });
