// UsageLedger: one per organization, the owner of its monthly tool-call count. Gateway isolates do
// not write a database row per call: they take leases of calls from here (many at a time far from
// the plan's limit, one at a time near it), spend them without any I/O, and report what they used
// in batches. Calls leased out are reserved, so the month's calls never pass the limit however many
// isolates race for the last ones. The counts reach D1 (organization_usage, server_usage) as
// aggregates, written by this object's alarm, for the portal's pages and billing.
//
// An isolate that disappears while holding a lease (evicted, crashed) never reports its remainder:
// when the lease expires, that remainder is counted as used. So nothing can pass the limit, and what
// an organization can lose is bounded by one lease per isolate (LEASE_MAX calls, far fewer near the
// limit), counted as calls that were never made.
import { DurableObject } from "cloudflare:workers";
import { getDb } from "../worker/db";
import { callsLimitEvent } from "../worker/notifications/events";
import { recordNotification } from "../worker/notifications/notifications";

/** Largest lease, in calls. */
export const LEASE_MAX = 100;
/** A lease is at most this share of what is left of the month (so near the limit leases are one call). */
export const LEASE_SHARE = 20;
/** A lease not given back within this long is closed, its unreported remainder counted as used. */
export const LEASE_TTL_MS = 60_000;
/** Counts changed here reach D1 within this long. */
export const AGGREGATE_DELAY_MS = 1_000;

/** Calls used since the last report, per server. */
export type UsedCalls = Record<string, number>;
export type TakeRequest = {
  period: string;
  limit: number;
  /** Calls needed at once (a JSON-RPC batch may hold several): granted whole or not at all. */
  want: number;
  /** The isolate's previous lease, closed first: what it spent is counted, the rest given back. */
  close?: { leaseId: string; period: string; used: UsedCalls };
};
/** A lease of `granted` calls of `period` (the ledger's month: an isolate whose clock is behind is served from it). */
export type Grant = { granted: number; leaseId: string; expiresAt: number; period: string } | { granted: 0; leaseId: null; used: number };
export type ReportRequest = { period: string; leaseId: string; used: UsedCalls; release: boolean };
export type LedgerUsage = { period: string; used: number; reserved: number; servers: UsedCalls; lost: number; aggregateWrites: number };

type Lease = { left: number; expiresAt: number };
type State = {
  organizationId: string;
  period: string;
  /** Calls used this period: reported, plus the remainders of leases lost. */
  used: number;
  servers: UsedCalls;
  leases: Record<string, Lease>;
  /** Calls counted from leases that expired unreported. */
  lost: number;
  /** Bumped by every change of the counts; D1 holds them as of `written`. */
  version: number;
  written: number;
  aggregateWrites: number;
  /** The plan's monthly limit as the last take named it, and whether a take was refused since (the limit is reached). */
  limit?: number;
  refused?: boolean;
  /** The limit notifications of this period already recorded. */
  told?: { near?: boolean; reached?: boolean };
};

const sum = (used: UsedCalls | undefined) => Object.values(used ?? {}).reduce((a, b) => a + b, 0);
const dirty = (state: State) => state.version !== state.written;

/** How many calls a lease may hold with `remaining` calls left of the month. */
export const leaseSize = (remaining: number, want: number) =>
  Math.min(remaining, Math.max(want, Math.min(LEASE_MAX, Math.floor(remaining / LEASE_SHARE))));

export class UsageLedger extends DurableObject<Env> {
  private state: State | null = null;

  /**
   * The state of the current month, loaded once: from storage, or from D1's aggregates for a month
   * this object has not seen. Months only move forward; loading holds other requests back.
   */
  private async current(organizationId: string, period: string): Promise<State> {
    if (this.state && this.state.period >= period) return this.state;
    await this.ctx.blockConcurrencyWhile(async () => {
      this.state ??= (await this.ctx.storage.get<State>("state")) ?? null;
      if (this.state && this.state.period >= period) return;
      // A new month (or a first use): the old one's counts are written out, then the new one starts from D1's.
      if (this.state && dirty(this.state)) await this.writeAggregates(this.state);
      const [org, servers] = await this.env.DB.batch<{ server_id?: string; tool_calls: number }>([
        this.env.DB.prepare("select tool_calls from organization_usage where organization_id = ?1 and period = ?2").bind(
          organizationId,
          period,
        ),
        this.env.DB.prepare("select server_id, tool_calls from server_usage where organization_id = ?1 and period = ?2").bind(
          organizationId,
          period,
        ),
      ]);
      this.state = {
        organizationId,
        period,
        used: org.results[0]?.tool_calls ?? 0,
        servers: Object.fromEntries(servers.results.map((r) => [r.server_id!, r.tool_calls])),
        leases: {},
        lost: 0,
        version: 0,
        written: 0,
        aggregateWrites: this.state?.aggregateWrites ?? 0,
      };
      await this.ctx.storage.put("state", this.state);
    });
    return this.state!;
  }

  private reserved(state: State) {
    return Object.values(state.leases).reduce((a, l) => a + l.left, 0);
  }

  /** Adds an isolate's used calls to the count; they come off the lease they were spent from. */
  private apply(state: State, leaseId: string | undefined, used: UsedCalls | undefined) {
    const n = sum(used);
    if (n === 0) return;
    for (const [server, calls] of Object.entries(used!)) state.servers[server] = (state.servers[server] ?? 0) + calls;
    state.version++;
    const lease = leaseId ? state.leases[leaseId] : undefined;
    if (lease) {
      lease.left = Math.max(0, lease.left - n);
      state.used += n;
    } else if (leaseId) {
      // Its lease expired first: these calls were counted then, as lost; now they are known to be made.
      const known = Math.min(n, state.lost);
      state.lost -= known;
      state.used += n - known;
    } else {
      state.used += n;
    }
  }

