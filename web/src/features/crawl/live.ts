// Seam for live crawl progress pushed over a WebSocket (web/src/api/crawl-live.ts, when present).
// The glob resolves to nothing while that module does not exist, so the flow simply polls.
import type { CrawlStatus } from "@/api/crawl";

type LiveModule = { subscribeCrawl: (crawlId: string, onStatus: (status: CrawlStatus) => void) => (() => void) | null };
const modules = import.meta.glob<LiveModule>("../../api/crawl-live.ts");

/** Subscribes to pushed statuses; answers the unsubscribe function, or null when no socket is available. */
export async function subscribeCrawlLive(crawlId: string, onStatus: (status: CrawlStatus) => void): Promise<(() => void) | null> {
  const load = Object.values(modules)[0];
  if (!load) return null;
  try {
    return (await load()).subscribeCrawl(crawlId, onStatus);
  } catch {
    return null;
  }
}
