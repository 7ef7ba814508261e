// Per-host politeness: fetches of one host are spaced by its robots.txt Crawl-delay (at least 250 ms),
// whichever consumer makes them, and robots.txt exclusions of that host are honoured.
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

/** Crawls four pages of docs-reference on `host` and answers the crawl and when the fixture server saw each page. */
async function crawlOn(host: string) {
  const site = `http://${host}:${port()}/docs-reference`;
  const selectedUrls = ["list-notes", "get-note", "create-note", "delete-note"].map((p) => `${site}/${p}.html`);
  const res = await call("/api/crawl/crawl", { method: "POST", cookie: user.cookie, json: { url: `${site}/index.html`, selectedUrls } });
  const { crawlId } = await res.json<{ crawlId: string }>();
  const crawl = await waitForCrawl(user.cookie, crawlId);
  const seen = await (await fetch(`${inject("fixtureOrigin")}/_requests?host=${host}:${port()}`)).json<{ path: string; at: number }[]>();
  const pages = seen.filter((r) => r.path.endsWith(".html")).map((r) => r.at);
  return { crawl, gaps: pages.slice(1).map((at, i) => at - pages[i]) };
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

  it("hands out fetch slots per host across consumers", async () => {
    const session = env.CRAWL_SESSION.getByName(crypto.randomUUID());
    await session.start("slots", ["https://slow.example/a", "https://slow.example/b", "https://fast.example/a"], undefined, undefined, { "slow.example": 2000 });
    const slots = await Promise.all([session.reserveFetch("slow.example"), session.reserveFetch("slow.example"), session.reserveFetch("fast.example"), session.reserveFetch("fast.example")]);
    expect(slots[0]).toBe(0);
    expect(slots[1]).toBeGreaterThan(1900);
    expect(slots[2]).toBe(0);
    expect(slots[3]).toBeGreaterThan(POLITENESS_DELAY_MS - 50);
    expect(slots[3]).toBeLessThanOrEqual(POLITENESS_DELAY_MS);
  });
});
