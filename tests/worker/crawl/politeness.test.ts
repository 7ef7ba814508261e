// Per-host politeness: a host whose robots.txt names a Crawl-delay gets one fetch per delay; any other
// host at most HOST_CONCURRENCY fetches in flight, their starts HOST_SPACING_MS apart — whichever crawl
// or consumer makes them — and robots.txt exclusions of that host are honoured.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { HOST_CONCURRENCY, HOST_SPACING_MS } from "../../../durable-objects/crawl-session";
import { crawlPages } from "../../../worker/crawl/pages";
import type { MessageOf } from "../../../worker/jobs/messages";
import { call, signedIn } from "../helpers";
import { waitForCrawl } from "./helpers";

const port = () => new URL(inject("fixtureOrigin")).port;
/**
 * Slots are kept when requests leave the Worker; on a busy machine they may reach the fixture server this much closer
 * together. Still far from what a broken pace gives: starts HOST_SPACING_MS (25 ms) apart.
 */
const JITTER_MS = 250;
/** The Crawl-delay the fixture's robots.txt asks of the crawler on polite.localhost. */
const CRAWL_DELAY_MS = 1000;
/** How long the fixture server takes to answer each page of the concurrency tests. */
const PAGE_MS = 500;
// Each crawl here waits for its host's pace (seconds, by design).
let user: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  user = await signedIn();
});

/** Starts a crawl of `pages` on `host` for `cookie`'s organization. */
async function startCrawl(host: string, pages: string[], cookie = user.cookie) {
  const site = `http://${host}:${port()}`;
  const selectedUrls = pages.map((p) => `${site}${p}`);
  const res = await call("/api/crawl/crawl", { method: "POST", cookie, json: { url: `${site}/docs-reference/index.html`, selectedUrls } });
  return (await res.json<{ crawlId: string }>()).crawlId;
}

const reference = ["list-notes", "get-note", "create-note", "delete-note"].map((p) => `/docs-reference/${p}.html`);
/** `n` pages the fixture server answers after PAGE_MS each. */
const slowPages = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `/_slow/docs-reference/get-note.html?ms=${PAGE_MS}&n=${tag}${i}`);

/** When the fixture server saw each page request for `host`, in arrival order. */
async function pageStarts(host: string) {
  const seen = await (await fetch(`${inject("fixtureOrigin")}/_requests?host=${host}:${port()}`)).json<{ path: string; at: number }[]>();
  return seen.filter((r) => r.path.includes(".html")).map((r) => r.at);
}
const gapsOf = (starts: number[]) => starts.slice(1).map((at, i) => at - starts[i]);

/** At most HOST_CONCURRENCY in flight: the page that follows the next HOST_CONCURRENCY started only after one of them was answered. */
function expectAtMostConcurrency(starts: number[]) {
  for (let i = 0; i + HOST_CONCURRENCY < starts.length; i++)
    expect(starts[i + HOST_CONCURRENCY] - starts[i]).toBeGreaterThanOrEqual(PAGE_MS - JITTER_MS);
}

