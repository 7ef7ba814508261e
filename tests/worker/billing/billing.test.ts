// Plans and billing: the local test-mode provider, Stripe webhooks, and plan changes' effect on servers.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { usagePeriod } from "../../../worker/billing/usage";
import { getDb } from "../../../worker/db";
import { organizationUsage, organizations, servers, subscriptions } from "../../../worker/db/schema";
import { call, ORIGIN, signedIn } from "../helpers";

const db = getDb(env.DB);

const subscriptionOf = async (cookie: string) => ((await (await call("/api/billing/subscription", { cookie })).json()) as any).data;

async function addServers(organizationId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db
      .insert(servers)
      .values({
        organizationId,
        name: `S${i}`,
        slug: `s${i}-${crypto.randomUUID().slice(0, 8)}`,
        createdAt: new Date(Date.now() + i * 1000),
      })
      .returning();
    ids.push(row.id);
  }
  return ids;
}

const statuses = async (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await db.query.servers.findFirst({ where: eq(servers.id, id) }))!.status));

/** Upgrades through the local provider exactly as a browser does: checkout, then confirm. */
async function upgrade(cookie: string, planType: string) {
  const res = await call("/api/billing/checkout", { method: "POST", cookie, json: { planType } });
  const { url } = ((await res.json()) as any).data;
  const path = new URL(url).pathname;
  const page = await call(path, { cookie });
  const confirm = await call(path, { method: "POST", cookie });
  return { url, page: await page.text(), confirm };
}

describe("the subscription", () => {
  it("starts on the free plan with usage this month", async () => {
    const user = await signedIn();
    const data = await subscriptionOf(user.cookie);
    expect(data).toMatchObject({
      plan: { type: "free", price: 0, features: { maxServers: 1, maxToolsPerServer: 10, maxToolCallsPerMonth: 1000 } },
      status: "active",
      usage: { serversUsed: 0, toolCallsThisMonth: 0, period: usagePeriod() },
      provider: "local",
      testMode: true,
    });
  });
});

describe("the local test-mode provider", () => {
  it("checks out a plan on a Toolport page labelled as test mode", async () => {
    const user = await signedIn();
    const { url, page, confirm } = await upgrade(user.cookie, "sprout");
    expect(url).toMatch(new RegExp(`^${ORIGIN}/api/billing/test-checkout/[0-9a-f-]{36}$`));
    expect(page).toContain("Test mode — no payment is taken");
    expect(page).toContain("Sprout · $19 per month");
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe("/usage?checkout=success");
    expect((await subscriptionOf(user.cookie)).plan.type).toBe("sprout");
    // The checkout is used up.
    expect((await call(new URL(url).pathname, { method: "POST", cookie: user.cookie })).status).toBe(404);
  });

  it("refuses the free plan at checkout and a checkout of another organization", async () => {
    const user = await signedIn();
    const free = await call("/api/billing/checkout", { method: "POST", cookie: user.cookie, json: { planType: "free" } });
    expect(await free.json()).toEqual({ success: false, error: "Only the sprout and growth plans can be upgraded to" });
    const res = await call("/api/billing/checkout", { method: "POST", cookie: user.cookie, json: { planType: "growth" } });
    const path = new URL(((await res.json()) as any).data.url).pathname;
    const stranger = await signedIn();
    expect((await call(path, { method: "POST", cookie: stranger.cookie })).status).toBe(404);
    expect((await subscriptionOf(stranger.cookie)).plan.type).toBe("free");
  });

  it("has a portal for paid plans only, where a subscription is canceled and reactivated", async () => {
    const user = await signedIn();
    const none = await call("/api/billing/portal", { method: "POST", cookie: user.cookie });
    expect(await none.json()).toEqual({ success: false, error: "The free plan has no billing portal" });
    await upgrade(user.cookie, "growth");
    const portal = ((await (await call("/api/billing/portal", { method: "POST", cookie: user.cookie })).json()) as any).data;
    expect(portal.url).toBe(`${ORIGIN}/api/billing/test-portal`);
    expect(await (await call("/api/billing/test-portal", { cookie: user.cookie })).text()).toContain("Cancel subscription");
    await call("/api/billing/test-portal/cancel", { method: "POST", cookie: user.cookie });
    expect(await subscriptionOf(user.cookie)).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true, plan: { type: "growth" } });
    await call("/api/billing/test-portal/reactivate", { method: "POST", cookie: user.cookie });
    expect(await subscriptionOf(user.cookie)).toMatchObject({ status: "active", plan: { type: "growth" } });
  });

  it("answers whether usage fits the plan", async () => {
    const user = await signedIn();
    const check = async (json: object) =>
      ((await (await call("/api/billing/usage", { method: "POST", cookie: user.cookie, json })).json()) as any).data;
    expect(await check({ servers: 1, toolCalls: 1000 })).toMatchObject({ withinLimits: true, requiresUpgrade: false });
    expect(await check({ servers: 2 })).toMatchObject({ withinLimits: false, requiresUpgrade: true, servers: { used: 2, limit: 1 } });
  });
});

