// /usage: Usage & Billing; upgrade prompts send users here.
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { plansQuery, subscriptionQuery } from "@/api/billing";
import { UsagePage } from "@/features/billing/usage-page";

export const Route = createFileRoute("/_authed/usage")({
  validateSearch: z.object({ checkout: z.string().optional().catch(undefined) }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQuery);
    void context.queryClient.prefetchQuery(subscriptionQuery);
  },
  component: UsagePage,
});
