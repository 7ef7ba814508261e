// Cron Triggers: the monthly usage roll-over on the 1st, and the daily sweep, which queues work for the
// job bus (re-crawls, description syncs, custom-domain checks) and deletes call records past retention.
// Production fires both on the portal Worker (wrangler.toml [triggers]); `wrangler dev` fires a Cron on the
// first Worker it runs, the MCP gateway, whose `scheduled` hands it here through PortalScheduled.
import { WorkerEntrypoint } from "cloudflare:workers";
import { rollOverMonthlyUsage } from "./billing/usage";
import { pruneCallRecords } from "./calls/prune";
import { sweepDueServers } from "./crawl/server-crawl";
import { getDb } from "./db";
import { sweepPendingDomains } from "./domains/domains";
import { sweepDueSyncs } from "./versions/sync";
import { isLocalDev, type Bindings } from "./env";

export const MONTHLY_ROLLOVER_CRON = "5 0 1 * *";
export const DAILY_SWEEP_CRON = "0 3 * * *";

export type CronEvent = Pick<ScheduledController, "cron" | "scheduledTime">;

/**
 * Runs the work of one Cron Trigger. An event without a cron only exists locally (wrangler's bare
 * `/cdn-cgi/handler/scheduled`): it runs the daily sweep. Any other cron fails, naming the ones there are.
 */
export async function handleScheduled(event: CronEvent, env: Bindings) {
  const cron = event.cron === "" && isLocalDev(env) ? DAILY_SWEEP_CRON : event.cron;
  const db = getDb(env.DB);
  if (cron === MONTHLY_ROLLOVER_CRON) {
    const resumed = await rollOverMonthlyUsage(db);
    console.log(`Monthly roll-over: ${resumed.length} server(s) resumed`);
  } else if (cron === DAILY_SWEEP_CRON) {
    await dailySweep(env);
  } else {
    throw new Error(
      `No Cron Trigger "${event.cron}": the portal runs "${DAILY_SWEEP_CRON}" (daily sweep) and "${MONTHLY_ROLLOVER_CRON}" (monthly roll-over)`,
    );
  }
}

async function dailySweep(env: Bindings) {
  const db = getDb(env.DB);
  const queued = await sweepDueServers(db, env);
  console.log(`Daily sweep: ${queued} re-crawl(s) queued`);
  const syncs = await sweepDueSyncs(db, env);
  if (syncs > 0) console.log(`Daily sweep: ${syncs} description URL update(s) queued`);
  const domains = await sweepPendingDomains(db, env);
  if (domains > 0) console.log(`Daily sweep: ${domains} pending custom domain check(s) queued`);
  const pruned = await pruneCallRecords(db);
  if (pruned > 0) console.log(`Daily sweep: ${pruned} call record(s) past their plan's retention deleted`);
}

/**
 * The portal's Cron handling for another Worker of the same account: the MCP gateway's service binding
 * PORTAL_SCHEDULED (a Fetcher's own `scheduled()` needs an experimental compatibility flag).
 */
export class PortalScheduled extends WorkerEntrypoint<Bindings> {
  async fire(event: CronEvent) {
    await handleScheduled(event, this.env);
  }
}