describe("plan changes and hibernation", () => {
  it("hibernates the servers beyond a downgraded plan and resumes them on upgrade", async () => {
    const user = await signedIn();
    await upgrade(user.cookie, "growth");
    const ids = await addServers(user.organizationId, 3);
    await call("/api/billing/test-portal/free", { method: "POST", cookie: user.cookie });
    expect(await statuses(ids)).toEqual(["active", "hibernated", "hibernated"]);
    const paused = await db.query.servers.findFirst({ where: eq(servers.id, ids[1]) });
    expect(paused?.hibernatedReason).toBe("servers");
    await upgrade(user.cookie, "sprout");
    expect(await statuses(ids)).toEqual(["active", "active", "active"]);
  });

  it("resumes servers paused for tool calls when the new plan allows more calls", async () => {
    const user = await signedIn();
    const [id] = await addServers(user.organizationId, 1);
    await db.update(servers).set({ status: "hibernated", hibernatedReason: "tool_calls" }).where(eq(servers.id, id));
    await db.insert(organizationUsage).values({ organizationId: user.organizationId, period: usagePeriod(), toolCalls: 1000 });
    await upgrade(user.cookie, "sprout");
    expect(await statuses([id])).toEqual(["active"]);
  });
});

describe("Stripe webhooks", () => {
  const secret = "whsec_test_secret";
  const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: secret };
  const stripe = new Stripe("sk_test_123", { httpClient: Stripe.createFetchHttpClient() });

  async function deliver(event: object, signature?: string) {
    const payload = JSON.stringify(event);
    const header =
      signature ??
      (await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: Stripe.createSubtleCryptoProvider() }));
    const req = new Request(`${ORIGIN}/api/billing/webhook`, { method: "POST", body: payload, headers: { "stripe-signature": header } });
    const res = await app.fetch(req, stripeEnv, createExecutionContext());
    return { status: res.status, body: (await res.json()) as any };
  }

  const subscriptionEvent = (id: string, type: string, organizationId: string, planType: string, status = "active") => ({
    id,
    object: "event",
    type,
    data: {
      object: {
        id: "sub_123",
        object: "subscription",
        customer: "cus_123",
        status,
        cancel_at_period_end: false,
        metadata: { organizationId, planType },
        items: { data: [{ current_period_end: 1_900_000_000 }] },
      },
    },
  });

  it("applies a signed subscription event", async () => {
    const user = await signedIn();
    const { status, body } = await deliver(
      subscriptionEvent(`evt_${crypto.randomUUID()}`, "customer.subscription.created", user.organizationId, "growth"),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { received: true, applied: true } });
    const sub = await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, user.organizationId) });
    expect(sub).toMatchObject({ planType: "growth", status: "active", provider: "stripe", stripeSubscriptionId: "sub_123" });
    expect(sub?.currentPeriodEnd?.getTime()).toBe(1_900_000_000_000);
  });

  it("refuses a wrong signature and a missing one", async () => {
    const user = await signedIn();
    const event = subscriptionEvent(`evt_${crypto.randomUUID()}`, "customer.subscription.created", user.organizationId, "growth");
    const forged = await deliver(event, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`);
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^Invalid Stripe signature/);
    const req = new Request(`${ORIGIN}/api/billing/webhook`, { method: "POST", body: JSON.stringify(event) });
    expect((await app.fetch(req, stripeEnv, createExecutionContext())).status).toBe(400);
    expect((await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, user.organizationId) }))?.planType).toBe(
      "free",
    );
  });

  it("applies a replayed event once", async () => {
    const user = await signedIn();
    const event = subscriptionEvent(`evt_${crypto.randomUUID()}`, "customer.subscription.updated", user.organizationId, "sprout");
    expect((await deliver(event)).body.data.applied).toBe(true);
    await db.update(subscriptions).set({ planType: "growth" }).where(eq(subscriptions.organizationId, user.organizationId));
    expect((await deliver(event)).body.data.applied).toBe(false);
    expect((await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, user.organizationId) }))?.planType).toBe(
      "growth",
    );
  });

  it("falls back to free on cancellation and marks failed payments", async () => {
    const user = await signedIn();
    await db
      .update(organizations)
      .set({ stripeCustomerId: `cus_${user.organizationId}` })
      .where(eq(organizations.id, user.organizationId));
    await deliver(subscriptionEvent(`evt_${crypto.randomUUID()}`, "customer.subscription.created", user.organizationId, "growth"));
    const ids = await addServers(user.organizationId, 2);
    await deliver({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type: "invoice.payment_failed",
      data: { object: { id: "in_1", object: "invoice", customer: `cus_${user.organizationId}` } },
    });
    expect((await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, user.organizationId) }))?.status).toBe(
      "past_due",
    );
    await deliver(
      subscriptionEvent(`evt_${crypto.randomUUID()}`, "customer.subscription.deleted", user.organizationId, "growth", "canceled"),
    );
    const sub = await db.query.subscriptions.findFirst({ where: and(eq(subscriptions.organizationId, user.organizationId)) });
    expect(sub).toMatchObject({ planType: "free", status: "canceled" });
    expect(await statuses(ids)).toEqual(["active", "hibernated"]);
  });

  it("is not found when Stripe is not configured", async () => {
    const res = await call("/api/billing/webhook", { method: "POST", headers: { "stripe-signature": "t=1,v1=00" }, body: "{}" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Stripe is not configured" });
  });
});
