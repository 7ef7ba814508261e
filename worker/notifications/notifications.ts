// The organization's notifications: features record events (deploys, updates, crawls, limits, domains);
// the bell lists them newest first with an unread count, and marks them read.
import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db";
import { notifications, type NotificationKind } from "../db/schema";

/** What a feature tells the organization. `link` is a portal path such as /servers/{id}; `dedupeKey` makes an event once-only. */
export type NewNotification = { kind: NotificationKind; title: string; message: string; link?: string | null; dedupeKey?: string };

/** How many notifications an organization keeps (older ones are dropped as new ones come). */
export const KEPT_PER_ORGANIZATION = 200;
const LISTED = 50;

// Only a same-site path is a link: a notification never sends anyone elsewhere.
const samePath = (link: string | null | undefined) =>
  link && link.startsWith("/") && !link.startsWith("//") && link.length <= 500 ? link : null;

/**
 * Records one event for the organization. It never throws: a lost notification must not fail the work
 * it reports (a deploy, a sync, a crawl). Answers whether it was recorded (false for a repeated dedupeKey).
 */
export async function recordNotification(db: Database, organizationId: string, event: NewNotification): Promise<boolean> {
  try {
    const inserted = await db
      .insert(notifications)
      .values({
        organizationId,
        kind: event.kind,
        title: event.title.slice(0, 200),
        message: event.message.slice(0, 1000),
        link: samePath(event.link),
        dedupeKey: event.dedupeKey?.slice(0, 200) ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (inserted.length > 0) await pruneOld(db, organizationId);
    return inserted.length > 0;
  } catch (error) {
    console.error("notification not recorded", event.kind, error instanceof Error ? error.message : error);
    return false;
  }
}

async function pruneOld(db: Database, organizationId: string) {
  const [oldestKept] = await db
    .select({ createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.organizationId, organizationId))
    .orderBy(desc(notifications.createdAt))
    .limit(1)
    .offset(KEPT_PER_ORGANIZATION - 1);
  if (oldestKept)
    await db
      .delete(notifications)
      .where(and(eq(notifications.organizationId, organizationId), lt(notifications.createdAt, oldestKept.createdAt)));
}

const unreadOf = (organizationId: string) => and(eq(notifications.organizationId, organizationId), isNull(notifications.readAt));

/** The newest notifications with the organization's unread count. */
export async function listNotifications(db: Database, organizationId: string) {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, organizationId))
      .orderBy(desc(notifications.createdAt), desc(sql`rowid`))
      .limit(LISTED),
    db.select({ n: count() }).from(notifications).where(unreadOf(organizationId)),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      message: row.message,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    unread: unread?.n ?? 0,
  };
}

/** Marks the given notifications (or all of them) read; answers the unread count left. */
export async function markNotificationsRead(db: Database, organizationId: string, ids?: string[]) {
  const which = ids ? and(unreadOf(organizationId), inArray(notifications.id, ids.length ? ids : [""])) : unreadOf(organizationId);
  await db.update(notifications).set({ readAt: new Date() }).where(which);
  const [unread] = await db.select({ n: count() }).from(notifications).where(unreadOf(organizationId));
  return { unread: unread?.n ?? 0 };
}
