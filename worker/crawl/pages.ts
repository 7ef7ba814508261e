// The crawl's page job: each page is claimed from its CrawlSession, fetched, converted to Markdown,
// stored in KV and reported back. The pages of a batch are fetched side by side, each after its
// host's HostPace (shared by every crawl and consumer) grants a slot: one fetch per robots.txt
// Crawl-delay, else a few in flight, their starts a little apart. Transient failures are retried,
// then the page is marked failed; claims make redelivered messages harmless.
import { MAX_SLOT_WAIT_MS, type HostRule } from "../../durable-objects/host-pace";
import type { Bindings } from "../env";
import type { BatchHandler } from "../jobs/handler";
import { enqueue } from "../jobs/enqueue";
import type { MessageOf } from "../jobs/messages";
import { safeFetchText, type FetchedBody } from "../lib/safe-fetch";
import { pageContentKey } from "./keys";
import { preparePage, titleOf } from "./extract/prepare";

export type PageMessage = MessageOf<"page">;

export const MAX_PAGE_ATTEMPTS = 3;
/** At most this many pages of one batch are fetched at once (each host also keeps its own limit). */
export const MAX_PARALLEL_FETCHES = 12;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** A page whose host had no free slot for HostPace's longest wait comes back this much later. */
const DEFER_SECONDS = 10;
const CONTENT_TTL_SECONDS = 60 * 60 * 24 * 30;

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
    if (!(await crawlPage(env, message.body, batch))) await enqueue(env, message.body, { delaySeconds: DEFER_SECONDS });
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

/** Crawls a batch's pages MAX_PARALLEL_FETCHES at a time, each waiting at most `slotWaitMs` for its host. */
export async function crawlPages(env: Bindings, messages: Message<PageMessage>[], slotWaitMs = MAX_SLOT_WAIT_MS) {
  const queue = [...messages];
  const context: BatchContext = { rules: new Map(), slotWaitMs };
  const fetcher = async () => {
    for (let message = queue.shift(); message; message = queue.shift()) await handlePage(env, message, context);
  };
  await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL_FETCHES, queue.length) }, fetcher));
}

/** The page job on the bus: a batch's pages are fetched together. */
export const pageJob: BatchHandler<PageMessage> = { mode: "batch", run: ({ env }, messages) => crawlPages(env, messages) };
