// Metering of tools/call: atomic per-organization and per-server monthly counters; an organization
// past its plan's monthly limit has its servers hibernated and further calls refused.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { organizationUsage, servers, serverUsage } from "../db/schema";
import { usagePeriod } from "../billing/usage";

export type MeterResult = { ok: true; toolCalls: number } | { ok: false; message: string };

/** The refusal of a call over the monthly limit; it names the limit. */
export const limitMessage = (planName: string, limit: number) =>
  `Monthly tool-call limit reached: the ${planName} plan allows ${limit.toLocaleString("en-US")} tool calls per month (maxToolCallsPerMonth). ` +
  `This server is paused until the usage resets on the 1st of next month, or until the plan is upgraded.`;

/** Counts one tools/call, unless the organization has used its monthly allowance. */
export async function meterToolCall(
  db: Database,
  call: { serverId: string; organizationId: string; limit: number; planName: string },
  now = new Date(),
): Promise<MeterResult> {
  const period = usagePeriod(now);
  // One statement: the increment happens only while under the limit, so concurrent calls never overshoot.
  const [org] = await db
    .insert(organizationUsage)
    .values({ organizationId: call.organizationId, period, toolCalls: 1 })
    .onConflictDoUpdate({
      target: [organizationUsage.organizationId, organizationUsage.period],
      set: { toolCalls: sql`${organizationUsage.toolCalls} + 1` },
      setWhere: sql`${organizationUsage.toolCalls} < ${call.limit}`,
    })
    .returning({ toolCalls: organizationUsage.toolCalls });
  if (!org) {
    await hibernateOrganization(db, call.organizationId);
    return { ok: false, message: limitMessage(call.planName, call.limit) };
  }
  await db
    .insert(serverUsage)
    .values({ serverId: call.serverId, organizationId: call.organizationId, period, toolCalls: 1 })
    .onConflictDoUpdate({ target: [serverUsage.serverId, serverUsage.period], set: { toolCalls: sql`${serverUsage.toolCalls} + 1` } });
  return { ok: true, toolCalls: org.toolCalls };
}

/** Pauses every active server of an organization for the monthly tool-call limit. */
export function hibernateOrganization(db: Database, organizationId: string) {
  return db
    .update(servers)
    .set({ status: "hibernated", hibernatedReason: "tool_calls" })
    .where(and(eq(servers.organizationId, organizationId), eq(servers.status, "active")));
}

/** Tool calls of each of the organization's servers this month: server id → count. */
export async function serverCallsThisMonth(db: Database, organizationId: string, now = new Date()): Promise<Record<string, number>> {
  const rows = await db
    .select({ serverId: serverUsage.serverId, toolCalls: serverUsage.toolCalls })
    .from(serverUsage)
    .where(and(eq(serverUsage.organizationId, organizationId), eq(serverUsage.period, usagePeriod(now))));
  return Object.fromEntries(rows.map((r) => [r.serverId, r.toolCalls]));
}
