// Crawl flow on the one-page-per-endpoint fixture site: map, selection, statuses, Markdown, cancel, scoping.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { pageContentKey } from "../../../worker/crawl/keys";
import { call, signedIn } from "../helpers";
import { waitForCrawl } from "./helpers";
import { manyOperations, uploadDescription } from "../servers/helpers";

const site = () => `${inject("fixtureOrigin")}/docs-reference`;
let user: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  user = await signedIn();
});

describe("map", () => {
  it("lists the sitemap and the start page's links, within the site's section, without assets or duplicates", async () => {
    const res = await call("/api/crawl/map", {
      method: "POST",
      cookie: user.cookie,
      json: { url: `${site()}/index.html`, includeSubdomains: true },
    });
    expect(res.status).toBe(200);
    const { success, links } = await res.json<{ success: boolean; links: string[] }>();
    expect(success).toBe(true);
    const paths = links.map((l) => l.replace(site(), ""));
    expect(paths[0]).toBe("/index.html");
    expect(new Set(paths)).toEqual(
      new Set([
        "/index.html",
        "/authentication.html",
        "/list-notes.html",
        "/get-note.html",
        "/create-note.html",
        "/update-note.html",
        "/delete-note.html",
      ]),
    );
  });

  it("answers the spec's messages for a missing URL and for a site without pages", async () => {
    const missing = await call("/api/crawl/map", { method: "POST", cookie: user.cookie, json: { url: "" } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ success: false, error: "url: Please provide documentation URL to crawl" });
    const none = await call("/api/crawl/map", {
      method: "POST",
      cookie: user.cookie,
      json: { url: `${site()}/nothing-here/`, includeSubdomains: true },
    });
    expect(await none.json()).toEqual({ success: false, error: "No pages found at the provided URL" });
  });

  it("tells an organization at its plan's server limit before the site is mapped or crawled", async () => {
    const full = await signedIn(); // free plan: one server
    expect((await uploadDescription(full.cookie, "one.json", manyOperations(1))).status).toBe(201);
    const limit = "Server limit reached: your current plan allows 1 server. Please upgrade your plan to add more.";
    for (const path of ["/api/crawl/map", "/api/crawl/crawl"]) {
      const res = await call(path, { method: "POST", cookie: full.cookie, json: { url: `${site()}/index.html` } });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toEqual({ success: false, error: limit });
    }
  });

  it("needs a signed-in user", async () => {
    const res = await call("/api/crawl/map", { method: "POST", json: { url: `${site()}/index.html` } });
    expect(res.status).toBe(401);
  });
});

describe("crawl", () => {
  it("crawls the selected pages into Markdown with titles and reports progress", async () => {
    const selectedUrls = [`${site()}/list-notes.html`, `${site()}/create-note.html`, `${site()}/missing.html`];
    const res = await call("/api/crawl/crawl", {
      method: "POST",
      cookie: user.cookie,
      json: { url: `${site()}/index.html`, selectedUrls },
    });
    const started = await res.json<{ success: boolean; crawlId: string; total: number }>();
    expect(started).toMatchObject({ success: true, total: 3 });
    const status = await waitForCrawl(user.cookie, started.crawlId);
    expect(status).toMatchObject({
      success: true,
      status: "completed",
      completed: 2,
      total: 3,
      currentProcessing: { currentUrl: null, errorCount: 1 },
      selectedUrls,
      error: null,
    });
    expect(status.pageDetails).toEqual([
      { url: selectedUrls[0], status: "completed", title: "List notes · Acme Notes API" },
      { url: selectedUrls[1], status: "completed", title: "Create a note · Acme Notes API" },
      { url: selectedUrls[2], status: "failed", title: null },
    ]);
    const markdown = (await env.KV.get(pageContentKey(started.crawlId, selectedUrls[1])))!;
    expect(markdown).toContain("# Create a note");
    expect(markdown).toContain("```\nPOST /notes\n```");
    expect(markdown).toMatch(/\| title +\| body +\| string +\| Yes +\| Title of the note. \|/);
    expect(markdown).not.toContain("Pricing"); // header, navigation and footer dropped
    expect(markdown).not.toContain("Retrieve a note");
  });

  it("crawls the mapped site when nothing is selected, up to the limit", async () => {
    const res = await call("/api/crawl/crawl", { method: "POST", cookie: user.cookie, json: { url: `${site()}/index.html`, limit: 4 } });
    const { crawlId, total } = await res.json<{ crawlId: string; total: number }>();
    expect(total).toBe(4);
    expect((await waitForCrawl(user.cookie, crawlId)).completed).toBe(4);
  });

  it("keeps selections to the start URL's site", async () => {
    const res = await call("/api/crawl/crawl", {
      method: "POST",
      cookie: user.cookie,
      json: { url: `${site()}/index.html`, selectedUrls: ["https://elsewhere.example/page", `${site()}/get-note.html`] },
    });
    expect((await res.json<{ total: number }>()).total).toBe(1);
  });

  it("cancels a crawl", async () => {
    const selectedUrls = Array.from(
      { length: 6 },
      (_, i) => `${inject("fixtureOrigin")}/_slow/docs-reference/get-note.html?ms=1500&n=${i}`,
    );
    const res = await call("/api/crawl/crawl", {
      method: "POST",
      cookie: user.cookie,
      json: { url: `${site()}/index.html`, selectedUrls },
    });
    const { crawlId } = await res.json<{ crawlId: string }>();
    const cancel = await call(`/api/crawl/${crawlId}/cancel`, { method: "DELETE", cookie: user.cookie });
    expect(await cancel.json()).toEqual({ success: true, status: "cancelled" });
    const status = await (await call(`/api/crawl/${crawlId}`, { cookie: user.cookie })).json<{ status: string; completed: number }>();
    expect(status).toMatchObject({ status: "cancelled", completed: 0 });
  });

  it("answers 404 for another organization's crawl", async () => {
    const res = await call("/api/crawl/crawl", {
      method: "POST",
      cookie: user.cookie,
      json: { url: `${site()}/index.html`, selectedUrls: [`${site()}/index.html`] },
    });
    const { crawlId } = await res.json<{ crawlId: string }>();
    const other = await signedIn();
    expect((await call(`/api/crawl/${crawlId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/crawl/${crawlId}/cancel`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
  });
});
