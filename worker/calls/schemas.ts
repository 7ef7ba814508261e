// zod schemas of the call log answers (calls/queries.ts, calls/settings.ts).
import { z } from "zod";
import { CALL_OUTCOMES, CALLER_KINDS } from "../db/schema";
import { nullable, timestamp } from "../lib/answers";

export const outcome = z.enum(CALL_OUTCOMES);

export const outcomeClass = z
  .enum(["ok", "model", "api", "timeout", "refused"])
  .describe("ok; model: the model's mistake; api: the API's answer; timeout; refused by the gateway");

export const caller = z.object({
  kind: z.enum(CALLER_KINDS),
  id: nullable(z.string()).describe("The access token's or OAuth grant's id; the portal user's for try_it (a tool run from the portal)"),
  name: nullable(z.string()),
});

export const callRecord = z
  .object({
    id: z.string(),
    at: timestamp,
    tool: z.string(),
    caller,
    outcome,
    outcomeClass,
    upstreamStatus: nullable(z.number().int()),
    latencyMs: z.number().int().describe("gatewayMs + upstreamMs"),
    gatewayMs: z.number().int(),
    upstreamMs: nullable(z.number().int()),
    requestBytes: z.number().int(),
    responseBytes: nullable(z.number().int()),
    error: nullable(z.string()).describe("The first line of the error the model saw"),
    arguments: nullable(z.string()).describe("Redacted, capped JSON: only while the server records payloads"),
    result: nullable(z.string()).describe("Redacted, capped JSON: only while the server records payloads"),
  })
  .meta({ id: "CallRecord" });

export const callPage = z.object({
  calls: z.array(callRecord),
  nextCursor: nullable(z.string()).describe("Pass as cursor for the next page; null on the last"),
});

export const bucket = z.object({
  at: timestamp,
  ok: z.number().int(),
  model: z.number().int(),
  api: z.number().int(),
  timeout: z.number().int(),
  refused: z.number().int(),
});

export const callStats = z
  .object({
    server: z.object({ id: z.string(), name: z.string() }),
    window: z.enum(["24h", "7d", "30d"]),
    from: timestamp,
    to: timestamp,
    bucketMs: z.number().int(),
    totals: z.object({ calls: z.number().int(), errors: z.number().int(), errorRate: z.number() }),
    buckets: z.array(bucket).describe("Calls per time bucket by outcome class"),
    tools: z.array(
      z.object({
        tool: z.string(),
        calls: z.number().int(),
        errors: z.number().int(),
        errorRate: z.number(),
        p50Ms: z.number(),
        p95Ms: z.number(),
        avgGatewayMs: z.number().int(),
        avgUpstreamMs: nullable(z.number().int()),
      }),
    ),
    topErrors: z.array(
      z.object({ outcome, outcomeClass, tool: z.string(), error: nullable(z.string()), count: z.number().int(), lastAt: timestamp }),
    ),
    callers: z.array(caller.extend({ calls: z.number().int() })),
  })
  .meta({ id: "CallStats" });

export const callLogSettings = z.object({
  recordPayloads: z.boolean(),
  sensitiveFields: z.array(z.string()),
  retentionDays: z.number().int().describe("How long the plan keeps call records"),
});
