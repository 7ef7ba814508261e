// Applying a plan change: the subscription is updated, then the organization's servers are
// hibernated or resumed so they fit the plan's limits.
import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "../db";
import { organizationUsage, servers, subscriptions, type PlanType } from "../db/schema";
import { invalidateServerLookups } from "../servers/read-model";
import { getOrganizationPlan } from "./plans";
import { usagePeriod } from "./usage";

type SubscriptionChange = Partial<Omit<typeof subscriptions.$inferInsert, "organizationId">>;

/** Records the subscription change and brings the servers in line with the (new) plan. */
export async function applyPlanChange(db: Database, organizationId: string, change: SubscriptionChange & { planType?: PlanType }) {
  await db
    .insert(subscriptions)
    .values({ organizationId, ...change })
    .onConflictDoUpdate({ target: subscriptions.organizationId, set: { ...change, updatedAt: new Date() } });
  return enforcePlanLimits(db, organizationId);
}

/** Hibernates servers beyond maxServers (oldest stay), and resumes those that fit again. */
export async function enforcePlanLimits(db: Database, organizationId: string) {
  const { plan } = await getOrganizationPlan(db, organizationId);
  const [usage] = await db
    .select({ toolCalls: organizationUsage.toolCalls })
    .from(organizationUsage)
    .where(and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.period, usagePeriod())));
  const overCallLimit = (usage?.toolCalls ?? 0) >= plan.maxToolCallsPerMonth;
  const owned = await db
    .select({ id: servers.id, status: servers.status, reason: servers.hibernatedReason })
    .from(servers)
    .where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed")))
    .orderBy(asc(servers.createdAt), asc(servers.id));

  const hibernate: string[] = [];
  const resume: string[] = [];
  owned.forEach((server, index) => {
    const fits = index < plan.maxServers;
    if (!fits && server.reason !== "servers") hibernate.push(server.id);
    else if (
      fits &&
      server.status === "hibernated" &&
      (server.reason === "servers" || (server.reason === "tool_calls" && !overCallLimit))
    ) {
      resume.push(server.id);
    }
  });
  const writes = [
    ...hibernate.map((id) => db.update(servers).set({ status: "hibernated", hibernatedReason: "servers" }).where(eq(servers.id, id))),
    ...resume.map((id) => db.update(servers).set({ status: "active", hibernatedReason: null }).where(eq(servers.id, id))),
  ];
  if (writes.length) {
    await db.batch(writes as [(typeof writes)[0], ...typeof writes]);
    invalidateServerLookups();
  }
  return { hibernated: hibernate, resumed: resume };
}
