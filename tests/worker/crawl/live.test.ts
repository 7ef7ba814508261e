// Crawl progress, polled: GET /api/crawl/{id} answers the status as each page changes until the crawl
// is over (completed, cancelled or timed out), for the crawl's own organization only.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { call, signedIn } from "../helpers";
import type { CrawlStatusAnswer } from "./helpers";

const site = () => `${inject("fixtureOrigin")}/docs-reference`;
let user: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  user = await signedIn();
});

const startCrawl = async (selectedUrls: string[]) =>
  (
    await (
      await call("/api/crawl/crawl", { method: "POST", cookie: user.cookie, json: { url: `${site()}/index.html`, selectedUrls } })
    ).json<{ crawlId: string }>()
  ).crawlId;

const status = async (crawlId: string, cookie = user.cookie) => (await call(`/api/crawl/${crawlId}`, { cookie })).json<CrawlStatusAnswer>();

/** Polls the crawl's status until it is over; answers every status seen. */
async function pollUntilOver(crawlId: string) {
  const seen: CrawlStatusAnswer[] = [];
  await vi.waitFor(
    async () => {
      seen.push(await status(crawlId));
      expect(seen.at(-1)!.status).not.toBe("crawling");
    },
    { timeout: 20_000, interval: 20 },
  );
  return seen;
}

describe("crawl progress", () => {
  it("answers each page's status as it changes until the crawl completes", async () => {
    const selectedUrls = [
      `${inject("fixtureOrigin")}/_slow/docs-reference/list-notes.html?ms=600`,
      `${site()}/get-note.html`,
      `${site()}/missing.html`,
    ];
    const crawlId = await startCrawl(selectedUrls);
    const seen = await pollUntilOver(crawlId);
    expect(seen.at(-1)).toMatchObject({
      success: true,
      status: "completed",
      completed: 2,
      total: 3,
      selectedUrls,
      currentProcessing: { currentUrl: null, errorCount: 1 },
    });
    // Progress came page by page: the slow page was seen processing before its outcome.
    const slow = seen.map((s) => s.pageDetails.find((p) => p.url === selectedUrls[0])!.status).filter((s, i, all) => s !== all[i - 1]);
    expect(slow.slice(-2)).toEqual(["processing", "completed"]);
    expect(seen.at(-1)!.pageDetails.find((p) => p.url === selectedUrls[2])!.status).toBe("failed");
  });

  it("answers the cancellation", async () => {
    const crawlId = await startCrawl([`${inject("fixtureOrigin")}/_slow/docs-reference/get-note.html?ms=3000`]);
    await call(`/api/crawl/${crawlId}/cancel`, { method: "DELETE", cookie: user.cookie });
    expect(await status(crawlId)).toMatchObject({ status: "cancelled", error: "Crawl cancelled" });
  });

  it("answers the time-out failure with the spec's message", async () => {
    const crawlId = await startCrawl([`${inject("fixtureOrigin")}/_slow/docs-reference/get-note.html?ms=5000`]);
    expect(await runDurableObjectAlarm(env.CRAWL_SESSION.getByName(crawlId))).toBe(true);
    expect(await status(crawlId)).toMatchObject({
      status: "failed",
      error: "Crawl timed out after 10 minutes. Please try again or use a smaller documentation site.",
    });
  });

  it("refuses another organization and the signed-out", async () => {
    const crawlId = await startCrawl([`${site()}/get-note.html`]);
    const other = await signedIn();
    const foreign = await call(`/api/crawl/${crawlId}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ success: false, error: "Crawl not found" });
    expect((await call(`/api/crawl/${crawlId}`)).status).toBe(401);
  });
});
