// Metering of tools/call without a database write per call: each organization's UsageLedger owns the
// month's count, and gateway isolates spend leases of calls from it. An organization past its plan's
// monthly limit has its servers hibernated and further calls refused.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db";
import { servers } from "../db/schema";
import { usagePeriod } from "../billing/usage";
import { invalidateServerLookups } from "../servers/read-model";
import type { Bindings } from "../env";
import type { UsedCalls } from "../../durable-objects/usage-ledger";

export type MeterResult = { ok: true } | { ok: false; message: string };
export type MeteredCall = { serverId: string; organizationId: string; limit: number; planName: string };

/** The refusal of a call over the monthly limit; it names the limit. */
export const limitMessage = (planName: string, limit: number) =>
  `Monthly tool-call limit reached: the ${planName} plan allows ${limit.toLocaleString("en-US")} tool calls per month (maxToolCallsPerMonth). ` +
  `This server is paused until the usage resets on the 1st of next month, or until the plan is upgraded.`;

/** How long used calls wait in an isolate before they are reported (one report covers all of them). */
export const REPORT_DELAY_MS = 250;
/** A lease nobody spent from for this long is given back. */
const IDLE_MS = 2_000;
/** Report rounds one request's waitUntil runs; after the last, held leases are given back. */
const REPORT_ROUNDS = 40;
/** A lease is spent only until this long before the ledger would close it. */
const LEASE_MARGIN_MS = 15_000;
/** After the ledger refuses, this isolate refuses the same organization, month and limit on its own for this long. */
const REFUSAL_MEMORY_MS = 1_000;

type HeldLease = {
  leaseId: string;
  period: string;
  limit: number;
  /** Calls left to spend without asking the ledger. */
  left: number;
  useUntil: number;
  /** Spent and not yet reported, per server. */
  used: UsedCalls;
  lastUse: number;
};

const ok: MeterResult = { ok: true };

/**
 * An isolate's side of the usage ledger (durable-objects/usage-ledger.ts): per organization, one
 * lease of calls taken from its ledger and spent without I/O; what was spent is reported in batches
 * from waitUntil, and a lease nobody spends is given back. A lease is never extended: whoever takes
 * it out of `leases` (to replace it, or to give it back) is the only one to close it, so a call is
 * spent from a lease the ledger still reserves for it. The limit is decided by the ledger, never here.
 */
export class UsageMeter {
  private leases = new Map<string, HeldLease>();
  /** The ledger request under way per organization: others wait for it instead of asking too. */
  private asking = new Map<string, Promise<unknown>>();
  private refused = new Map<string, { key: string; until: number }>();
  /** When the report loop last ran (null: none running). */
  private reportBeat: number | null = null;
  /** Reports on their way to a ledger, and the organizations reported on since the last settle. */
  private sending = new Set<Promise<void>>();
  private reported = new Set<string>();
  /** Requests to the ledger, for the benchmarks. */
  ledgerRequests = 0;

  /** Reports and gives back every lease, waits for every report on its way, and answers the organizations concerned since the last settle. */
  async settle(env: Bindings): Promise<string[]> {
    await Promise.all(this.asking.values());
    await this.reportAll(env, true);
    await Promise.all(this.sending);
    const organizations = [...this.reported];
    this.reported.clear();
    return organizations;
  }

  /** Counts `count` calls of one request: answered at once while this isolate's lease covers them. */
  take(
    env: Bindings,
    call: MeteredCall,
    count: number,
    waitUntil: (p: Promise<unknown>) => void,
    now = Date.now(),
  ): MeterResult | Promise<MeterResult> {
    const period = usagePeriod(new Date(now));
    const held = this.leases.get(call.organizationId);
    if (held && held.period === period && held.limit === call.limit && held.useUntil > now && held.left >= count) {
      held.left -= count;
      this.spend(held, call.serverId, count, now);
      this.keepReporting(env, waitUntil);
      return ok;
    }
    const key = `${period}:${call.limit}:${count}`;
    const refusal = this.refused.get(call.organizationId);
    if (refusal?.key === key && refusal.until > now) return { ok: false, message: limitMessage(call.planName, call.limit) };
    return this.fromLedger(env, call, count, period, now, waitUntil);
  }

  private spend(held: HeldLease, serverId: string, count: number, now: number) {
    held.used[serverId] = (held.used[serverId] ?? 0) + count;
    held.lastUse = now;
  }

