// Sending jobs: each message goes to the queue its kind travels on, 100 to a sendBatch.
import type { Bindings } from "../env";
import { QUEUE_OF, type JobMessage } from "./messages";

/** Queues accept at most 100 messages per sendBatch. */
const SEND_BATCH = 100;

type QueuesFor<M extends JobMessage> = Pick<Bindings, (typeof QUEUE_OF)[M["kind"]]>;

/** Queues the messages (all of one kind's queue or several), optionally delayed. */
export async function enqueue<M extends JobMessage>(env: QueuesFor<M>, messages: M | M[], options: QueueSendOptions = {}) {
  const byQueue = new Map<Queue, MessageSendRequest<M>[]>();
  for (const body of Array.isArray(messages) ? messages : [messages]) {
    const queue = (env as unknown as Record<string, Queue>)[QUEUE_OF[body.kind]];
    if (!byQueue.has(queue)) byQueue.set(queue, []);
    byQueue.get(queue)!.push({ body, ...options });
  }
  for (const [queue, requests] of byQueue) {
    for (let i = 0; i < requests.length; i += SEND_BATCH) await queue.sendBatch(requests.slice(i, i + SEND_BATCH));
  }
}
