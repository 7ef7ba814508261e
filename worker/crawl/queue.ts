// Queue consumer of the crawl queue (one message per page) and the job queue (crawls' follow-up jobs).
// Each page is claimed from its CrawlSession, fetched, converted to Markdown, stored in KV and
// reported back. The pages of a batch are fetched side by side, each after its host's HostPace
// (shared by every crawl and consumer) grants a slot: one fetch per robots.txt Crawl-delay, else a
// few in flight, their starts a little apart. Transient failures are retried, then the page is
// marked failed; claims make redelivered messages harmless. Jobs: extraction, a server's
// regeneration after its re-crawl, and the sweep's re-crawls.
import { MAX_SLOT_WAIT_MS, type HostRule } from "../../durable-objects/host-pace";
import type { Bindings } from "../env";
import { safeFetchText, type FetchedBody } from "../lib/safe-fetch";
import { getDb } from "../db";
import { failJob, jobFailedMessage, MAX_JOB_ATTEMPTS, runExtractionJob } from "./jobs";
import { pageContentKey } from "./keys";
import { preparePage, titleOf } from "./extract/prepare";
import { recordCrawlError, refreshServer } from "./refresh";
import { recrawlServer } from "./server-crawl";
import { syncServerJob } from "../versions/sync";
import { failImportJob, type ImportMessage, runImportJob } from "../imports/jobs";

export type PageMessage = { kind?: "page"; crawlId: string; url: string };
/** An extraction job, a server whose re-crawl to watch, or one to re-crawl. */
export type JobMessage =
  | { kind: "extract"; jobId: string }
  | { kind: "refresh"; serverId: string; crawlId: string }
  | { kind: "recrawl"; serverId: string }
  | { kind: "sync"; serverId: string }
  | ImportMessage;
export type CrawlMessage = PageMessage | JobMessage;

export const MAX_PAGE_ATTEMPTS = 3;
/** At most this many pages of one batch are fetched at once (each host also keeps its own limit). */
export const MAX_PARALLEL_FETCHES = 12;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** A page whose host had no free slot for HostPace's longest wait comes back this much later. */
const DEFER_SECONDS = 10;
const CONTENT_TTL_SECONDS = 60 * 60 * 24 * 30;

const isJob = (body: CrawlMessage): body is JobMessage => body.kind !== undefined && body.kind !== "page";

/** What the pages of one batch share: each crawl's rule per host (it never changes), and how long to wait for a slot. */
type BatchContext = { rules: Map<string, Promise<HostRule>>; slotWaitMs: number };

/** Fetches the page within its host's pace; false when the host gave no slot in time (the page comes back later). */
async function crawlPage(env: Bindings, { crawlId, url }: PageMessage, batch: BatchContext): Promise<boolean> {
  const session = env.CRAWL_SESSION.getByName(crawlId);
  if (!(await session.claim(url))) return true; // cancelled, timed out, or already done
  const host = hostOf(url);
  const key = `${crawlId} ${host}`;
  if (!batch.rules.has(key)) batch.rules.set(key, session.fetchRule(host) as Promise<HostRule>);
  const pace = env.HOST_PACE.getByName(host);
  const lease = await pace.acquire(await batch.rules.get(key)!, batch.slotWaitMs);
  if (!lease) return false;
  let page: FetchedBody;
  try {
    page = await safeFetchText(url, env, { timeoutMs: 20_000, maxBytes: MAX_PAGE_BYTES });
  } finally {
    // An unreturned slot is taken back by HostPace after LEASE_MS.
    await pace.release(lease).catch(() => {});
  }
  if (page.status >= 500 || page.status === 429) throw new Error(`HTTP ${page.status}`);
  if (page.status >= 400) {
    await session.record(url, { status: "failed", error: `HTTP ${page.status}` });
    return true;
  }
  const content = preparePage(page.text, page.contentType);
  await env.KV.put(pageContentKey(crawlId, url), content, { expirationTtl: CONTENT_TTL_SECONDS });
  await session.record(url, { status: "completed", title: /html/i.test(page.contentType) ? titleOf(page.text) : null });
  return true;
}

async function handlePage(env: Bindings, message: Message<PageMessage>, batch: BatchContext) {
  try {
    // Sent again rather than retried: waiting for a busy host is no failed attempt.
    if (!(await crawlPage(env, message.body, batch))) await env.CRAWL_QUEUE.send(message.body, { delaySeconds: DEFER_SECONDS });
    message.ack();
  } catch (err) {
    if (message.attempts >= MAX_PAGE_ATTEMPTS) {
      const session = env.CRAWL_SESSION.getByName(message.body.crawlId);
      await session.record(message.body.url, { status: "failed", error: (err as Error).message });
      message.ack();
    } else {
      message.retry({ delaySeconds: 2 ** message.attempts });
    }
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
};

/**
 * Jobs: acked when done, retried on failure (each step is idempotent). After the last attempt an
 * extraction or import job ends failed with the reason, rather than staying "processing".
 */
async function handleJob(env: Bindings, message: Message<JobMessage>) {
  const body = message.body;
  const db = getDb(env.DB);
  try {
    if (body.kind === "extract") await runExtractionJob(db, env, body.jobId);
    else if (body.kind === "refresh") await refreshServer(db, env, body);
    else if (body.kind === "recrawl") await recrawlServer(db, env, body.serverId);
    else if (body.kind === "sync") await syncServerJob(db, env, body.serverId);
    else if (body.kind === "import") await runImportJob(db, env, body.jobId, message.attempts >= MAX_JOB_ATTEMPTS);
    message.ack();
  } catch (err) {
    const reason = (err as Error).message;
    console.error("crawl job failed", body.kind, `attempt ${message.attempts}`, reason);
    if (message.attempts < MAX_JOB_ATTEMPTS) return message.retry({ delaySeconds: 30 });
    if (body.kind === "extract") await failJob(db, body.jobId, jobFailedMessage(reason));
    else if (body.kind === "import") await failImportJob(db, env, body.jobId, reason);
    else await recordCrawlError(db, env, body, `The re-crawl could not be completed: ${reason}`);
    message.ack();
  }
}

/** Handles a batch of either queue: jobs each on their own, pages MAX_PARALLEL_FETCHES at a time, each waiting at most `slotWaitMs` for its host. */
export async function handleCrawlBatch(batch: MessageBatch<CrawlMessage>, env: Bindings, slotWaitMs = MAX_SLOT_WAIT_MS) {
  const jobs: Promise<void>[] = [];
  const pages: Message<PageMessage>[] = [];
  for (const message of batch.messages) {
    if (isJob(message.body)) jobs.push(handleJob(env, message as Message<JobMessage>));
    else pages.push(message as Message<PageMessage>);
  }
  const context: BatchContext = { rules: new Map(), slotWaitMs };
  const fetcher = async () => {
    for (let message = pages.shift(); message; message = pages.shift()) await handlePage(env, message, context);
  };
  await Promise.all([...jobs, ...Array.from({ length: Math.min(MAX_PARALLEL_FETCHES, pages.length) }, fetcher)]);
}
