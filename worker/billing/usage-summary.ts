// The organization's usage this month against its plan's limits.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db";
import { servers } from "../db/schema";
import type { Bindings } from "../env";
import { monthUsage } from "../gateway/metering";
import { getOrganizationPlan } from "./plans";
import { usagePeriod } from "./usage";

/** The month's calls come from the organization's usage ledger, exact (D1's copy may lag by a second). */
export async function usageSummary(db: Database, env: Bindings, organizationId: string) {
  const [{ plan }, [servered], calls] = await Promise.all([
    getOrganizationPlan(db, organizationId),
    db
      .select({ count: sql<number>`count(*)` })
      .from(servers)
      .where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed"))),
    monthUsage(env, organizationId),
  ]);
  return {
    plan,
    serversUsed: servered?.count ?? 0,
    toolCallsThisMonth: calls.used,
    period: usagePeriod(),
  };
}
