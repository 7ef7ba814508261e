// Call records leave the gateway through the call-record queue, in waitUntil: nothing on the
// request path waits for them. An isolate gathers the records of its concurrent requests for a
// moment and sends them together (in one queue message, not one per call); the queue's consumer
// (consumer.ts) writes them to D1 in batches.
import type { CallOutcome } from "../db/schema";
import type { Bindings } from "../env";

/**
 * Who called: an access token or an OAuth grant by id, or a portal user trying a tool (try_it, by
 * user id); their name is looked up by the consumer; never the credential.
 */
export type Caller = { kind: "token" | "oauth" | "try_it"; id: string } | { kind: "public" | "anonymous" };

/** One tools/call, as the gateway saw it. */
export type CallRecordMessage = {
  kind: "call";
  /** Chosen by the gateway, so a redelivered message is written once. */
  id: string;
  serverId: string;
  organizationId: string;
  at: number;
  tool: string;
  caller: Caller;
  outcome: CallOutcome;
  upstreamStatus?: number;
  gatewayMs: number;
  upstreamMs?: number;
  requestBytes: number;
  responseBytes?: number;
  error?: string;
  arguments?: string;
  result?: string;
};

/** What goes on the queue: the records an isolate gathered, as many per message as fit. */
export type CallRecordsMessage = { kind: "calls"; records: CallRecordMessage[] };

/** A message stays under the Queues limit of 128 KB per message (payloads are capped far below). */
const MAX_MESSAGE_CHARS = 100_000;

/** Whether the call log is on (CALL_LOG = "off" turns recording off for the whole portal). */
export const callLogEnabled = (env: Pick<Bindings, "CALL_LOG">) => env.CALL_LOG !== "off";

/**
 * How long an isolate gathers records before sending them; a full batch goes at once. Each send is a
 * queue operation (a call into the queue and its own invocation events), and the consumer waits up to
 * 2 s for a batch anyway (max_batch_timeout): a second keeps steady traffic to about one send a second.
 */
const GATHER_MS = 1_000;
const FULL_BATCH = 100;
/** Records waiting in this isolate for the next send. */
let gathered: CallRecordMessage[] = [];

/**
 * Hands the records to the call-record queue (call it in waitUntil). The request that finds no
 * records waiting sends them, with whatever other requests add meanwhile, GATHER_MS later; the
 * others return at once. A failed send is logged, never the caller's problem.
 */
export async function recordCalls(env: Bindings, records: CallRecordMessage[]) {
  if (records.length === 0 || !callLogEnabled(env)) return;
  const first = gathered.length === 0;
  gathered.push(...records);
  if (!first && gathered.length < FULL_BATCH) return;
  if (first && gathered.length < FULL_BATCH) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
  const batch = gathered;
  gathered = [];
  if (batch.length === 0) return;
  await sendRecords(env, batch).catch((err) => console.error("call log: records not queued", (err as Error)?.message ?? String(err)));
}

/** One queue message per 100 KB of records, sent together (one queue operation however many records). */
async function sendRecords(env: Bindings, records: CallRecordMessage[]) {
  const messages: MessageSendRequest<CallRecordsMessage>[] = [];
  let current: CallRecordMessage[] = [];
  let size = 0;
  for (const record of records) {
    const chars = JSON.stringify(record).length;
    if (current.length > 0 && size + chars > MAX_MESSAGE_CHARS)
      [messages[messages.length], current, size] = [{ body: { kind: "calls", records: current }, contentType: "json" }, [], 0];
    current.push(record);
    size += chars;
  }
  messages.push({ body: { kind: "calls", records: current }, contentType: "json" });
  // A sendBatch carries at most 256 KB: two messages at a time.
  for (let i = 0; i < messages.length; i += 2) await env.CALLS_QUEUE.sendBatch(messages.slice(i, i + 2));
}
