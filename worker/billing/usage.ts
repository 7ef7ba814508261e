// Monthly usage: counts are kept per month ('YYYY-MM'), so a new month starts from zero by itself.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db";
import { servers } from "../db/schema";

/** The usage period of a date, e.g. '2026-11'. */
export const usagePeriod = (date = new Date()) => date.toISOString().slice(0, 7);

/** The 1st-of-the-month roll-over: servers paused for the monthly tool-call limit resume. */
export async function rollOverMonthlyUsage(db: Database) {
  const resumed = await db
    .update(servers)
    .set({ status: "active", hibernatedReason: null })
    .where(and(eq(servers.status, "hibernated"), eq(servers.hibernatedReason, "tool_calls")))
    .returning({ id: servers.id });
  return resumed.map((s) => s.id);
}
