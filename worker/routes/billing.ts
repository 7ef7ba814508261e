// Billing: plans and the organization's current subscription.
import { Hono } from "hono";
import { getOrganizationPlan, listPlans, toPlanAnswer } from "../billing/plans";
import type { AppEnv } from "../env";

export const billingRoutes = new Hono<AppEnv>()
  .get("/plans", async (c) => c.json({ success: true, data: (await listPlans(c.var.db)).map(toPlanAnswer) }))
  .get("/subscription", async (c) => {
    const { subscription, plan } = await getOrganizationPlan(c.var.db, c.var.organizationId);
    return c.json({
      success: true,
      data: {
        plan: toPlanAnswer(plan),
        status: subscription?.status ?? "active",
        cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
        currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
      },
    });
  });
