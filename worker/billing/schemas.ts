// zod schemas of the billing answers (billing/plans.ts and the billing routes).
import { z } from "zod";
import { PLAN_TYPES } from "../db/schema";
import { nullable, timestamp } from "../lib/answers";

export const plan = z
  .object({
    id: z.string(),
    type: z.enum(PLAN_TYPES),
    name: z.string(),
    price: z.number().int().describe("Price per month in cents"),
    description: nullable(z.string()),
    popular: z.boolean(),
    features: z.object({
      maxServers: z.number().int(),
      maxToolsPerServer: z.number().int(),
      maxToolCallsPerMonth: z.number().int(),
      automatedCrawls: z.boolean(),
      apiAccess: z.boolean(),
      prioritySupport: z.boolean(),
      customDomain: z.boolean(),
    }),
  })
  .meta({ id: "Plan" });

export const subscription = z.object({
  plan,
  status: z.enum(["active", "canceled", "past_due"]),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: nullable(timestamp),
  usage: z.object({ serversUsed: z.number().int(), toolCallsThisMonth: z.number().int(), period: z.string().describe("YYYY-MM") }),
  provider: z
    .enum(["stripe", "local", "none"])
    .describe("Who takes payments: Stripe, the local test mode, or none (paid plans unavailable)"),
  testMode: z.boolean(),
});

export const usageCheck = z.object({
  withinLimits: z.boolean(),
  requiresUpgrade: z.boolean(),
  servers: z.object({ used: z.number().int(), limit: z.number().int() }),
  toolCalls: z.object({ used: z.number().int(), limit: z.number().int() }),
});

export const redirectUrl = z.object({ url: z.string().describe("Where to send the browser") });
