// Stripe webhook events: verified by signature, applied once each (replays change nothing).
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../db";
import { billingEvents, organizations, PLAN_TYPES, subscriptions, type PlanType } from "../db/schema";
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { applyPlanChange } from "./plan-change";

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Verifies the Stripe-Signature header against the raw body; answers the event or fails with 400. */
export async function verifyStripeEvent(env: Bindings, rawBody: string, signature: string | undefined) {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) fail(404, "Stripe is not configured");
  if (!signature) fail(400, "Missing Stripe-Signature header");
  try {
    return await Stripe.webhooks.constructEventAsync(rawBody, signature, env.STRIPE_WEBHOOK_SECRET, undefined, cryptoProvider);
  } catch (err) {
    fail(400, `Invalid Stripe signature: ${(err as Error).message}`);
  }
}

const planOf = (metadata: Stripe.Metadata | null | undefined): PlanType | undefined => PLAN_TYPES.find((p) => p === metadata?.planType);

async function organizationOf(db: Database, subscription: Stripe.Subscription) {
  if (subscription.metadata?.organizationId) return subscription.metadata.organizationId;
  const customer = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  const org = await db.query.organizations.findFirst({ where: eq(organizations.stripeCustomerId, customer) });
  return org?.id;
}

async function applySubscription(db: Database, subscription: Stripe.Subscription, deleted: boolean) {
  const organizationId = await organizationOf(db, subscription);
  if (!organizationId) return;
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  const status =
    deleted || subscription.status === "canceled"
      ? "canceled"
      : subscription.status === "past_due" || subscription.status === "unpaid"
        ? "past_due"
        : "active";
  await applyPlanChange(db, organizationId, {
    provider: "stripe",
    stripeSubscriptionId: subscription.id,
    status,
    // A deleted subscription falls back to the free plan; otherwise the plan named in its metadata.
    planType: deleted ? "free" : (planOf(subscription.metadata) ?? undefined),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  });
}

/** Applies one verified event; answers false when it had been applied before. */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<boolean> {
  if (await db.query.billingEvents.findFirst({ where: eq(billingEvents.id, event.id) })) return false;
  // Applying an event sets state rather than adding to it, so a concurrent duplicate is harmless;
  // the event is recorded only once applied, so a failure is retried by Stripe.
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
      await applySubscription(db, event.data.object, false);
      break;
    case "customer.subscription.deleted":
      await applySubscription(db, event.data.object, true);
      break;
    case "invoice.payment_failed": {
      const customer = event.data.object.customer;
      const customerId = typeof customer === "string" ? customer : customer?.id;
      const org = customerId
        ? await db.query.organizations.findFirst({ where: eq(organizations.stripeCustomerId, customerId) })
        : undefined;
      if (org) await db.update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.organizationId, org.id));
      break;
    }
    case "checkout.session.completed": {
      const session = event.data.object;
      const customerId = typeof session.customer === "string" ? session.customer : session.customer?.id;
      if (session.client_reference_id && customerId) {
        await db.update(organizations).set({ stripeCustomerId: customerId }).where(eq(organizations.id, session.client_reference_id));
      }
      break;
    }
  }
  await db.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return true;
}
