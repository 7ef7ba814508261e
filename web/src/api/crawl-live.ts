// Live crawl progress: the CrawlSession pushes the crawl's status over a WebSocket
// (GET /api/crawl/{crawlId}/ws); callers fall back to polling when this answers null or closes.

import type { CrawlStatus } from "./crawl";

// Every WebSocket message carries what GET /api/crawl/{crawlId} answers.
export type { CrawlStatus };

/** The WebSocket URL of a crawl on the portal's own origin. */
export function crawlSocketUrl(crawlId: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/api/crawl/${encodeURIComponent(crawlId)}/ws`;
}

const isCrawlStatus = (value: unknown): value is CrawlStatus =>
  typeof value === "object" && value !== null && typeof (value as CrawlStatus).status === "string" && Array.isArray((value as CrawlStatus).pageDetails);

/**
 * Subscribes to a crawl's status: `onStatus` runs with each status the server pushes (the first one
 * right after connecting). Answers an unsubscribe function, or null when WebSocket is unavailable.
 * The server closes the socket once the crawl is over; no reconnects — the caller polls instead.
 */
export function subscribeCrawl(crawlId: string, onStatus: (status: CrawlStatus) => void): (() => void) | null {
  if (typeof WebSocket === "undefined" || typeof window === "undefined") return null;
  let socket: WebSocket;
  try {
    socket = new WebSocket(crawlSocketUrl(crawlId));
  } catch {
    return null;
  }
  let open = true;
  const onMessage = (event: MessageEvent) => {
    if (!open || typeof event.data !== "string") return;
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      return; // not a status: ignore it rather than hand the caller garbage
    }
    if (isCrawlStatus(value)) onStatus(value);
  };
  socket.addEventListener("message", onMessage);
  return () => {
    if (!open) return;
    open = false;
    socket.removeEventListener("message", onMessage);
    // Closing a socket still connecting makes browsers log an error: close it once it is open.
    if (socket.readyState === WebSocket.CONNECTING) socket.addEventListener("open", () => socket.close(1000, "unsubscribed"), { once: true });
    else if (socket.readyState === WebSocket.OPEN) socket.close(1000, "unsubscribed");
  };
}
