// CrawlSession: owns one crawl's state — its pages and their statuses — in SQLite storage, so
// progress survives evictions and restarts; an alarm enforces the crawl's time limit. While the crawl
// runs this object alone knows its status (GET /api/crawl/{id} reads it): the outcome is written to
// the crawl's D1 row once, when it ends.
import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { enqueue } from "../worker/jobs/enqueue";
import type { MessageOf } from "../worker/jobs/messages";
import { getDb } from "../worker/db";
import { crawls } from "../worker/db/schema";
import { crawlEvent } from "../worker/notifications/events";
import { recordNotification } from "../worker/notifications/notifications";
import type { HostRule } from "./host-pace";

/** Fetches of one host in flight at once when its robots.txt names no Crawl-delay (shared by every crawl). */
export const HOST_CONCURRENCY = 4;
/** Least time between the starts of two fetches of a host without a Crawl-delay. */
export const HOST_SPACING_MS = 25;

export type PageStatus = "pending" | "processing" | "completed" | "failed";
export type CrawlStatus = "crawling" | "completed" | "failed" | "cancelled";
export type CrawlPage = { url: string; status: PageStatus; title: string | null; error: string | null };
/** A re-crawl's refresh of its server's tools, which runs once the crawl is over. */
export type CrawlRefresh = { status: "pending" | "done" | "failed"; error: string | null };
export type CrawlSnapshot = {
  crawlId: string | null;
  status: CrawlStatus | null;
  total: number;
  completed: number;
  errorCount: number;
  currentUrl: string | null;
  error: string | null;
  pages: CrawlPage[];
  /** Only for a re-crawl of a server (null otherwise). */
  refresh: CrawlRefresh | null;
};

/** A crawl's status fields, as GET /api/crawl/{crawlId} answers them. */
export function crawlStatusOf(snap: CrawlSnapshot) {
  return {
    status: snap.status ?? ("failed" as const),
    completed: snap.completed,
    total: snap.total,
    pageDetails: snap.pages.map(({ url, status, title }) => ({ url, status, title })),
    currentProcessing: { currentUrl: snap.currentUrl, errorCount: snap.errorCount },
    // The pages of a crawl are its selected URLs (after scoping and robots.txt), in order.
    selectedUrls: snap.pages.map((p) => p.url),
    error: snap.error,
    // A re-crawl is over for its server once the tools are refreshed (or kept, with the reason).
    refresh: snap.refresh,
  };
}

export const CRAWL_TIME_LIMIT_MS = 10 * 60 * 1000;
export const CRAWL_TIMEOUT_MESSAGE = "Crawl timed out after 10 minutes. Please try again or use a smaller documentation site.";
/**
 * A session that wakes up (after an eviction or a restart of the portal) to a crawl with no page
 * claimed or recorded for this long sends its open pages to the queue again — at once, or from its
 * alarm when the quiet is younger: messages lost with a stopped portal are replaced, and a page
 * already done or in hand ignores the copy.
 */
export const RESUME_AFTER_MS = 30_000;
/** How soon a D1 write of the outcome that failed is tried again. */
const RECORD_RETRY_MS = 5_000;

/** The job that runs once the crawl is over: a server's re-crawl refreshes its tools. */
type OnDone = MessageOf<"refresh">;

