// Billing: plans (cached 5 min), subscription (1 min), checkout, portal, per-server usage.
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "./client";
import type { z } from "zod";
import type { plan, subscription } from "../../../worker/billing/schemas";

export type Plan = z.output<typeof plan>;
export type PlanType = Plan["type"];
export type Subscription = z.output<typeof subscription>;

export const plansQuery = queryOptions({
  queryKey: ["billing", "plans"],
  queryFn: () => call(api.billing.plans.$get(), "Unable to load billing data at this time."),
  staleTime: 5 * 60_000,
});

export const subscriptionQuery = queryOptions({
  queryKey: ["billing", "subscription"],
  queryFn: () => call(api.billing.subscription.$get(), "Unable to load billing data at this time."),
  staleTime: 60_000,
});

/** Tool calls this month per server id; a failed load falls back to empty. */
export const serverUsageQuery = queryOptions({
  queryKey: ["billing", "usage", "servers"],
  queryFn: async () => {
    try {
      return (await call(api.billing.usage.servers.$get())) ?? {};
    } catch {
      return {} as Record<string, number>;
    }
  },
});

export const startCheckout = (planType: PlanType) => call(api.billing.checkout.$post({ json: { planType } }), "Failed to start checkout");

export const openPortal = () => call(api.billing.portal.$post(), "Failed to open the billing portal");

/** Prices are in cents, shown in dollars per month. */
export const formatPrice = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
