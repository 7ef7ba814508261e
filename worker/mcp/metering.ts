// Metering of tools/call: atomic per-organization and per-server monthly counters; an organization
// past its plan's monthly limit has its servers hibernated and further calls refused.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db";
import { servers, serverUsage } from "../db/schema";
import { usagePeriod } from "../billing/usage";
import { invalidateServerLookups } from "./lookup";

export type MeterResult = { ok: true; toolCalls: number } | { ok: false; message: string };
export type MeteredCall = { serverId: string; organizationId: string; limit: number; planName: string };

/** The refusal of a call over the monthly limit; it names the limit. */
export const limitMessage = (planName: string, limit: number) =>
  `Monthly tool-call limit reached: the ${planName} plan allows ${limit.toLocaleString("en-US")} tool calls per month (maxToolCallsPerMonth). ` +
  `This server is paused until the usage resets on the 1st of next month, or until the plan is upgraded.`;

/**
 * What this isolate knows of each organization's count: the last one D1 answered (fresh for
 * SEEN_TTL_MS) and the calls it is counting right now. Far enough under the limit, a call can be
 * counted while it runs instead of before it starts (see farFromLimit).
 */
const SEEN_TTL_MS = 2_000;
const SEEN_LIMIT = 10_000;
const seen = new Map<string, { period: string; toolCalls: number; at: number }>();
const inFlight = new Map<string, number>();
/** Calls an organization must have left, beyond those in flight here, for counting to run alongside a call. */
const headroomFor = (limit: number) => Math.max(100, Math.ceil(limit / 100));

/**
 * True when `count` more calls certainly fit under the limit as this isolate last saw it (within
 * SEEN_TTL_MS, with a margin for other isolates' calls since). The gateway then counts them while
 * they run, so the D1 round trip is hidden behind the upstream call; near the limit it counts
 * first, so a call over the limit never reaches the API.
 */
export function farFromLimit(call: MeteredCall, count = 1, now = new Date()): boolean {
  const last = seen.get(call.organizationId);
  if (!last || last.period !== usagePeriod(now) || now.getTime() - last.at >= SEEN_TTL_MS) return false;
  return last.toolCalls + (inFlight.get(call.organizationId) ?? 0) + count <= call.limit - headroomFor(call.limit);
}

/** Counts `count` tools/call of one request (a JSON-RPC batch may hold several); stops at the first refusal. */
export async function meterToolCalls(db: Database, call: MeteredCall, count: number, now = new Date()): Promise<MeterResult> {
  const org = call.organizationId;
  inFlight.set(org, (inFlight.get(org) ?? 0) + count);
  try {
    let result: MeterResult = { ok: true, toolCalls: 0 };
    for (let i = 0; i < count && result.ok; i++) result = await meterToolCall(db, call, now);
    return result;
  } finally {
    const left = (inFlight.get(org) ?? count) - count;
    if (left > 0) inFlight.set(org, left);
    else inFlight.delete(org);
  }
}

/** Counts one tools/call, unless the organization has used its monthly allowance. */
async function meterToolCall(db: Database, call: MeteredCall, now = new Date()): Promise<MeterResult> {
  const period = usagePeriod(now);
  // One batch (one transaction, one round trip). The organization's counter moves only while under
  // the limit, so concurrent calls never overshoot; the server's counter moves only if it did
  // (SQLite's changes() is the row count of the batch's previous statement).
  const d1 = db.$client;
  const [orgResult] = await d1.batch<{ tool_calls: number }>([
    d1
      .prepare(
        `insert into organization_usage (organization_id, period, tool_calls) values (?1, ?2, 1)
         on conflict (organization_id, period) do update set tool_calls = tool_calls + 1 where tool_calls < ?3
         returning tool_calls`,
      )
      .bind(call.organizationId, period, call.limit),
    d1
      .prepare(
        `insert into server_usage (server_id, organization_id, period, tool_calls)
         select ?1, ?2, ?3, 1 where changes() > 0
         on conflict (server_id, period) do update set tool_calls = tool_calls + 1`,
      )
      .bind(call.serverId, call.organizationId, period),
  ]);
  const toolCalls = orgResult.results[0]?.tool_calls;
  if (toolCalls === undefined) {
    seen.delete(call.organizationId);
    await hibernateOrganization(db, call.organizationId);
    return { ok: false, message: limitMessage(call.planName, call.limit) };
  }
  // Answers of concurrent calls may arrive out of order: keep the highest count of the period.
  const last = seen.get(call.organizationId);
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.set(call.organizationId, { period, toolCalls: last?.period === period ? Math.max(last.toolCalls, toolCalls) : toolCalls, at: Date.now() });
  return { ok: true, toolCalls };
}

/** Pauses every active server of an organization for the monthly tool-call limit. */
export async function hibernateOrganization(db: Database, organizationId: string) {
  await db
    .update(servers)
    .set({ status: "hibernated", hibernatedReason: "tool_calls" })
    .where(and(eq(servers.organizationId, organizationId), eq(servers.status, "active")));
  invalidateServerLookups();
}

/** Tool calls of each of the organization's servers this month: server id → count. */
export async function serverCallsThisMonth(db: Database, organizationId: string, now = new Date()): Promise<Record<string, number>> {
  const rows = await db
    .select({ serverId: serverUsage.serverId, toolCalls: serverUsage.toolCalls })
    .from(serverUsage)
    .where(and(eq(serverUsage.organizationId, organizationId), eq(serverUsage.period, usagePeriod(now))));
  return Object.fromEntries(rows.map((r) => [r.serverId, r.toolCalls]));
}
