// Crawl queue consumer: one message per page; each page is claimed from its CrawlSession, fetched,
// stored in KV and reported back. Transient failures are retried, then the page is marked failed.
import type { Bindings } from "../env";
import { safeFetchText } from "../lib/safe-fetch";

export type CrawlMessage = { crawlId: string; url: string };

export const MAX_PAGE_ATTEMPTS = 3;

/** KV key of a crawled page's content. */
export const pageContentKey = (crawlId: string, url: string) => `crawl:${crawlId}:page:${url}`;

const titleOf = (html: string) =>
  html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1].replace(/\s+/g, " ").trim().slice(0, 300) || null;

async function crawlPage(env: Bindings, { crawlId, url }: CrawlMessage) {
  const session = env.CRAWL_SESSION.getByName(crawlId);
  if (!(await session.claim(url))) return; // cancelled, timed out, or already done
  const page = await safeFetchText(url, env, { timeoutMs: 20_000, maxBytes: 5 * 1024 * 1024 });
  if (page.status >= 500 || page.status === 429) throw new Error(`HTTP ${page.status}`);
  if (page.status >= 400) {
    await session.record(url, { status: "failed", error: `HTTP ${page.status}` });
    return;
  }
  await env.KV.put(pageContentKey(crawlId, url), page.text, { expirationTtl: 60 * 60 * 24 * 30 });
  await session.record(url, { status: "completed", title: titleOf(page.text) });
}

export async function handleCrawlBatch(batch: MessageBatch<CrawlMessage>, env: Bindings) {
  for (const message of batch.messages) {
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
}
