// Plans (limits, price, features) and the organization's subscription (plan, status, period), as the API answers them.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { plans, subscriptions } from "../db/schema";
import type { z } from "zod";
import type { plan } from "./schemas";

type PlanRow = typeof plans.$inferSelect;

/** A plan as the API answers it: prices in cents, limits under `features`. */
export const toPlanAnswer = (p: PlanRow): z.output<typeof plan> => ({
  id: p.id,
  type: p.type,
  name: p.name,
  price: p.price,
  description: p.description,
  popular: p.popular,
  features: {
    maxServers: p.maxServers,
    maxToolsPerServer: p.maxToolsPerServer,
    maxToolCallsPerMonth: p.maxToolCallsPerMonth,
    automatedCrawls: p.automatedCrawls,
    apiAccess: p.apiAccess,
    prioritySupport: p.prioritySupport,
    customDomain: p.customDomain,
  },
});

export const listPlans = (db: Database) => db.select().from(plans).orderBy(asc(plans.sortOrder));

/** The organization's subscription with its plan (free when none is recorded). */
export async function getOrganizationPlan(db: Database, organizationId: string) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.type, subscriptions.planType))
    .where(eq(subscriptions.organizationId, organizationId));
  if (row) return row;
  const [free] = await db.select().from(plans).where(eq(plans.type, "free"));
  return { subscription: null, plan: free };
}
