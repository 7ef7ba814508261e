// Retention of the call log: each organization's records older than its plan keeps them are deleted
// by the daily Cron, a bounded number of rows per statement.
import type { Database } from "../db";

/** Rows one statement deletes; an organization with more goes on until done or MAX_ROUNDS. */
const CHUNK = 5_000;
const MAX_ROUNDS = 40;
const DAY_MS = 86_400_000;

/** Deletes records past their plan's retention; answers how many went. */
export async function pruneCallRecords(db: Database, now = Date.now()): Promise<number> {
  const d1 = db.$client;
  // Each organization with records, with its plan's retention (free when it has no subscription).
  const { results: orgs } = await d1
    .prepare(
      `select o.organization_id as organizationId,
         coalesce((select p.call_log_retention_days from subscriptions s join plans p on p.type = s.plan_type where s.organization_id = o.organization_id),
                  (select call_log_retention_days from plans where type = 'free'), 7) as days
       from (select distinct organization_id from call_records) o`,
    )
    .all<{ organizationId: string; days: number }>();
  let deleted = 0;
  for (const org of orgs) {
    const cutoff = now - org.days * DAY_MS;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await d1
        .prepare(
          `delete from call_records where rowid in (select rowid from call_records where organization_id = ?1 and at < ?2 limit ${CHUNK})`,
        )
        .bind(org.organizationId, cutoff)
        .run();
      deleted += result.meta.changes;
      if (result.meta.changes < CHUNK) break;
    }
  }
  return deleted;
}
