// Live crawl progress: GET /api/crawl/{id}/ws pushes the status on every page change until the crawl
// is over, for the crawl's own organization only.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, signedIn } from "../helpers";
import type { CrawlStatusAnswer } from "./helpers";

const site = () => `${inject("fixtureOrigin")}/docs-reference`;
let user: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  user = await signedIn();
});

const startCrawl = async (selectedUrls: string[]) =>
  (await (await call("/api/crawl/crawl", { method: "POST", cookie: user.cookie, json: { url: `${site()}/index.html`, selectedUrls } })).json<{ crawlId: string }>()).crawlId;

/** Opens the crawl's WebSocket and collects its messages until the server closes it. */
async function listen(crawlId: string, cookie = user.cookie) {
  const res = await call(`/api/crawl/${crawlId}/ws`, { cookie, headers: { upgrade: "websocket", origin: "http://toolport.test" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: CrawlStatusAnswer[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })));
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
  });
  ws.accept();
  return { ws, messages, closed };
}

describe("crawl WebSocket", () => {
  it("pushes the status on every page change until the crawl completes, in the shape of GET /api/crawl/{id}", async () => {
    const selectedUrls = [`${inject("fixtureOrigin")}/_slow/docs-reference/list-notes.html?ms=300`, `${site()}/get-note.html`, `${site()}/missing.html`];
    const crawlId = await startCrawl(selectedUrls);
    const { messages, closed } = await listen(crawlId);
    expect(await closed).toEqual({ code: 1000, reason: "Crawl completed" });
    const last = messages.at(-1)!;
    expect(last).toEqual(await (await call(`/api/crawl/${crawlId}`, { cookie: user.cookie })).json());
    expect(last).toMatchObject({ success: true, status: "completed", completed: 2, total: 3, selectedUrls, currentProcessing: { currentUrl: null, errorCount: 1 } });
    // Progress came page by page: each page went through processing before its outcome.
    expect(messages.length).toBeGreaterThanOrEqual(4);
    expect(messages.slice(0, -1).every((m) => m.status === "crawling")).toBe(true);
    const seen = (url: string) => messages.map((m) => m.pageDetails.find((p) => p.url === url)!.status).filter((s, i, all) => s !== all[i - 1]);
    expect(seen(selectedUrls[0]).slice(-2)).toEqual(["processing", "completed"]);
    expect(seen(selectedUrls[2]).at(-1)).toBe("failed");
  });

  it("pushes the cancellation and closes", async () => {
    const crawlId = await startCrawl([`${inject("fixtureOrigin")}/_slow/docs-reference/get-note.html?ms=3000`]);
    const { messages, closed } = await listen(crawlId);
    await call(`/api/crawl/${crawlId}/cancel`, { method: "DELETE", cookie: user.cookie });
    expect(await closed).toEqual({ code: 1000, reason: "Crawl cancelled" });
    expect(messages.at(-1)).toMatchObject({ status: "cancelled", error: "Crawl cancelled" });
  });

  it("pushes the time-out failure with the spec's message and closes", async () => {
    const crawlId = await startCrawl([`${inject("fixtureOrigin")}/_slow/docs-reference/get-note.html?ms=5000`]);
    const { messages, closed } = await listen(crawlId);
    expect(await runDurableObjectAlarm(env.CRAWL_SESSION.getByName(crawlId))).toBe(true);
    expect(await closed).toEqual({ code: 1000, reason: "Crawl failed" });
    expect(messages.at(-1)).toMatchObject({
      status: "failed",
      error: "Crawl timed out after 10 minutes. Please try again or use a smaller documentation site.",
    });
  });

  it("answers the final status at once for a crawl already over", async () => {
    const crawlId = await startCrawl([`${site()}/get-note.html`]);
    await call(`/api/crawl/${crawlId}/cancel`, { method: "DELETE", cookie: user.cookie });
    const { messages, closed } = await listen(crawlId);
    await closed;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: "cancelled" });
  });

  it("refuses another organization, foreign pages, the signed-out and plain requests", async () => {
    const crawlId = await startCrawl([`${site()}/get-note.html`]);
    const ws = { upgrade: "websocket" };
    const other = await signedIn();
    for (const headers of [ws, {}]) {
      const foreign = await call(`/api/crawl/${crawlId}/ws`, { cookie: other.cookie, headers });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ success: false, error: "Crawl not found" });
    }
    const crossSite = await call(`/api/crawl/${crawlId}/ws`, { cookie: user.cookie, headers: { ...ws, origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ success: false, error: "Cross-origin request refused" });
    expect((await call(`/api/crawl/${crawlId}/ws`, { headers: ws })).status).toBe(401);
    const plain = await call(`/api/crawl/${crawlId}/ws`, { cookie: user.cookie });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toEqual({ success: false, error: "Expected a WebSocket upgrade" });
  });
});
