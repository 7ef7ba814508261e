// Billing providers behind one interface: Stripe when keys are configured; without them, in explicit
// local development only, a test-mode provider whose checkout is a Toolport page that applies the plan
// change at once; anywhere else, none: checkout and portal are refused and the plan stays.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../db";
import { organizations, plans, subscriptions, type PlanType } from "../db/schema";
import { isLocalDev, type Bindings } from "../env";
import { fail } from "../lib/errors";

export type CheckoutInput = { organizationId: string; planType: PlanType; email: string; origin: string };

export type BillingProvider = {
  name: "stripe" | "local" | "none";
  /** A URL the browser goes to, to pay for `planType`. */
  checkout(input: CheckoutInput): Promise<string>;
  /** A URL of the provider's customer portal. */
  portal(input: { organizationId: string; origin: string }): Promise<string>;
};

export const LOCAL_CHECKOUT_TTL_SECONDS = 30 * 60;
export const localCheckoutKey = (id: string) => `checkout:${id}`;

export const stripeClient = (env: Bindings) =>
  new Stripe(env.STRIPE_SECRET_KEY!, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 1 });

export const PAYMENTS_NOT_CONFIGURED =
  "Payments are not set up on this portal yet, so plans cannot be changed now. Your current plan stays active; please contact support to upgrade.";

/** Whether the test-mode provider (plan changes without payment) serves this environment. */
export const usesLocalBilling = (env: Bindings) => !env.STRIPE_SECRET_KEY && isLocalDev(env);

/** The provider for this environment (see the header comment). */
export function billingProvider(db: Database, env: Bindings): BillingProvider {
  if (env.STRIPE_SECRET_KEY) return stripeProvider(db, env);
  return usesLocalBilling(env) ? localProvider(env) : noProvider;
}

const noProvider: BillingProvider = {
  name: "none",
  checkout: async () => fail(503, PAYMENTS_NOT_CONFIGURED),
  portal: async () => fail(503, PAYMENTS_NOT_CONFIGURED),
};

function localProvider(env: Bindings): BillingProvider {
  return {
    name: "local",
    async checkout({ organizationId, planType, origin }) {
      const id = crypto.randomUUID();
      await env.KV.put(localCheckoutKey(id), JSON.stringify({ organizationId, planType }), {
        expirationTtl: LOCAL_CHECKOUT_TTL_SECONDS,
      });
      return `${origin}/api/billing/test-checkout/${id}`;
    },
    async portal({ origin }) {
      return `${origin}/api/billing/test-portal`;
    },
  };
}

function stripeProvider(db: Database, env: Bindings): BillingProvider {
  const stripe = stripeClient(env);

  async function customerId(organizationId: string, email?: string) {
    const org = await db.query.organizations.findFirst({ where: eq(organizations.id, organizationId) });
    if (!org) fail(404, "Organization not found");
    if (org.stripeCustomerId) return org.stripeCustomerId;
    const customer = await stripe.customers.create({ email, name: org.name, metadata: { organizationId } });
    await db.update(organizations).set({ stripeCustomerId: customer.id }).where(eq(organizations.id, organizationId));
    return customer.id;
  }

  return {
    name: "stripe",
    async checkout({ organizationId, planType, email, origin }) {
      const current = await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, organizationId) });
      // A live Stripe subscription changes plan in the customer portal, never through a second checkout.
      if (current?.stripeSubscriptionId && current.status !== "canceled") return this.portal({ organizationId, origin });
      const plan = await db.query.plans.findFirst({ where: eq(plans.type, planType) });
      if (!plan) fail(404, "Plan not found");
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: await customerId(organizationId, email),
        client_reference_id: organizationId,
        line_items: [
          plan.stripePriceId
            ? { price: plan.stripePriceId, quantity: 1 }
            : {
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: plan.price,
                  recurring: { interval: "month" },
                  product_data: { name: `Toolport ${plan.name}` },
                },
              },
        ],
        metadata: { organizationId, planType },
        subscription_data: { metadata: { organizationId, planType } },
        success_url: `${origin}/usage?checkout=success`,
        cancel_url: `${origin}/usage?checkout=cancelled`,
      });
      if (!session.url) fail(502, "The payment provider did not return a checkout URL");
      return session.url;
    },
    async portal({ organizationId, origin }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: await customerId(organizationId),
        return_url: `${origin}/usage`,
      });
      return session.url;
    },
  };
}
