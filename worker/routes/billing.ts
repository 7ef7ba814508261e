// Billing: plans, subscription, checkout, customer portal, usage; the Stripe webhook;
// and the local provider's test-mode checkout and portal pages.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { applyPlanChange } from "../billing/plan-change";
import { getOrganizationPlan, listPlans, toPlanAnswer } from "../billing/plans";
import { billingProvider, localCheckoutKey, usesLocalBilling } from "../billing/providers";
import { applyStripeEvent, verifyStripeEvent } from "../billing/stripe-webhook";
import { checkoutPage, portalPage } from "../billing/test-mode-pages";
import { usageSummary } from "../billing/usage-summary";
import { getDb } from "../db";
import { plans, PLAN_TYPES } from "../db/schema";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { allowedOrigins } from "../lib/origin";
import { validate } from "../lib/validate";

export const checkoutBody = z.object({ planType: z.enum(PLAN_TYPES) });
export const usageCheckBody = z.object({ servers: z.number().int().min(0).optional(), toolCalls: z.number().int().min(0).optional() });

const portalOrigin = (c: { env: AppEnv["Bindings"]; req: { url: string } }) => allowedOrigins(c.env, c.req.url).at(-1)!;

/** The Stripe webhook: no session, verified by its signature instead. */
export const billingWebhookRoutes = new Hono<AppEnv>().post("/webhook", async (c) => {
  const event = await verifyStripeEvent(c.env, await c.req.text(), c.req.header("stripe-signature"));
  const applied = await applyStripeEvent(getDb(c.env.DB), event);
  return c.json({ success: true, data: { received: true, applied } });
});

export const billingRoutes = new Hono<AppEnv>()
  .get("/plans", async (c) => c.json({ success: true, data: (await listPlans(c.var.db)).map(toPlanAnswer) }))
  .get("/subscription", async (c) => {
    const { subscription } = await getOrganizationPlan(c.var.db, c.var.organizationId);
    const { plan, serversUsed, toolCallsThisMonth, period } = await usageSummary(c.env, c.var.db, c.var.organizationId);
    const provider = billingProvider(c.env, c.var.db).name;
    return c.json({
      success: true,
      data: {
        plan: toPlanAnswer(plan),
        status: subscription?.status ?? "active",
        cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
        currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
        usage: { serversUsed, toolCallsThisMonth, period },
        provider,
        testMode: provider === "local",
      },
    });
  })
  .post("/checkout", validate("json", checkoutBody), async (c) => {
    const { planType } = c.req.valid("json");
    if (planType === "free") fail(400, "Only the sprout and growth plans can be upgraded to");
    const url = await billingProvider(c.env, c.var.db).checkout({
      organizationId: c.var.organizationId,
      planType,
      email: c.var.user.email,
      origin: portalOrigin(c),
    });
    return c.json({ success: true, data: { url } });
  })
  .post("/portal", async (c) => {
    const { plan } = await getOrganizationPlan(c.var.db, c.var.organizationId);
    if (plan.type === "free") fail(400, "The free plan has no billing portal");
    const url = await billingProvider(c.env, c.var.db).portal({ organizationId: c.var.organizationId, origin: portalOrigin(c) });
    return c.json({ success: true, data: { url } });
  })
  .post("/usage", validate("json", usageCheckBody), async (c) => {
    // Would the organization stay within its plan with this many servers and tool calls?
    const body = c.req.valid("json");
    const { plan, serversUsed, toolCallsThisMonth } = await usageSummary(c.env, c.var.db, c.var.organizationId);
    const servers = body.servers ?? serversUsed;
    const toolCalls = body.toolCalls ?? toolCallsThisMonth;
    const withinLimits = servers <= plan.maxServers && toolCalls <= plan.maxToolCallsPerMonth;
    return c.json({
      success: true,
      data: {
        withinLimits,
        requiresUpgrade: !withinLimits,
        servers: { used: servers, limit: plan.maxServers },
        toolCalls: { used: toolCalls, limit: plan.maxToolCallsPerMonth },
      },
    });
  })
  .get("/test-checkout/:id", async (c) => {
    const pending = await localCheckout(c.env, c.req.param("id"), c.var.organizationId);
    const plan = await c.var.db.query.plans.findFirst({ where: eq(plans.type, pending.planType) });
    return c.html(checkoutPage(plan!, `/api/billing/test-checkout/${encodeURIComponent(c.req.param("id"))}`));
  })
  .post("/test-checkout/:id", async (c) => {
    const pending = await localCheckout(c.env, c.req.param("id"), c.var.organizationId);
    await c.env.KV.delete(localCheckoutKey(c.req.param("id")));
    await applyPlanChange(c.var.db, c.var.organizationId, { planType: pending.planType, status: "active", provider: "local", cancelAtPeriodEnd: false });
    return c.redirect("/usage?checkout=success", 303);
  })
  .get("/test-portal", async (c) => {
    localOnly(c.env);
    const { subscription, plan } = await getOrganizationPlan(c.var.db, c.var.organizationId);
    return c.html(portalPage(plan, subscription?.status ?? "active"));
  })
  .post("/test-portal/:action{cancel|reactivate|free}", async (c) => {
    localOnly(c.env);
    const action = c.req.param("action");
    const change =
      action === "free"
        ? { planType: "free" as const, status: "active" as const, cancelAtPeriodEnd: false }
        : { status: action === "cancel" ? ("canceled" as const) : ("active" as const), cancelAtPeriodEnd: action === "cancel" };
    await applyPlanChange(c.var.db, c.var.organizationId, change);
    return c.redirect("/usage", 303);
  });

/** The test-mode pages exist only where the test-mode provider serves: never in production. */
function localOnly(env: AppEnv["Bindings"]) {
  if (!usesLocalBilling(env)) fail(404, "Not found");
}

async function localCheckout(env: AppEnv["Bindings"], id: string, organizationId: string) {
  localOnly(env);
  const pending = await env.KV.get<{ organizationId: string; planType: (typeof PLAN_TYPES)[number] }>(localCheckoutKey(id), "json");
  if (!pending || pending.organizationId !== organizationId) fail(404, "This checkout has expired or does not exist");
  return pending;
}
