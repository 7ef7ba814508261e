// Per-host politeness: fetches of one host are spaced by its robots.txt Crawl-delay (at least 250 ms),
// whichever crawl or consumer makes them, and robots.txt exclusions of that host are honoured.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { POLITENESS_DELAY_MS } from "../../durable-objects/crawl-session";
import { call, signUp } from "./helpers";
import { waitForCrawl } from "./crawl-helpers";

const port = () => new URL(inject("fixtureOrigin")).port;
/** Slots are kept when requests leave the Worker; on a busy machine they may reach the fixture server this much closer together. */
const JITTER_MS = 100;
let user: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  user = await signUp();
});

/** Starts a crawl of four pages of docs-reference on `host` for `cookie`'s organization. */
async function startCrawl(host: string, cookie = user.cookie) {
  const site = `http://${host}:${port()}/docs-reference`;
  const selectedUrls = ["list-notes", "get-note", "create-note", "delete-note"].map((p) => `${site}/${p}.html`);
  const res = await call("/api/crawl/crawl", { method: "POST", cookie, json: { url: `${site}/index.html`, selectedUrls } });
  return (await res.json<{ crawlId: string }>()).crawlId;
}

/** The gaps between the page requests the fixture server saw for `host`, in arrival order. */
async function pageGaps(host: string) {
  const seen = await (await fetch(`${inject("fixtureOrigin")}/_requests?host=${host}:${port()}`)).json<{ path: string; at: number }[]>();
  const pages = seen.filter((r) => r.path.endsWith(".html")).map((r) => r.at);
  return pages.slice(1).map((at, i) => at - pages[i]);
}

/** Crawls four pages of docs-reference on `host` and answers the crawl and the gaps between its pages. */
async function crawlOn(host: string) {
  const crawl = await waitForCrawl(user.cookie, await startCrawl(host));
  return { crawl, gaps: await pageGaps(host) };
}

describe("politeness", () => {
  it("waits the Crawl-delay robots.txt asks of the crawler between two pages of a host", async () => {
    const { crawl, gaps } = await crawlOn("polite.localhost");
    expect(crawl).toMatchObject({ status: "completed", total: 3, completed: 3 }); // delete-note.html is disallowed for toolport
    expect(gaps).toHaveLength(2);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 - JITTER_MS);
  });

  it("spaces pages of a host without a Crawl-delay by the default pause", async () => {
    const { crawl, gaps } = await crawlOn("brisk.localhost");
    expect(crawl).toMatchObject({ status: "completed", total: 4, completed: 4 });
    expect(gaps).toHaveLength(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(POLITENESS_DELAY_MS - JITTER_MS);
  });

  it("spaces the pages of a host that two organizations crawl at the same time", async () => {
    const other = await signUp();
    const crawls = await Promise.all([startCrawl("shared.localhost"), startCrawl("shared.localhost", other.cookie)]);
    const done = await Promise.all([waitForCrawl(user.cookie, crawls[0]), waitForCrawl(other.cookie, crawls[1])]);
    for (const crawl of done) expect(crawl).toMatchObject({ status: "completed", total: 4, completed: 4 });
    const gaps = await pageGaps("shared.localhost");
    expect(gaps).toHaveLength(7);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(POLITENESS_DELAY_MS - JITTER_MS);
  });

  it("hands out fetch slots per host, each after the pause its crawl keeps", async () => {
    const session = env.CRAWL_SESSION.getByName(crypto.randomUUID());
    await session.start("slots", ["https://slow.example/a", "https://slow.example/b", "https://fast.example/a"], undefined, undefined, { "slow.example": 2000 });
    expect(await session.fetchDelay("slow.example")).toBe(2000);
    expect(await session.fetchDelay("fast.example")).toBe(POLITENESS_DELAY_MS);
    const [slow, fast] = [env.HOST_PACE.getByName(`slow-${crypto.randomUUID()}`), env.HOST_PACE.getByName(`fast-${crypto.randomUUID()}`)];
    const slots = await Promise.all([slow.reserve(2000), slow.reserve(2000), fast.reserve(POLITENESS_DELAY_MS), fast.reserve(POLITENESS_DELAY_MS)]);
    expect(slots[0]).toBe(0);
    expect(slots[1]).toBeGreaterThan(1900);
    expect(slots[2]).toBe(0);
    expect(slots[3]).toBeGreaterThan(POLITENESS_DELAY_MS - 50);
    expect(slots[3]).toBeLessThanOrEqual(POLITENESS_DELAY_MS);
  });
});
