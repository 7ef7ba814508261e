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

/** Counts one tools/call, unless the organization has used its monthly allowance. */
export async function meterToolCall(db: Database, call: MeteredCall, now = new Date()): Promise<MeterResult> {
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
  const orgRows = orgResult.results.map((r) => ({ toolCalls: r.tool_calls }));
  const org = orgRows[0];
  if (!org) {
    await hibernateOrganization(db, call.organizationId);
    return { ok: false, message: limitMessage(call.planName, call.limit) };
  }
  return { ok: true, toolCalls: org.toolCalls };
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
