// Crawling (under /api/crawl): map, crawl, status, cancel, extraction jobs, and their polling.
// These answers carry their fields beside `success`, not in `data`: call() answers them whole.
import { api, ApiError, call, param } from "./client";
import type { z } from "zod";
import type { crawlStatus, extractionJobAnswer, mapAnswer } from "../../../worker/crawl/schemas";

/** GET /api/crawl/{crawlId}'s answer, polled while the crawl runs. */
export type CrawlStatus = z.output<typeof crawlStatus>;
export type PageStatus = CrawlStatus["pageDetails"][number]["status"];
export type ExtractionJob = z.output<typeof extractionJobAnswer>["job"];

/** Crawl polling every 5 s (3 s for re-crawls), at most 120 attempts; extraction every 5 s, 60 attempts. */
export const CRAWL_POLL = { intervalMs: 5_000, maxAttempts: 120 };
export const RECRAWL_POLL = { intervalMs: 3_000, maxAttempts: 120 };
export const EXTRACT_POLL = { intervalMs: 5_000, maxAttempts: 60 };
export const CRAWL_TIMEOUT_MESSAGE = "Crawl timed out after 10 minutes. Please try again or use a smaller documentation site.";
export const EXTRACT_TIMEOUT_MESSAGE = "OpenAPI extraction timed out after 5 minutes. Please try again.";

/** A description the documentation site publishes itself, as the map found and checked it. */
export type OpenApiOffer = NonNullable<z.output<typeof mapAnswer>["openapi"]>;
/** Where the map's links came from: the site's llms.txt manifest, its sitemap, or the start page's links. */
export type MapSource = z.output<typeof mapAnswer>["source"];
export type SiteMap = { links: string[]; openapi: OpenApiOffer | null; source: MapSource | null };

/** POST /api/crawl/map: the pages to offer, and the site's own OpenAPI description when it publishes one. */
export async function mapSite(url: string): Promise<SiteMap> {
  const answer = await call(api.crawl.map.$post({ json: { url, includeSubdomains: true } }), "Failed to map documentation");
  return { links: answer?.links ?? [], openapi: answer?.openapi ?? null, source: answer?.source ?? null };
}

export const startCrawl = (url: string, selectedUrls: string[]) =>
  call(api.crawl.crawl.$post({ json: { url, selectedUrls } }), "Failed to start crawl");

export const getCrawlStatus = (crawlId: string): Promise<CrawlStatus> =>
  call(api.crawl[":id"].$get(param({ id: crawlId })), "Failed to get crawl status");

export const cancelCrawl = (crawlId: string) => call(api.crawl[":id"].cancel.$delete(param({ id: crawlId })), "Failed to cancel crawl");

export const startExtraction = (crawlId: string) =>
  call(api.crawl[":id"].extract.$post(param({ id: crawlId })), "Failed to start OpenAPI extraction job");

export const getExtractionJob = async (jobId: string) =>
  (await call(api.crawl.extract.job[":id"].$get(param({ id: jobId })), "Failed to get extraction job")).job;

/** Waits `ms`, or rejects with an AbortError when the signal fires first. */
export const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new DOMException("Aborted", "AbortError"));
      },
      { once: true },
    );
  });

type PollOptions<T> = {
  intervalMs: number;
  maxAttempts: number;
  signal?: AbortSignal;
  /** Called with every answer; answer true to stop polling with that value. */
  onValue: (value: T, attempt: number) => boolean;
  timeoutMessage: string;
};

/** Polls `read` until onValue says done; a failed request is not an error: it is retried at the next poll. */
export async function poll<T>(
  read: () => Promise<T>,
  { intervalMs, maxAttempts, signal, onValue, timeoutMessage }: PollOptions<T>,
): Promise<T> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    await wait(intervalMs, signal);
    let value: T;
    try {
      value = await read();
    } catch (error) {
      // A 401 or a vanished crawl/job will not get better by asking again.
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) throw error;
      continue;
    }
    if (onValue(value, attempt)) return value;
  }
  throw new Error(timeoutMessage);
}
