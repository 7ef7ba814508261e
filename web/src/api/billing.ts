// Billing: plans (cached 5 min), subscription (1 min), checkout, portal, per-server usage.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { plan, redirectUrl, subscription } from "../../../worker/billing/schemas";

export type Plan = z.output<typeof plan>;
export type PlanType = Plan["type"];
export type Subscription = z.output<typeof subscription>;

export const plansQuery = queryOptions({
  queryKey: ["billing", "plans"],
  queryFn: () => apiRequest<Plan[]>("/api/billing/plans", { fallbackError: "Unable to load billing data at this time." }),
  staleTime: 5 * 60_000,
});

export const subscriptionQuery = queryOptions({
  queryKey: ["billing", "subscription"],
  queryFn: () =>
    apiRequest<Subscription | null>("/api/billing/subscription", { fallbackError: "Unable to load billing data at this time." }),
  staleTime: 60_000,
});

/** Tool calls this month per server id; a failed load falls back to empty. */
export const serverUsageQuery = queryOptions({
  queryKey: ["billing", "usage", "servers"],
  queryFn: async () => {
    try {
      return (await apiRequest<Record<string, number>>("/api/billing/usage/servers")) ?? {};
    } catch {
      return {} as Record<string, number>;
    }
  },
});

export const startCheckout = (planType: PlanType) =>
  apiRequest<z.output<typeof redirectUrl>>("/api/billing/checkout", { method: "POST", body: { planType }, fallbackError: "Failed to start checkout" });

export const openPortal = () =>
  apiRequest<z.output<typeof redirectUrl>>("/api/billing/portal", { method: "POST", fallbackError: "Failed to open the billing portal" });

/** Prices are in cents, shown in dollars per month. */
export const formatPrice = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
