// Cron Triggers: the monthly usage roll-over on the 1st, and the daily sweep (re-crawls, description syncs, domains, call-log retention).
import { rollOverMonthlyUsage } from "./billing/usage";
import { pruneCallRecords } from "./calls/prune";
import { sweepDueServers } from "./crawl/server-crawl";
import { getDb } from "./db";
import { checkPendingDomains } from "./domains/domains";
import { sweepDueSyncs } from "./versions/sync";
import type { Bindings } from "./env";

export const MONTHLY_ROLLOVER_CRON = "5 0 1 * *";
export const DAILY_SWEEP_CRON = "0 3 * * *";

export async function handleScheduled(controller: ScheduledController, env: Bindings) {
  const db = getDb(env.DB);
  if (controller.cron === MONTHLY_ROLLOVER_CRON) {
    const resumed = await rollOverMonthlyUsage(db);
    console.log(`Monthly roll-over: ${resumed.length} server(s) resumed`);
  }
  if (controller.cron === DAILY_SWEEP_CRON) {
    const queued = await sweepDueServers(db, env);
    console.log(`Daily sweep: ${queued} re-crawl(s) queued`);
    const syncs = await sweepDueSyncs(db, env);
    if (syncs > 0) console.log(`Daily sweep: ${syncs} description URL update(s) queued`);
    const checked = await checkPendingDomains(db, env);
    if (checked > 0) console.log(`Daily sweep: ${checked} pending custom domain(s) checked`);
    const pruned = await pruneCallRecords(db);
    if (pruned > 0) console.log(`Daily sweep: ${pruned} call record(s) past their plan's retention deleted`);
  }
}