export class CrawlSession extends DurableObject<Env> {
  private sql = this.ctx.storage.sql;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS pages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL UNIQUE, status TEXT NOT NULL,
      title TEXT, error TEXT, updated_at INTEGER NOT NULL)`);
    ctx.blockConcurrencyWhile(() => this.resume());
  }

  /** On waking: a stalled crawl's open pages go back to the queue (now or soon); an outcome D1 does not have yet is written. */
  private async resume() {
    if (this.kv.get("status") === "crawling") {
      const quietSince = this.quietSince();
      if (Date.now() - quietSince >= RESUME_AFTER_MS) return this.requeueOpenPages();
      // Looked at again by the alarm, which then goes back to guarding the time limit.
      const deadline =
        (this.kv.get("deadline") as number | undefined) ?? (await this.ctx.storage.getAlarm()) ?? Date.now() + CRAWL_TIME_LIMIT_MS;
      this.kv.put("deadline", deadline);
      this.kv.put("resumeCheck", true);
      await this.ctx.storage.setAlarm(Math.min(deadline, quietSince + RESUME_AFTER_MS));
    } else if (this.kv.get("outcomeRecorded") === false) await this.ctx.storage.setAlarm(Date.now());
  }

  /** When a page was last claimed or recorded, or the open pages last sent again. */
  private quietSince() {
    const last = this.sql.exec<{ at: number | null }>(`SELECT max(updated_at) AS at FROM pages`).one().at ?? 0;
    return Math.max(last, (this.kv.get("requeuedAt") as number | undefined) ?? 0);
  }

  private async requeueOpenPages() {
    const crawlId = this.kv.get("crawlId") as string;
    const open = this.sql.exec<{ url: string }>(`SELECT url FROM pages WHERE status IN ('pending', 'processing') ORDER BY seq`).toArray();
    this.kv.put("requeuedAt", Date.now());
    try {
      await enqueue(
        this.env,
        open.map(({ url }) => ({ kind: "page" as const, crawlId, url })),
      );
    } catch (err) {
      // The time limit still ends the crawl if the pages cannot be sent again.
      console.error("crawl pages not sent again", crawlId, (err as Error).message);
    }
  }

  private get kv() {
    return this.ctx.storage.kv;
  }

  /**
   * Starts the crawl of `urls` (idempotent for the same crawl id). `onDone`, when given, is sent to
   * the job queue once the crawl is over (completed, or failed by the time limit). `hostDelays`
   * are the pauses robots.txt asks for between two fetches of a host (Crawl-delay).
   */
  async start(
    crawlId: string,
    urls: string[],
    timeLimitMs = CRAWL_TIME_LIMIT_MS,
    onDone?: OnDone,
    hostDelays: Record<string, number> = {},
  ): Promise<CrawlSnapshot> {
    if (this.kv.get("crawlId") === crawlId) return this.snapshot();
    this.kv.put("crawlId", crawlId);
    if (onDone) {
      this.kv.put("onDone", onDone);
      this.kv.put("refresh", { status: "pending", error: null } satisfies CrawlRefresh);
    }
    for (const [host, ms] of Object.entries(hostDelays)) this.kv.put(`delay:${host}`, ms);
    this.kv.put("status", "crawling");
    this.kv.put("deadline", Date.now() + timeLimitMs);
    for (const url of urls) {
      this.sql.exec(`INSERT OR IGNORE INTO pages (url, status, updated_at) VALUES (?, 'pending', ?)`, url, Date.now());
    }
    await this.ctx.storage.setAlarm(this.kv.get("deadline") as number);
    return this.snapshot();
  }

  /** Marks a page as being processed; false when the crawl is over or the page is already done. */
  claim(url: string): boolean {
    if (this.kv.get("status") !== "crawling") return false;
    const cursor = this.sql.exec(
      `UPDATE pages SET status = 'processing', updated_at = ? WHERE url = ? AND status IN ('pending', 'processing')`,
      Date.now(),
      url,
    );
    return cursor.rowsWritten > 0;
  }

  /** How this crawl fetches `host`: one fetch per robots.txt Crawl-delay, else HOST_CONCURRENCY at once, HOST_SPACING_MS apart. */
  fetchRule(host: string): HostRule {
    const delay = this.kv.get(`delay:${host}`) as number | undefined;
    return delay ? { concurrency: 1, spacingMs: delay } : { concurrency: HOST_CONCURRENCY, spacingMs: HOST_SPACING_MS };
  }

  /** Records a page's outcome; the crawl completes when no page is left pending or processing. */
  async record(url: string, outcome: { status: "completed" | "failed"; title?: string | null; error?: string | null }) {
    this.sql.exec(
      `UPDATE pages SET status = ?, title = ?, error = ?, updated_at = ? WHERE url = ? AND status != 'completed'`,
      outcome.status,
      outcome.title ?? null,
      outcome.error ?? null,
      Date.now(),
      url,
    );
    const open = this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM pages WHERE status IN ('pending', 'processing')`).one().n;
    if (open === 0 && this.kv.get("status") === "crawling") return this.finish("completed");
    return this.snapshot();
  }

  async cancel(): Promise<CrawlSnapshot> {
    if (this.kv.get("status") === "crawling") return this.finish("cancelled", "Crawl cancelled");
    return this.snapshot();
  }

  /** Records how the re-crawl's refresh of the server's tools ended: null when they were refreshed, else why they were kept. */
  refreshed(error: string | null): CrawlSnapshot {
    this.kv.put("refresh", { status: error ? "failed" : "done", error } satisfies CrawlRefresh);
    return this.snapshot();
  }

  snapshot(): CrawlSnapshot {
    const pages = this.sql
      .exec<CrawlPage>(`SELECT url, status, title, error FROM pages ORDER BY seq`)
      .toArray()
      .map(({ url, status, title, error }) => ({ url, status, title, error }));
    return {
      crawlId: (this.kv.get("crawlId") as string) ?? null,
      status: (this.kv.get("status") as CrawlStatus) ?? null,
      total: pages.length,
      completed: pages.filter((p) => p.status === "completed").length,
      errorCount: pages.filter((p) => p.status === "failed").length,
      currentUrl: pages.find((p) => p.status === "processing")?.url ?? null,
      error: (this.kv.get("error") as string) ?? null,
      pages,
      refresh: (this.kv.get("refresh") as CrawlRefresh) ?? null,
    };
  }

  async alarm() {
    if (this.kv.get("status") !== "crawling") return this.recordOutcome();
    const deadline = this.kv.get("deadline") as number | undefined;
    if (this.kv.get("resumeCheck") && deadline && Date.now() < deadline) {
      this.kv.delete("resumeCheck");
      if (Date.now() - this.quietSince() >= RESUME_AFTER_MS) await this.requeueOpenPages();
      await this.ctx.storage.setAlarm(deadline);
      return;
    }
    await this.finish("failed", CRAWL_TIMEOUT_MESSAGE);
  }

  /** Ends the crawl (the only way it ends): its status, the follow-up job, D1's copy of the outcome. */
  private async finish(status: Exclude<CrawlStatus, "crawling">, error?: string): Promise<CrawlSnapshot> {
    this.kv.put("status", status);
    if (error) this.kv.put("error", error);
    this.kv.put("outcomeRecorded", false);
    await this.ctx.storage.deleteAlarm();
    // A cancelled crawl has no follow-up: whoever cancelled it is told directly.
    if (status !== "cancelled") await this.notifyDone();
    await this.recordOutcome();
    return this.snapshot();
  }

  /** Writes the ended crawl's summary to its D1 row; when that fails, the alarm tries again shortly. */
  private async recordOutcome() {
    if (this.kv.get("outcomeRecorded") !== false) return;
    const snap = this.snapshot();
    const db = getDb(this.env.DB);
    let row: { organizationId: string; url: string } | undefined;
    try {
      [row] = await db
        .update(crawls)
        .set({ status: snap.status!, completed: snap.completed, errorCount: snap.errorCount, error: snap.error, updatedAt: new Date() })
        .where(eq(crawls.id, snap.crawlId!))
        .returning({ organizationId: crawls.organizationId, url: crawls.url });
      this.kv.put("outcomeRecorded", true);
    } catch (err) {
      console.error("crawl outcome not recorded yet", snap.crawlId, (err as Error).message);
      await this.ctx.storage.setAlarm(Date.now() + RECORD_RETRY_MS);
      return;
    }
    // A server's re-crawl is told when its tools are refreshed (worker/crawl/refresh.ts); a cancelled crawl is not told.
    if (row && !this.kv.get("onDone") && (snap.status === "completed" || snap.status === "failed")) {
      await recordNotification(
        db,
        row.organizationId,
        crawlEvent({
          id: snap.crawlId!,
          url: row.url,
          status: snap.status,
          completed: snap.completed,
          total: snap.total,
          error: snap.error,
        }),
      );
    }
  }

  private async notifyDone() {
    const onDone = this.kv.get("onDone") as OnDone | undefined;
    if (onDone) await enqueue(this.env, onDone);
  }
}
