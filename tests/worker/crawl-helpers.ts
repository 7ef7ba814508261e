// Helpers for the crawl tests: poll a crawl or an extraction job the way the portal does.
import { call } from "./helpers";

export type CrawlStatusAnswer = {
  success: boolean;
  status: string;
  completed: number;
  total: number;
  pageDetails: { url: string; status: string; title: string | null }[];
  currentProcessing: { currentUrl: string | null; errorCount: number };
  selectedUrls: string[];
  error: string | null;
};

/** Polls GET /api/crawl/{id} (as the portal does, but every 200 ms) until the crawl is no longer crawling. */
export async function waitForCrawl(cookie: string, crawlId: string, timeoutMs = 30_000): Promise<CrawlStatusAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await (await call(`/api/crawl/${crawlId}`, { cookie })).json<CrawlStatusAnswer>();
    if (status.status !== "crawling" || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
