// The job bus: takes a batch from any of the portal's queues, checks each message against the job
// union, and hands it to the handler registered for its kind. A message that is not a job of this
// queue can never succeed, so it is logged and acked rather than retried.
import { getDb } from "../db";
import type { Bindings } from "../env";
import type { BatchHandler, EachHandler, JobContext, JobHandlers } from "./handler";
import { jobMessage, QUEUE_NAMES, QUEUE_OF, type JobKind, type JobMessage } from "./messages";

/** Runs one message of a job handled on its own: ack, retry, or give up with the reason. */
async function runEach(ctx: JobContext, handler: EachHandler<JobMessage>, message: Message<JobMessage>) {
  const last = message.attempts >= handler.maxAttempts;
  try {
    await handler.run(ctx, message.body, { attempts: message.attempts, last });
    message.ack();
  } catch (err) {
    const reason = (err as Error)?.message ?? String(err);
    console.error("job failed", message.body.kind, `attempt ${message.attempts}`, reason);
    if (!last) return message.retry({ delaySeconds: handler.retryDelaySeconds });
    try {
      await handler.giveUp?.(ctx, message.body, reason);
      message.ack();
    } catch (failed) {
      // Recording the end failed too: the queue delivers the message again (or drops it past max_retries).
      console.error("job not recorded as failed", message.body.kind, (failed as Error)?.message);
      message.retry({ delaySeconds: handler.retryDelaySeconds });
    }
  }
}

/** Hands each message of the batch to its kind's handler; `handlers` is the registry (worker/jobs/registry.ts). */
export async function consumeBatch(batch: MessageBatch<unknown>, env: Bindings, handlers: JobHandlers) {
  const queue = (Object.keys(QUEUE_NAMES) as (keyof typeof QUEUE_NAMES)[]).find((binding) => QUEUE_NAMES[binding] === batch.queue);
  if (!queue) throw new Error(`No consumer for the queue "${batch.queue}"`);
  const byKind = new Map<JobKind, Message<JobMessage>[]>();
  for (const message of batch.messages) {
    const parsed = jobMessage.safeParse(message.body);
    if (!parsed.success || QUEUE_OF[parsed.data.kind] !== queue) {
      console.error("queue message refused", batch.queue, parsed.success ? `a ${parsed.data.kind} job` : parsed.error.issues[0]?.message);
      message.ack();
      continue;
    }
    // The handlers read the checked body (unknown fields dropped).
    const checked: Message<JobMessage> = {
      id: message.id,
      timestamp: message.timestamp,
      attempts: message.attempts,
      body: parsed.data,
      ack: () => message.ack(),
      retry: (options) => message.retry(options),
    };
    if (!byKind.has(parsed.data.kind)) byKind.set(parsed.data.kind, []);
    byKind.get(parsed.data.kind)!.push(checked);
  }
  const ctx: JobContext = { db: getDb(env.DB), env };
  const runs: Promise<void>[] = [];
  for (const [kind, messages] of byKind) {
    const handler = handlers[kind] as EachHandler<JobMessage> | BatchHandler<JobMessage>;
    if (handler.mode === "batch") runs.push(handler.run(ctx, messages));
    else for (const message of messages) runs.push(runEach(ctx, handler, message));
  }
  await Promise.all(runs);
}