  /** Closes the isolate's previous lease and asks for `want` calls: granted whole (with more to spare far from the limit) or refused. */
  async take(organizationId: string, request: TakeRequest): Promise<Grant> {
    if (request.close) await this.report(organizationId, { ...request.close, release: true });
    const state = await this.current(organizationId, request.period);
    const now = Date.now();
    this.expire(state, now);
    const remaining = request.limit - state.used - this.reserved(state);
    state.limit = request.limit;
    state.refused = remaining < request.want;
    if (remaining < request.want || request.want < 1) {
      await this.save(state);
      return { granted: 0, leaseId: null, used: state.used };
    }
    const granted = leaseSize(remaining, request.want);
    const leaseId = crypto.randomUUID();
    const expiresAt = now + LEASE_TTL_MS;
    state.leases[leaseId] = { left: granted, expiresAt };
    await this.save(state);
    return { granted, leaseId, expiresAt, period: state.period };
  }

  /** Reports used calls; `release` gives the lease's remainder back. */
  async report(organizationId: string, request: ReportRequest): Promise<void> {
    const state = await this.current(organizationId, request.period);
    if (state.period !== request.period) await this.countLate(state, request.period, request.used);
    else this.apply(state, request.leaseId, request.used);
    if (request.release) delete state.leases[request.leaseId];
    await this.save(state);
  }

  /** This month's count as the ledger holds it (exact: D1 may lag by AGGREGATE_DELAY_MS). */
  async usage(organizationId: string, period: string): Promise<LedgerUsage> {
    const state = await this.current(organizationId, period);
    return {
      period,
      used: state.used,
      reserved: this.reserved(state),
      servers: { ...state.servers },
      lost: state.lost,
      aggregateWrites: state.aggregateWrites,
    };
  }

  /** Writes the counts to D1 now (the alarm does it on its own within AGGREGATE_DELAY_MS). */
  async writeNow(): Promise<void> {
    this.state ??= (await this.ctx.storage.get<State>("state")) ?? null;
    if (!this.state) return;
    if (dirty(this.state)) await this.writeAggregates(this.state);
    await this.tellLimit(this.state);
    await this.ctx.storage.put("state", this.state);
  }

  async alarm(): Promise<void> {
    this.state ??= (await this.ctx.storage.get<State>("state")) ?? null;
    const state = this.state;
    if (!state) return;
    this.expire(state, Date.now());
    if (dirty(state)) await this.writeAggregates(state);
    await this.tellLimit(state);
    await this.save(state);
  }

  /** The month's limit notification now due (80% used, or the limit reached), or null. */
  private limitEvent(state: State) {
    return callsLimitEvent(state.period, { used: state.used, limit: state.limit ?? 0, refused: state.refused }, state.told ?? {});
  }

  /** Tells the organization its calls near or reached the month's limit: once each per month, from the alarm, never from a call. */
  private async tellLimit(state: State) {
    const event = this.limitEvent(state);
    if (!event) return;
    await recordNotification(getDb(this.env.DB), state.organizationId, event);
    state.told = { ...state.told, [event.kind === "calls_limit_reached" ? "reached" : "near"]: true };
  }

  /** Calls of a month that is over, reported late: added to that month's rows in D1 (its counts here are gone). */
  private async countLate(state: State, period: string, used: UsedCalls | undefined) {
    const n = sum(used);
    if (n > 0) await this.writeCounts(state.organizationId, period, n, used!, "add");
  }

  /** Closes leases past their time: the remainder was never reported, so it counts as used. */
  private expire(state: State, now: number) {
    for (const [id, lease] of Object.entries(state.leases)) {
      if (lease.expiresAt > now) continue;
      state.used += lease.left;
      state.lost += lease.left;
      if (lease.left > 0) state.version++;
      delete state.leases[id];
    }
  }

  private async save(state: State) {
    await this.ctx.storage.put("state", state);
    // The next alarm: soon when D1 lags, else when the first lease expires.
    const expiries = Object.values(state.leases).map((l) => l.expiresAt);
    const next = Math.min(dirty(state) || this.limitEvent(state) ? Date.now() + AGGREGATE_DELAY_MS : Infinity, ...expiries);
    if (next === Infinity) return;
    const set = await this.ctx.storage.getAlarm();
    if (set === null || set > next) await this.ctx.storage.setAlarm(next);
  }

  /** The month's counts as absolute values (so a repeated write changes nothing). */
  private async writeAggregates(state: State) {
    const version = state.version;
    await this.writeCounts(state.organizationId, state.period, state.used, state.servers, "set");
    state.written = version;
    state.aggregateWrites++;
  }

  /** One batch: the organization's row and each server's, set to or increased by the counts; servers deleted since are skipped. */
  private async writeCounts(organizationId: string, period: string, calls: number, servers: UsedCalls, mode: "set" | "add") {
    const db = this.env.DB;
    const value = mode === "set" ? "excluded.tool_calls" : "tool_calls + excluded.tool_calls";
    await db.batch([
      db
        .prepare(
          `insert into organization_usage (organization_id, period, tool_calls) values (?1, ?2, ?3)
           on conflict (organization_id, period) do update set tool_calls = ${value}`,
        )
        .bind(organizationId, period, calls),
      ...Object.entries(servers).map(([server, n]) =>
        db
          .prepare(
            `insert into server_usage (server_id, organization_id, period, tool_calls)
             select ?1, ?2, ?3, ?4 where exists (select 1 from servers where id = ?1)
             on conflict (server_id, period) do update set tool_calls = ${value}`,
          )
          .bind(server, organizationId, period, n),
      ),
    ]);
  }
}
