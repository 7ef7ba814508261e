// Every message the portal's queues carry, as one discriminated union on `kind`: checked on receipt
// by the bus, and the queue each kind travels on. A leaf module: features that send jobs import it,
// never the bus or the handlers, so sending a job makes no import path back to its handler.
import { z } from "zod";
import { CALL_OUTCOMES } from "../db/schema";

const id = z.string().min(1).max(200);

const caller = z.union([z.object({ kind: z.enum(["token", "oauth", "try_it"]), id }), z.object({ kind: z.enum(["public", "anonymous"]) })]);
const count = z.number().finite();
/** One tools/call as the gateway recorded it (worker/calls/record.ts). */
const callRecord = z.object({
  kind: z.literal("call"),
  id,
  serverId: id,
  organizationId: id,
  at: count,
  tool: z.string(),
  caller,
  outcome: z.enum(CALL_OUTCOMES),
  upstreamStatus: count.optional(),
  gatewayMs: count,
  upstreamMs: count.optional(),
  requestBytes: count,
  responseBytes: count.optional(),
  error: z.string().optional(),
  arguments: z.string().optional(),
  result: z.string().optional(),
});

export const jobMessage = z.discriminatedUnion("kind", [
  /** One page of a crawl to fetch. */
  z.object({ kind: z.literal("page"), crawlId: id, url: z.string().min(1).max(4096) }),
  /** A crawl's pages → an OpenAPI description. */
  z.object({ kind: z.literal("extract"), jobId: id }),
  /** A server's re-crawl is over: regenerate its tools from the pages. */
  z.object({ kind: z.literal("refresh"), serverId: id, crawlId: id }),
  /** The daily sweep's re-crawl of a server. */
  z.object({ kind: z.literal("recrawl"), serverId: id }),
  /** The daily sweep's update of a server from its description URL. */
  z.object({ kind: z.literal("sync"), serverId: id }),
  /** A large description kept in R2 → a server. */
  z.object({ kind: z.literal("import"), jobId: id }),
  /** The daily sweep's check of a pending custom hostname with the provider. */
  z.object({ kind: z.literal("domain-check"), domainId: id }),
  /** Call records a gateway isolate gathered. */
  z.object({ kind: z.literal("calls"), records: z.array(callRecord) }),
]);

export type JobMessage = z.output<typeof jobMessage>;
export type JobKind = JobMessage["kind"];
export type MessageOf<K extends JobKind> = Extract<JobMessage, { kind: K }>;

/** The queue binding each kind travels on (pages and call records have queues of their own, batched differently). */
export const QUEUE_OF = {
  page: "CRAWL_QUEUE",
  extract: "JOB_QUEUE",
  refresh: "JOB_QUEUE",
  recrawl: "JOB_QUEUE",
  sync: "JOB_QUEUE",
  import: "JOB_QUEUE",
  "domain-check": "JOB_QUEUE",
  calls: "CALLS_QUEUE",
} as const satisfies Record<JobKind, string>;
export type QueueBinding = (typeof QUEUE_OF)[JobKind];

/** The queues' names as wrangler.toml declares them, by binding. */
export const QUEUE_NAMES: Record<QueueBinding, string> = {
  CRAWL_QUEUE: "toolport-crawl",
  JOB_QUEUE: "toolport-jobs",
  CALLS_QUEUE: "toolport-calls",
};
