// Helpers for the crawl tests: poll a crawl or an extraction job the way the portal does.
import { env } from "cloudflare:workers";
import { specContentKey } from "../../../worker/crawl/keys";
import { call } from "../helpers";

export type CrawlStatusAnswer = {
  success: boolean;
  status: string;
  completed: number;
  total: number;
  pageDetails: { url: string; status: string; title: string | null }[];
  currentProcessing: { currentUrl: string | null; errorCount: number };
  selectedUrls: string[];
  error: string | null;
  refresh: { status: "pending" | "done" | "failed"; error: string | null } | null;
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

/** Polls a server's re-crawl until its tools are refreshed or kept (the status's refresh is no longer pending). */
export async function waitForRefresh(cookie: string, crawlId: string, timeoutMs = 30_000): Promise<CrawlStatusAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await (await call(`/api/crawl/${crawlId}`, { cookie })).json<CrawlStatusAnswer>();
    if ((status.status !== "crawling" && status.refresh?.status !== "pending") || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Job = { status: string; specId: string | null; error: string | null; skippedPages: { url: string; reason: string }[] };

/** Crawls a site (or a selection), extracts it and answers the job and the stored description. */
export async function crawlAndExtract(cookie: string, url: string, selectedUrls?: string[]) {
  const started = await (
    await call("/api/crawl/crawl", { method: "POST", cookie, json: { url, selectedUrls } })
  ).json<{ crawlId: string }>();
  const crawl = await waitForCrawl(cookie, started.crawlId);
  const res = await call(`/api/crawl/${started.crawlId}/extract`, { method: "POST", cookie });
  const { jobId, message } = await res.json<{ jobId: string; message: string }>();
  if (res.status !== 200) throw new Error(`extract: ${res.status} ${message}`);
  let job: Job;
  for (;;) {
    job = (await (await call(`/api/crawl/extract/job/${jobId}`, { cookie })).json<{ job: Job }>()).job;
    if (job.status === "completed" || job.status === "failed") break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const text = job.specId ? await env.KV.get(specContentKey(job.specId)) : null;
  return { crawlId: started.crawlId, crawl, jobId, job, document: (text ? JSON.parse(text) : null) as Record<string, any> };
}

export { endpointsOf, parametersOf } from "../../node/extract-helpers";
