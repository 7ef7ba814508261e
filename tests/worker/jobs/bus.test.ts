// The job bus: every queue's batch goes through it; a message that is not a job of its queue is
// refused (acked, never retried, no handler runs), and a batch from an unknown queue is an error.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { consumeBatch } from "../../../worker/jobs/bus";
import type { JobMessage } from "../../../worker/jobs/messages";
import { jobHandlers } from "../../../worker/jobs/registry";
import worker from "../../../worker/index";

const message = (id: string, body: unknown) => ({ id, timestamp: new Date(), attempts: 1, body });

describe("job bus", () => {
  it("acks, without running anything, a message that is malformed, of an unknown kind, or on another kind's queue", async () => {
    const crawlId = crypto.randomUUID();
    const session = env.CRAWL_SESSION.getByName(crawlId);
    await session.start(crawlId, ["https://docs.example.com/a"]);
    const batch = createMessageBatch("toolport-jobs", [
      message("no-kind", { crawlId, url: "https://docs.example.com/a" }),
      message("unknown", { kind: "teleport", serverId: "s1" }),
      message("wrong-field", { kind: "extract", jobId: 42 }),
      // A page belongs on the crawl queue: here it is refused, so the page is never claimed.
      message("wrong-queue", { kind: "page", crawlId, url: "https://docs.example.com/a" }),
    ]);
    const ctx = createExecutionContext();
    // Malformed on purpose: what the runtime may deliver is not what the entry declares.
    await worker.queue(batch as MessageBatch<JobMessage>, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["no-kind", "unknown", "wrong-field", "wrong-queue"].sort());
    expect(result.retryMessages).toEqual([]);
    expect((await session.snapshot()).pages).toEqual([{ url: "https://docs.example.com/a", status: "pending", title: null, error: null }]);
  });

  it("refuses a batch from a queue it has no consumer for", async () => {
    const batch = createMessageBatch("toolport-unknown", [message("m1", { kind: "sync", serverId: "s1" })]);
    await expect(consumeBatch(batch, env, jobHandlers)).rejects.toThrow('No consumer for the queue "toolport-unknown"');
  });
});
