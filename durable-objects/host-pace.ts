// HostPace: one per crawled host, shared by every crawl, so that fetches of a host keep its pace
// whichever crawl or consumer makes them: at most `concurrency` fetches in flight, their starts at
// least `spacingMs` apart, granted in arrival order. State lives in memory: an evicted object has
// been idle (no fetch in flight, nobody waiting), so it starts again with the host free.
import { DurableObject } from "cloudflare:workers";

/** How a host may be fetched: fetches in flight at once, and the least time between two starts. */
export type HostRule = { concurrency: number; spacingMs: number };
/** A fetch slot not released within this long is taken back (its consumer went away mid-fetch). */
export const LEASE_MS = 60_000;
/** A caller waits at most this long for a slot by default; then it is told to come back later. */
export const MAX_SLOT_WAIT_MS = 60_000;

type Waiter = { rule: HostRule; deadline: number; grant: (lease: string | null) => void };

export class HostPace extends DurableObject<Env> {
  private leases = new Map<string, number>();
  private lastStart = Number.NEGATIVE_INFINITY;
  private waiters: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Waits for a fetch slot of this host under `rule`: answers its lease, or null after `maxWaitMs` without one. */
  acquire(rule: HostRule, maxWaitMs = MAX_SLOT_WAIT_MS): Promise<string | null> {
    return new Promise((grant) => {
      this.waiters.push({ rule, deadline: Date.now() + maxWaitMs, grant });
      this.pump();
    });
  }

  /** Gives a slot back once its fetch is over. */
  release(lease: string): void {
    if (this.leases.delete(lease)) this.pump();
  }

  /** Grants what may start now, and sets a timer for the next moment something can change. */
  private pump() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    for (const [lease, expires] of this.leases) if (expires <= now) this.leases.delete(lease);
    this.waiters = this.waiters.filter((w) => w.deadline > now || (w.grant(null), false));
    let wakeAt = Number.POSITIVE_INFINITY;
    while (this.waiters.length) {
      const { rule } = this.waiters[0];
      const startAt = this.lastStart + rule.spacingMs;
      if (this.leases.size < Math.max(1, rule.concurrency) && startAt <= now) {
        const lease = crypto.randomUUID();
        this.leases.set(lease, now + LEASE_MS);
        this.lastStart = now;
        this.waiters.shift()!.grant(lease);
        continue;
      }
      // Full: a release wakes us, else the first lease to expire; free: the spacing's end.
      wakeAt = this.leases.size >= Math.max(1, rule.concurrency) ? Math.min(...this.leases.values()) : startAt;
      break;
    }
    for (const w of this.waiters) wakeAt = Math.min(wakeAt, w.deadline);
    if (wakeAt < Number.POSITIVE_INFINITY) this.timer = setTimeout(() => this.pump(), Math.max(1, wakeAt - now));
  }
}