  /** Waits for the request under way, if any (it may bring calls enough); else closes the lease and asks for a new one. */
  private async fromLedger(
    env: Bindings,
    call: MeteredCall,
    count: number,
    period: string,
    now: number,
    waitUntil: (p: Promise<unknown>) => void,
  ): Promise<MeterResult> {
    const org = call.organizationId;
    for (let waited = this.asking.get(org); waited; waited = this.asking.get(org)) {
      await waited.catch(() => {});
      const held = this.leases.get(org);
      if (held && held.period === period && held.limit === call.limit && held.left >= count) {
        held.left -= count;
        this.spend(held, call.serverId, count, Date.now());
        return ok;
      }
    }
    // Taken out before the request, so nobody spends from it while it is closed.
    const closing = this.leases.get(org);
    this.leases.delete(org);
    const request = (async (): Promise<MeterResult> => {
      this.ledgerRequests++;
      if (closing) this.reported.add(org);
      const grant = await ledgerOf(env, org).take(org, {
        period,
        limit: call.limit,
        want: count,
        close: closing && { leaseId: closing.leaseId, period: closing.period, used: closing.used },
      });
      if (grant.leaseId === null) {
        this.refused.set(org, { key: `${period}:${call.limit}:${count}`, until: Date.now() + REFUSAL_MEMORY_MS });
        return { ok: false, message: limitMessage(call.planName, call.limit) };
      }
      this.refused.delete(org);
      const lease: HeldLease = {
        leaseId: grant.leaseId,
        period: grant.period,
        limit: call.limit,
        left: grant.granted - count,
        useUntil: grant.expiresAt - LEASE_MARGIN_MS,
        used: {},
        lastUse: now,
      };
      this.spend(lease, call.serverId, count, Date.now());
      this.leases.set(org, lease);
      this.keepReporting(env, waitUntil);
      return ok;
    })();
    this.asking.set(org, request);
    try {
      return await request;
    } finally {
      this.asking.delete(org);
    }
  }

  /** Makes sure a report loop runs (one per isolate; a loop whose request went away is replaced). */
  private keepReporting(env: Bindings, waitUntil: (p: Promise<unknown>) => void) {
    const now = Date.now();
    if (this.reportBeat !== null && now - this.reportBeat < REPORT_DELAY_MS * 4) return;
    this.reportBeat = now;
    waitUntil(this.reportLoop(env));
  }

  private async reportLoop(env: Bindings) {
    try {
      for (let round = 1; round <= REPORT_ROUNDS && this.leases.size > 0; round++) {
        await new Promise((r) => setTimeout(r, REPORT_DELAY_MS));
        this.reportBeat = Date.now();
        await this.reportAll(env, round === REPORT_ROUNDS);
      }
    } finally {
      this.reportBeat = null;
    }
  }

  /** Reports what this isolate spent for one organization, keeping its lease. */
  async reportOrganization(env: Bindings, organizationId: string) {
    const held = this.leases.get(organizationId);
    if (held && Object.keys(held.used).length > 0) await this.report(env, organizationId, held, false);
  }

  /** Reports what every lease spent; leases idle for IDLE_MS or near their end (or all, with `release`) are given back. */
  async reportAll(env: Bindings, release = false) {
    const now = Date.now();
    await Promise.all(
      [...this.leases].map(([organizationId, held]) => {
        const giveBack = release || now - held.lastUse >= IDLE_MS || held.useUntil <= now;
        if (giveBack) this.leases.delete(organizationId);
        else if (Object.keys(held.used).length === 0) return;
        return this.report(env, organizationId, held, giveBack);
      }),
    );
  }

  private report(env: Bindings, organizationId: string, held: HeldLease, release: boolean): Promise<void> {
    this.reported.add(organizationId);
    const sent = this.send(env, organizationId, held, release).finally(() => this.sending.delete(sent));
    this.sending.add(sent);
    return sent;
  }

  private async send(env: Bindings, organizationId: string, held: HeldLease, release: boolean) {
    const used = drain(held);
    try {
      this.ledgerRequests++;
      await ledgerOf(env, organizationId).report(organizationId, { period: held.period, leaseId: held.leaseId, used, release });
    } catch (err) {
      // Kept for the next round; a lease given back is closed by the ledger when it expires (its calls then count as used).
      if (!release) restore(held, used);
      console.error("Usage report failed", String(err));
    }
  }
}

const drain = (held: HeldLease) => {
  const used = held.used;
  held.used = {};
  return used;
};
const restore = (held: HeldLease, used: UsedCalls) => {
  for (const [server, n] of Object.entries(used)) held.used[server] = (held.used[server] ?? 0) + n;
};

export const ledgerOf = (env: Bindings, organizationId: string) => env.USAGE_LEDGER.get(env.USAGE_LEDGER.idFromName(organizationId));

/** This isolate's meter. */
export const usageMeter = new UsageMeter();

/** Reports and gives back every lease this isolate holds, then has each ledger write D1 now (pages read D1). */
export async function settleUsage(env: Bindings, meter = usageMeter) {
  const organizations = await meter.settle(env);
  await Promise.all(organizations.map((org) => ledgerOf(env, org).writeNow()));
}

/** Pauses every active server of an organization for the monthly tool-call limit. */
export async function hibernateOrganization(db: Database, organizationId: string) {
  await db
    .update(servers)
    .set({ status: "hibernated", hibernatedReason: "tool_calls" })
    .where(and(eq(servers.organizationId, organizationId), eq(servers.status, "active")));
  invalidateServerLookups();
}

/**
 * This month's count of an organization as its ledger holds it: exact, once this isolate's own
 * unreported calls are in (other isolates report theirs within REPORT_DELAY_MS).
 */
export async function monthUsage(env: Bindings, organizationId: string, meter = usageMeter) {
  await meter.reportOrganization(env, organizationId);
  return ledgerOf(env, organizationId).usage(organizationId, usagePeriod());
}

/** Tool calls of each of the organization's servers this month: server id → count. */
export async function serverCallsThisMonth(env: Bindings, organizationId: string): Promise<Record<string, number>> {
  return (await monthUsage(env, organizationId)).servers;
}
