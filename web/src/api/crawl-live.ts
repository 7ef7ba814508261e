// Live crawl progress: the CrawlSession pushes the crawl's status over a WebSocket
// (GET /api/crawl/{crawlId}/ws); callers fall back to polling when this answers null or closes.
import type { CrawlStatus } from "./crawl";
import { api, param } from "./client";
import { socketUrl, subscribe } from "./live";

// Every WebSocket message carries what GET /api/crawl/{crawlId} answers.
export type { CrawlStatus };

const crawlSocketPath = (crawlId: string) => api.crawl[":id"].ws.$path(param({ id: crawlId }));

/** The WebSocket URL of a crawl on the portal's own origin. */
export const crawlSocketUrl = (crawlId: string, location?: Pick<Location, "protocol" | "host">) => socketUrl(crawlSocketPath(crawlId), location);

const isCrawlStatus = (value: unknown): value is CrawlStatus =>
  typeof value === "object" && value !== null && typeof (value as CrawlStatus).status === "string" && Array.isArray((value as CrawlStatus).pageDetails);

/**
 * Subscribes to a crawl's status: `onStatus` runs with each status the server pushes (the first one
 * right after connecting). Answers an unsubscribe function, or null when WebSocket is unavailable.
 */
export const subscribeCrawl = (crawlId: string, onStatus: (status: CrawlStatus) => void) => subscribe(crawlSocketPath(crawlId), isCrawlStatus, onStatus);
