// Billing: plans, subscription, checkout, customer portal, usage; the Stripe webhook;
// and the local provider's test-mode checkout and portal pages.
import { eq } from "drizzle-orm";
import { createRoute, z } from "@hono/zod-openapi";
import { applyPlanChange } from "./plan-change";
import { getOrganizationPlan, listPlans, toPlanAnswer } from "./plans";
import { billingProvider, localCheckoutKey, usesLocalBilling } from "./providers";
import { applyStripeEvent, verifyStripeEvent } from "./stripe-webhook";
import { plan, redirectUrl, subscription, usageCheck } from "./schemas";
import { checkoutPage, portalPage } from "./test-mode-pages";
import { usageSummary } from "./usage-summary";
import { getDb } from "../db";
import { plans, PLAN_TYPES } from "../db/schema";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { ok } from "../lib/answers";
import { describedRoutes, errors, json, page, redirect } from "../lib/openapi";
import { allowedOrigins } from "../lib/origin";

export const checkoutBody = z.object({ planType: z.enum(PLAN_TYPES) });
export const usageCheckBody = z.object({ servers: z.number().int().min(0).optional(), toolCalls: z.number().int().min(0).optional() });

const portalOrigin = (c: { env: AppEnv["Bindings"]; req: { url: string } }) => allowedOrigins(c.env, c.req.url).at(-1)!;

const tag = ["Billing"];
const checkoutId = z.object({ id: z.string().describe("The test-mode checkout's id") });
const testMode = "Test mode only (no Stripe keys configured); answers 404 otherwise.";
const checkoutGone = { 404: "This checkout has expired or does not exist" } as const;
const noPayments = { 503: "Payments are not configured on this portal" } as const;

/** The Stripe webhook: no session, verified by its signature over the raw text (so the body is described, not parsed here). */
export const billingWebhookRoutes = describedRoutes();
billingWebhookRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "post",
    path: "/webhook",
    operationId: "receive_stripe_webhook",
    tags: tag,
    summary: "Stripe's webhook: subscription and payment events",
    description: "Called by Stripe, not by users: verified by the Stripe-Signature header instead of a session.",
    security: [],
    request: {
      body: { required: true, content: { "application/json": { schema: z.record(z.string(), z.unknown()).describe("A Stripe event") } } },
    },
    responses: {
      200: json(
        ok(z.object({ received: z.literal(true), applied: z.boolean() })),
        "The event was received (applied: it changed a subscription)",
      ),
      ...errors({ 400: "Missing Stripe-Signature header, or an invalid signature", 404: "Stripe is not configured" }),
    },
  }),
);
billingWebhookRoutes.post("/webhook", async (c) => {
  const event = await verifyStripeEvent(c.env, await c.req.text(), c.req.header("stripe-signature"));
  const applied = await applyStripeEvent(getDb(c.env.DB), event);
  return c.json({ success: true, data: { received: true, applied } });
});

