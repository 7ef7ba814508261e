// The two other fixture sites: a single long page without a sitemap, and a site with a subdomain,
// a robots.txt exclusion, a redirect, a 404 and a slow page; and the crawl time-out.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import single from "../../fixtures/docs-single/expected.json";
import subdomain from "../../fixtures/docs-subdomain/expected.json";
import { call, signedIn } from "../helpers";
import { crawlAndExtract, endpointsOf, parametersOf, waitForCrawl } from "./helpers";

let user: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  user = await signedIn();
});
const map = async (url: string) =>
  (
    await (
      await call("/api/crawl/map", { method: "POST", cookie: user.cookie, json: { url, includeSubdomains: true } })
    ).json<{ links: string[] }>()
  ).links;

describe("a single long page without a sitemap", () => {
  it("maps to the one page and extracts every endpoint of it", async () => {
    const url = `${inject("fixtureOrigin")}/docs-single/index.html`;
    expect(await map(url)).toEqual([url]);
    const { document, crawl } = await crawlAndExtract(user.cookie, url);
    expect(crawl.pageDetails).toEqual([{ url, status: "completed", title: "Taskboard API v2" }]);
    expect(new Set(endpointsOf(document))).toEqual(new Set(single.endpoints));
    expect(new Set(parametersOf(document))).toEqual(new Set(single.parameters));
    expect(document.servers).toEqual([{ url: "https://api.taskboard.example/v2" }]);
    expect(document.components.securitySchemes).toEqual({ xApiKeyHeader: { type: "apiKey", in: "header", name: "X-Api-Key" } });
  });
});

describe("a site with a subdomain, robots.txt, a redirect, a 404 and a slow page", () => {
  const port = () => new URL(inject("fixtureOrigin")).port;
  const site = () => `http://localhost:${port()}/docs-subdomain`;

  it("maps through a redirect, keeps subdomains, drops robots-excluded and foreign links", async () => {
    const links = await map(`http://localhost:${port()}/_redirect?to=/docs-subdomain/index.html`);
    expect(links).toEqual([
      `${site()}/index.html`,
      `http://api.localhost:${port()}/docs-subdomain/reference.html`,
      `${site()}/guide.html`,
      `${site()}/refunds.html`,
      `${site()}/missing.html`,
    ]);
  });

  it("crawls with per-page statuses and extracts the pages that answered", async () => {
    const links = await map(`${site()}/index.html`);
    const selected = [
      ...links,
      `http://localhost:${port()}/_slow/docs-subdomain/slow.html?ms=1500`,
      `http://localhost:${port()}/_redirect?to=/docs-subdomain/guide.html%3Fvia%3Dredirect`,
      `${site()}/private/keys.html`,
    ];
    const { crawl, document } = await crawlAndExtract(user.cookie, `${site()}/index.html`, selected);
    const statusOf = Object.fromEntries(crawl.pageDetails.map((p) => [p.url.replace(`:${port()}`, ""), p.status]));
    expect(statusOf).toEqual({
      "http://localhost/docs-subdomain/index.html": "completed",
      "http://api.localhost/docs-subdomain/reference.html": "completed", // the API subdomain's own page
      "http://localhost/docs-subdomain/guide.html": "completed",
      "http://localhost/docs-subdomain/refunds.html": "completed",
      "http://localhost/docs-subdomain/missing.html": "failed",
      "http://localhost/_slow/docs-subdomain/slow.html?ms=1500": "completed",
      "http://localhost/_redirect?to=/docs-subdomain/guide.html%3Fvia%3Dredirect": "completed",
    });
    expect(crawl).toMatchObject({ status: "completed", total: 7, completed: 6, currentProcessing: { errorCount: 1 } });
    expect(crawl.pageDetails.find((p) => p.url.startsWith("http://api.localhost"))!.title).toBe("API reference — Orders API");
    expect(new Set(endpointsOf(document))).toEqual(new Set(subdomain.endpoints));
    expect(new Set(parametersOf(document))).toEqual(new Set(subdomain.parameters));
    expect(document.servers).toEqual([{ url: "https://api.orders.example/v3" }]);
    expect(document.components.securitySchemes).toEqual({ basicAuth: { type: "http", scheme: "basic" } });
  });

  it("fails a crawl that runs past its time limit with the spec's message", async () => {
    const selectedUrls = [`http://localhost:${port()}/_slow/docs-subdomain/slow.html?ms=20000`];
    const res = await call("/api/crawl/crawl", {
      method: "POST",
      cookie: user.cookie,
      json: { url: `${site()}/index.html`, selectedUrls },
    });
    const { crawlId } = await res.json<{ crawlId: string }>();
    expect(await runDurableObjectAlarm(env.CRAWL_SESSION.getByName(crawlId))).toBe(true);
    const status = await waitForCrawl(user.cookie, crawlId);
    expect(status).toMatchObject({
      status: "failed",
      error: "Crawl timed out after 10 minutes. Please try again or use a smaller documentation site.",
    });
  });
});