describe("politeness", () => {
  it("waits the Crawl-delay robots.txt asks of the crawler between two pages of a host", async () => {
    const crawl = await waitForCrawl(user.cookie, await startCrawl("polite.localhost", reference));
    expect(crawl).toMatchObject({ status: "completed", total: 3, completed: 3 }); // delete-note.html is disallowed for toolport
    const gaps = gapsOf(await pageStarts("polite.localhost"));
    expect(gaps).toHaveLength(2);
    // Pages granted 1 s apart (robots.txt's Crawl-delay: 1) reached the fixture server 709 ms apart once on a
    // busy CI machine (the first request waited longer on its way): half the delay still tells the pace
    // from a crawler that ignored it, whose starts are HOST_SPACING_MS (25 ms) apart.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(CRAWL_DELAY_MS / 2);
  });

  it("fetches a host without a Crawl-delay a few pages at a time, never more than HOST_CONCURRENCY at once", async () => {
    const crawl = await waitForCrawl(user.cookie, await startCrawl("brisk.localhost", slowPages(10, "b")));
    expect(crawl).toMatchObject({ status: "completed", total: 10, completed: 10 });
    const starts = await pageStarts("brisk.localhost");
    expect(starts).toHaveLength(10);
    expectAtMostConcurrency(starts);
    // Not one at a time: some pages started while another was still being answered.
    expect(Math.min(...gapsOf(starts))).toBeLessThan(PAGE_MS - JITTER_MS);
  });

  it("shares a host's fetch slots between two organizations crawling it at the same time", async () => {
    const other = await signedIn();
    const crawls = await Promise.all([
      startCrawl("shared.localhost", slowPages(6, "u")),
      startCrawl("shared.localhost", slowPages(6, "o"), other.cookie),
    ]);
    const done = await Promise.all([waitForCrawl(user.cookie, crawls[0]), waitForCrawl(other.cookie, crawls[1])]);
    for (const crawl of done) expect(crawl).toMatchObject({ status: "completed", total: 6, completed: 6 });
    const starts = await pageStarts("shared.localhost");
    expect(starts).toHaveLength(12);
    expectAtMostConcurrency(starts);
  });

  it("knows each host's rule from robots.txt: one fetch per Crawl-delay, else a few at once, a little apart", async () => {
    const session = env.CRAWL_SESSION.getByName(crypto.randomUUID());
    await session.start("slots", ["https://slow.example/a", "https://slow.example/b", "https://fast.example/a"], undefined, undefined, {
      "slow.example": 2000,
    });
    expect(await session.fetchRule("slow.example")).toEqual({ concurrency: 1, spacingMs: 2000 });
    expect(await session.fetchRule("fast.example")).toEqual({ concurrency: HOST_CONCURRENCY, spacingMs: HOST_SPACING_MS });
  });

  it("grants one slot per spacing, at most `concurrency` at once, the next one when a slot is given back", async () => {
    const pace = env.HOST_PACE.getByName(`pace-${crypto.randomUUID()}`);
    const rule = { concurrency: 2, spacingMs: 300 };
    // Taken before asking: the first grant is no earlier, and this isolate may hear of it late.
    const askedAt = Date.now();
    const leases = await Promise.all([pace.acquire(rule), pace.acquire(rule)]);
    expect(leases.every((lease) => typeof lease === "string")).toBe(true);
    expect(Date.now() - askedAt).toBeGreaterThanOrEqual(rule.spacingMs - 20);
    // Both slots are taken: a third caller willing to wait 400 ms gets none.
    expect(await pace.acquire(rule, 400)).toBeNull();
    const third = pace.acquire(rule);
    await pace.release(leases[0]!);
    expect(await third).toEqual(expect.any(String));
  });

  it("keeps one fetch per Crawl-delay even when the previous fetch is over at once", async () => {
    const pace = env.HOST_PACE.getByName(`delay-${crypto.randomUUID()}`);
    const rule = { concurrency: 1, spacingMs: 1000 };
    const askedAt = Date.now();
    const first = await pace.acquire(rule);
    await pace.release(first!);
    expect(await pace.acquire(rule)).toEqual(expect.any(String));
    expect(Date.now() - askedAt).toBeGreaterThanOrEqual(1000 - 20);
  });
});

describe("a busy host", () => {
  it("sends a page back to the queue, neither fetched nor failed, when its host gives no slot in time", async () => {
    const crawlId = crypto.randomUUID();
    const host = `busy-${crawlId.slice(0, 8)}.example`;
    const url = `https://${host}/docs/page.html`;
    const session = env.CRAWL_SESSION.getByName(crawlId);
    await session.start(crawlId, [url]);
    // Every slot of the host is taken by other fetches.
    const pace = env.HOST_PACE.getByName(host);
    const taken = await Promise.all(
      Array.from({ length: HOST_CONCURRENCY }, () => pace.acquire({ concurrency: HOST_CONCURRENCY, spacingMs: 0 })),
    );
    const sent: { body: unknown; options: unknown }[] = [];
    const CRAWL_QUEUE = {
      sendBatch: async (requests: { body: unknown }[]) => void sent.push(...requests.map(({ body, ...options }) => ({ body, options }))),
    };
    const batch = createMessageBatch<MessageOf<"page">>("toolport-crawl", [
      { id: "msg-busy", timestamp: new Date(), attempts: 1, body: { kind: "page" as const, crawlId, url } },
    ]);
    const ctx = createExecutionContext();
    await crawlPages({ ...env, CRAWL_QUEUE } as unknown as typeof env, [...batch.messages], 200);
    expect(await getQueueResult(batch, ctx)).toMatchObject({ explicitAcks: ["msg-busy"], retryMessages: [] });
    expect(sent).toEqual([{ body: { kind: "page", crawlId, url }, options: { delaySeconds: 10 } }]);
    expect((await session.snapshot()).pages).toEqual([{ url, status: "processing", title: null, error: null }]);
    for (const lease of taken) await pace.release(lease!);
  });
});