export const billingRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/plans",
      operationId: "list_plans",
      tags: tag,
      summary: "The plans with their prices and limits",
      responses: { 200: json(ok(z.array(plan)), "The plans") },
    }),
    async (c) => c.json({ success: true as const, data: (await listPlans(c.var.db)).map(toPlanAnswer) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/subscription",
      operationId: "get_subscription",
      tags: tag,
      summary: "The organization's plan, subscription status and usage this month",
      responses: { 200: json(ok(subscription), "The subscription") },
    }),
    async (c) => {
      const { subscription } = await getOrganizationPlan(c.var.db, c.var.organizationId);
      const { plan, serversUsed, toolCallsThisMonth, period } = await usageSummary(c.var.db, c.env, c.var.organizationId);
      const provider = billingProvider(c.var.db, c.env).name;
      return c.json(
        {
          success: true as const,
          data: {
            plan: toPlanAnswer(plan),
            status: subscription?.status ?? "active",
            cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
            currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
            usage: { serversUsed, toolCallsThisMonth, period },
            provider,
            testMode: provider === "local",
          },
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/checkout",
      operationId: "start_checkout",
      tags: tag,
      summary: "Start upgrading to a paid plan; answers the checkout page's URL",
      request: { body: { required: true, content: { "application/json": { schema: checkoutBody } } } },
      responses: {
        200: json(ok(redirectUrl), "The checkout page"),
        ...errors({ 400: "Only the sprout and growth plans can be upgraded to", ...noPayments }),
      },
    }),
    async (c) => {
      const { planType } = c.req.valid("json");
      if (planType === "free") fail(400, "Only the sprout and growth plans can be upgraded to");
      const url = await billingProvider(c.var.db, c.env).checkout({
        organizationId: c.var.organizationId,
        planType,
        email: c.var.user.email,
        origin: portalOrigin(c),
      });
      return c.json({ success: true as const, data: { url } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/portal",
      operationId: "open_billing_portal",
      tags: tag,
      summary: "The payment provider's customer portal URL (paid plans)",
      responses: {
        200: json(ok(redirectUrl), "The customer portal"),
        ...errors({ 400: "The free plan has no billing portal", ...noPayments }),
      },
    }),
    async (c) => {
      const { plan } = await getOrganizationPlan(c.var.db, c.var.organizationId);
      if (plan.type === "free") fail(400, "The free plan has no billing portal");
      const url = await billingProvider(c.var.db, c.env).portal({ organizationId: c.var.organizationId, origin: portalOrigin(c) });
      return c.json({ success: true as const, data: { url } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/usage",
      operationId: "check_usage_limits",
      tags: tag,
      summary: "Would the organization stay within its plan with this many servers and tool calls?",
      request: { body: { content: { "application/json": { schema: usageCheckBody } } } },
      responses: { 200: json(ok(usageCheck), "Whether the plan's limits hold") },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { plan, serversUsed, toolCallsThisMonth } = await usageSummary(c.var.db, c.env, c.var.organizationId);
      const servers = body.servers ?? serversUsed;
      const toolCalls = body.toolCalls ?? toolCallsThisMonth;
      const withinLimits = servers <= plan.maxServers && toolCalls <= plan.maxToolCallsPerMonth;
      return c.json(
        {
          success: true as const,
          data: {
            withinLimits,
            requiresUpgrade: !withinLimits,
            servers: { used: servers, limit: plan.maxServers },
            toolCalls: { used: toolCalls, limit: plan.maxToolCallsPerMonth },
          },
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/test-checkout/{id}",
      operationId: "show_test_checkout",
      tags: tag,
      summary: "The test-mode checkout page (HTML)",
      description: testMode,
      request: { params: checkoutId },
      responses: { 200: page("An HTML page"), ...errors(checkoutGone) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const pending = await localCheckout(c.env, id, c.var.organizationId);
      const plan = await c.var.db.query.plans.findFirst({ where: eq(plans.type, pending.planType) });
      return c.html(checkoutPage(plan!, `/api/billing/test-checkout/${encodeURIComponent(id)}`), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/test-checkout/{id}",
      operationId: "confirm_test_checkout",
      tags: tag,
      summary: "Confirm a test-mode checkout: the plan changes at once, no payment is taken",
      description: testMode,
      request: { params: checkoutId },
      responses: { 303: redirect("Redirect to /usage?checkout=success", "/usage?checkout=success"), ...errors(checkoutGone) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const pending = await localCheckout(c.env, id, c.var.organizationId);
      await c.env.KV.delete(localCheckoutKey(id));
      await applyPlanChange(c.var.db, c.var.organizationId, {
        planType: pending.planType,
        status: "active",
        provider: "local",
        cancelAtPeriodEnd: false,
      });
      return c.redirect("/usage?checkout=success", 303);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/test-portal",
      operationId: "show_test_portal",
      tags: tag,
      summary: "The test-mode billing portal page (HTML)",
      description: testMode,
      responses: { 200: page("An HTML page"), ...errors({ 404: "Not found" }) },
    }),
    async (c) => {
      localOnly(c.env);
      const { subscription, plan } = await getOrganizationPlan(c.var.db, c.var.organizationId);
      return c.html(portalPage(plan, subscription?.status ?? "active"), 200);
    },
  );

// Only the three actions are routes (any other path is the API's 404): described here, routed by the pattern.
billingRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "post",
    path: "/test-portal/{action}",
    operationId: "apply_test_portal_action",
    tags: tag,
    summary: "Cancel, reactivate or downgrade to free in test mode",
    description: testMode,
    request: { params: z.object({ action: z.enum(["cancel", "reactivate", "free"]) }) },
    responses: { 303: redirect("Redirect to /usage", "/usage"), ...errors({ 404: "Not found" }) },
  }),
);
billingRoutes.post("/test-portal/:action{cancel|reactivate|free}", async (c) => {
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
