// The organization's usage this month against its plan's limits.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db";
import { organizationUsage, servers } from "../db/schema";
import { getOrganizationPlan } from "./plans";
import { usagePeriod } from "./usage";

export async function usageSummary(db: Database, organizationId: string) {
  const [{ plan }, [servered], [calls]] = await Promise.all([
    getOrganizationPlan(db, organizationId),
    db
      .select({ count: sql<number>`count(*)` })
      .from(servers)
      .where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed"))),
    db
      .select({ toolCalls: organizationUsage.toolCalls })
      .from(organizationUsage)
      .where(and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.period, usagePeriod()))),
  ]);
  return {
    plan,
    serversUsed: servered?.count ?? 0,
    toolCallsThisMonth: calls?.toolCalls ?? 0,
    period: usagePeriod(),
  };
}
