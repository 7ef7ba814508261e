// HostPace: one per crawled host, shared by every crawl, so that fetches of a host keep their pause
// whichever crawl or consumer makes them. The next free slot lives in memory: an evicted object
// has been idle longer than any pause, so it starts again with the host free.
import { DurableObject } from "cloudflare:workers";

export class HostPace extends DurableObject<Env> {
  private next = 0;

  /** Reserves the next fetch of this host, `delayMs` after the previous one: answers how many milliseconds to wait first. */
  reserve(delayMs: number): number {
    const now = Date.now();
    const slot = Math.max(now, this.next);
    this.next = slot + delayMs;
    return slot - now;
  }
}
