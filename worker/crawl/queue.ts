// Crawl queue consumer: one message per page; each page is claimed from its CrawlSession, fetched,
// converted to Markdown, stored in KV and reported back. Hosts are crawled concurrently, one page
// at a time per host, fetches of a host spaced by its robots.txt Crawl-delay (at least
// POLITENESS_DELAY_MS) through the host's HostPace, shared by every crawl; transient failures are retried,
// then the page is marked failed. Claims make redelivered messages harmless. The same queue carries
// the follow-up jobs of crawls: LLM refinement, a server's regeneration after its re-crawl, and the sweep's re-crawls.
import type { Bindings } from "../env";
import { safeFetchText } from "../lib/safe-fetch";
import { getDb } from "../db";
import { failJob, jobFailedMessage, MAX_JOB_ATTEMPTS, refineJob } from "./jobs";
import { preparePage, titleOf } from "./markdown";
import { recordCrawlError, refreshServer } from "./refresh";
import { recrawlServer } from "./server-crawl";

export type PageMessage = { kind?: "page"; crawlId: string; url: string };
/** A page to crawl, an extraction job to refine with the LLM, or a server whose re-crawl to watch. */
type JobMessage = { kind: "refine"; jobId: string } | { kind: "refresh"; serverId: string; crawlId: string } | { kind: "recrawl"; serverId: string };
export type CrawlMessage = PageMessage | JobMessage;

export const MAX_PAGE_ATTEMPTS = 3;
/** At most this many hosts are fetched at once by one batch. */
export const MAX_PARALLEL_HOSTS = 4;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const CONTENT_TTL_SECONDS = 60 * 60 * 24 * 30;

/** KV key of a crawled page's Markdown. */
export const pageContentKey = (crawlId: string, url: string) => `crawl:${crawlId}:page:${url}`;

async function crawlPage(env: Bindings, { crawlId, url }: PageMessage) {
  const session = env.CRAWL_SESSION.getByName(crawlId);
  if (!(await session.claim(url))) return; // cancelled, timed out, or already done
  // Per-host politeness across every crawl and consumer: the host's HostPace hands out fetch slots.
  const host = hostOf(url);
  const wait = await env.HOST_PACE.getByName(host).reserve(await session.fetchDelay(host));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const page = await safeFetchText(url, env, { timeoutMs: 20_000, maxBytes: MAX_PAGE_BYTES });
  if (page.status >= 500 || page.status === 429) throw new Error(`HTTP ${page.status}`);
  if (page.status >= 400) {
    await session.record(url, { status: "failed", error: `HTTP ${page.status}` });
    return;
  }
  const content = preparePage(page.text, page.contentType);
  await env.KV.put(pageContentKey(crawlId, url), content, { expirationTtl: CONTENT_TTL_SECONDS });
  await session.record(url, { status: "completed", title: /html/i.test(page.contentType) ? titleOf(page.text) : null });
}

async function handlePage(env: Bindings, message: Message<PageMessage>) {
  try {
    await crawlPage(env, message.body);
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
 * Jobs other than pages: acked when done, retried on failure (each step is idempotent). After the
 * last attempt an extraction job ends failed with the reason, rather than staying "processing".
 */
async function handleJob(env: Bindings, message: Message<JobMessage>) {
  const body = message.body;
  const db = getDb(env.DB);
  try {
    if (body.kind === "refine") await refineJob(db, env, body.jobId);
    else if (body.kind === "refresh") await refreshServer(db, env, body);
    else if (body.kind === "recrawl") await recrawlServer(db, env, body.serverId);
    message.ack();
  } catch (err) {
    const reason = (err as Error).message;
    console.error("crawl job failed", body.kind, `attempt ${message.attempts}`, reason);
    if (message.attempts < MAX_JOB_ATTEMPTS) return message.retry({ delaySeconds: 30 });
    if (body.kind === "refine") await failJob(db, body.jobId, jobFailedMessage(reason));
    else await recordCrawlError(db, env, body, `The re-crawl could not be completed: ${reason}`);
    message.ack();
  }
}

export async function handleCrawlBatch(batch: MessageBatch<CrawlMessage>, env: Bindings) {
  const byHost = new Map<string, Message<PageMessage>[]>();
  const jobs: Promise<void>[] = [];
  for (const message of batch.messages) {
    const body = message.body;
    if (body.kind === "refine" || body.kind === "refresh" || body.kind === "recrawl") {
      jobs.push(handleJob(env, message as Message<JobMessage>));
      continue;
    }
    const host = hostOf(body.url);
    byHost.set(host, [...(byHost.get(host) ?? []), message as Message<PageMessage>]);
  }
  const lanes = [...byHost.values()];
  const worker = async () => {
    for (let lane = lanes.shift(); lane; lane = lanes.shift()) {
      for (const message of lane) await handlePage(env, message);
    }
  };
  await Promise.all([...jobs, ...Array.from({ length: Math.min(MAX_PARALLEL_HOSTS, lanes.length) }, worker)]);
}
