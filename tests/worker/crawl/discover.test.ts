// The map uses what a documentation site already offers: its own OpenAPI description (Redoc,
// Swagger UI, Scalar, a download link, a well-known path) and its llms.txt with Markdown twins.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { discoverOpenApi, FetchBudget } from "../../../worker/crawl/discover";
import { mapSite } from "../../../worker/crawl/map";
import { pageContentKey } from "../../../worker/crawl/keys";
import { waitForCrawl } from "./helpers";
import { call, signedIn } from "../helpers";
import { importUrl, json } from "../servers/helpers";

let user: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  user = await signedIn();
});
const site = (path: string) => `${inject("fixtureOrigin")}/docs-offers/${path}`;
const map = (url: string) => mapSite(env, url, { includeSubdomains: true });

describe("a site that publishes its OpenAPI description", () => {
  it("names the description given to Redoc's spec-url", async () => {
    const answer = await map(site("redoc/index.html"));
    expect(answer.openapi).toEqual({ url: site("redoc/api/openapi.yaml"), title: "Notes API", operationCount: 4 });
    expect(answer.links).toEqual([site("redoc/index.html")]);
    expect(answer.source).toBe("links");
  });

  it("follows the start page's API Reference link to a Redoc.init call", async () => {
    const answer = await map(site("reference/index.html"));
    expect(answer.openapi).toEqual({ url: site("redoc/api/openapi.yaml"), title: "Notes API", operationCount: 4 });
    expect(answer.links).toEqual([site("reference/index.html"), site("reference/guide.html"), site("reference/api.html")]);
  });

  it("reads Swagger UI's inline SwaggerUIBundle({ url })", async () => {
    const answer = await map(site("swagger-inline/index.html"));
    expect(answer.openapi).toEqual({ url: site("swagger-inline/spec/swagger.json"), title: "Inventory", operationCount: 2 });
  });

  it("reads swagger-initializer.js beside the page, skipping a listed URL that is not a description", async () => {
    const answer = await map(site("swagger-init/index.html"));
    expect(answer.openapi).toEqual({ url: site("swagger-inline/spec/swagger.json"), title: "Inventory", operationCount: 2 });
  });

  it("resolves a relative URL of an initializer script in a subfolder against the page, as the viewer does", async () => {
    const answer = await map(site("swagger-init/nested.html"));
    expect(answer.openapi).toEqual({ url: site("swagger-init/spec/openapi.json"), title: "Weather", operationCount: 1 });
  });

  it("reads the pages naming the API reference outright before others that mention a reference", async () => {
    const weak = ["Error reference", "CLI reference", "Config reference", "Glossary reference"]
      .map((t, i) => `<a href="weak-${i}.html">${t}</a>`)
      .join("");
    const page = {
      url: site("reference/start.html"),
      status: 200,
      contentType: "text/html",
      text: `${weak}<a href="api.html">API Reference</a>`,
    };
    expect(await discoverOpenApi(env, page, new FetchBudget(24))).toMatchObject({ url: site("redoc/api/openapi.yaml") });
  });

  it("reads Scalar's data-url and its createApiReference({ url })", async () => {
    const expected = { url: site("scalar/openapi.json"), title: "Weather", operationCount: 1 };
    expect((await map(site("scalar/index.html"))).openapi).toEqual(expected);
    expect((await map(site("scalar/app.html"))).openapi).toEqual(expected);
  });

  it("reads Stoplight Elements' apiDescriptionUrl and RapiDoc's spec-url", async () => {
    const expected = { url: site("scalar/openapi.json"), title: "Weather", operationCount: 1 };
    const page = (text: string) => ({ url: site("viewers/index.html"), status: 200, contentType: "text/html", text });
    const elements = `<elements-api apiDescriptionUrl="../scalar/openapi.json" router="hash" layout="sidebar"></elements-api>`;
    expect(await discoverOpenApi(env, page(elements), new FetchBudget(24))).toEqual(expected);
    const rapidoc = `<rapi-doc spec-url="${site("scalar/openapi.json")}" theme="dark"></rapi-doc>`;
    expect(await discoverOpenApi(env, page(rapidoc), new FetchBudget(24))).toEqual(expected);
  });

  it("takes a Download OpenAPI link, not another .json link of the page", async () => {
    const answer = await map(site("download/index.html"));
    expect(answer.openapi).toEqual({ url: site("download/files/payments-openapi.yaml"), title: "Payments", operationCount: 2 });
  });

  it("reads Scalar's JSON configuration as its integrations write it, after a long custom CSS", async () => {
    const config = JSON.stringify(
      { customCss: `.scalar-app { color: red; }\n`.repeat(200), sources: [{ title: "Weather", url: "/docs-offers/scalar/openapi.json" }] },
      null,
      2,
    );
    const page = {
      url: site("viewers/app.html"),
      status: 200,
      contentType: "text/html",
      text: `<div id="app"></div><script>\n  Scalar.createApiReference('#app', ${config})\n</script>`,
    };
    expect(await discoverOpenApi(env, page, new FetchBudget(24))).toEqual({
      url: site("scalar/openapi.json"),
      title: "Weather",
      operationCount: 1,
    });
  });

  it("offers a start URL that is itself a description, with no pages to crawl", async () => {
    expect(await map(site("probe/openapi.json"))).toEqual({
      links: [],
      source: "links",
      openapi: { url: site("probe/openapi.json"), title: "Catalog", operationCount: 1 },
    });
  });

  it("probes /openapi.json beside the docs when no page names a description", async () => {
    const answer = await map(site("probe/index.html"));
    expect(answer.openapi).toEqual({ url: site("probe/openapi.json"), title: "Catalog", operationCount: 1 });
    expect(answer.links).toEqual([site("probe/index.html"), site("probe/usage.html")]);
  });
});

describe("candidates that are not a description the importer can use", () => {
  it("offers nothing for a .json download that is not a description, and still maps the pages", async () => {
    const answer = await map(site("not-a-spec/index.html"));
    expect(answer.openapi).toBeNull();
    expect(answer.links).toEqual([site("not-a-spec/index.html"), site("not-a-spec/guide.html")]);
  });

  it("refuses a description on a private address outside development, as the SSRF guard does", async () => {
    const page = {
      url: "http://169.254.169.254/docs/",
      status: 200,
      contentType: "text/html",
      text: `<redoc spec-url="${site("redoc/api/openapi.yaml")}"></redoc>`,
    };
    expect(await discoverOpenApi({ ...env, ENVIRONMENT: "development" }, page, new FetchBudget(24))).toMatchObject({ title: "Notes API" });
    expect(await discoverOpenApi({ ...env, ENVIRONMENT: "production" }, page, new FetchBudget(24))).toBeNull();
  });

  it("refuses a description beyond the 20 MB limit", async () => {
    const page = { url: site("huge/index.html"), status: 200, contentType: "text/html", text: `<redoc spec-url="/_huge.json"></redoc>` };
    expect(await discoverOpenApi(env, page, new FetchBudget(24))).toBeNull();
  });

  it("spends no more fetches than its budget", async () => {
    const page = { url: site("probe/index.html"), status: 200, contentType: "text/html", text: "<p>docs</p>" };
    // The probe that would find /openapi.json beside the docs comes first; a budget of none finds nothing.
    expect(await discoverOpenApi(env, page, new FetchBudget(0))).toBeNull();
    expect(await discoverOpenApi(env, page, new FetchBudget(1))).toMatchObject({ title: "Catalog" });
  });
});

describe("a site with llms.txt", () => {
  it("takes the links from llms.txt, in scope, as the Markdown twins the site serves", async () => {
    const answer = await map(site("llms/index.html"));
    expect(answer.source).toBe("llms.txt");
    expect(answer.links).toEqual([site("llms/guide.html.md"), site("llms/reference.html.md"), site("llms/changelog.md")]);
    expect(answer.openapi).toBeNull();
  });

  it("still finds the Markdown twins when the start page spends its own budget on failing description candidates", async () => {
    const answer = await map(site("crowded/index.html"));
    expect(answer).toEqual({ links: [site("crowded/page.html.md")], source: "llms.txt", openapi: null });
  });

  it("keeps the HTML pages when their .md twins do not exist", async () => {
    const answer = await map(site("llms-plain/index.html"));
    expect(answer.source).toBe("llms.txt");
    expect(answer.links).toEqual([site("llms-plain/intro.html"), site("llms-plain/usage.html")]);
  });

  it("crawls the Markdown twins and stores their Markdown", async () => {
    const { links } = await map(site("llms/index.html"));
    const started = await (
      await call("/api/crawl/crawl", { method: "POST", cookie: user.cookie, json: { url: site("llms/index.html"), selectedUrls: links } })
    ).json<{ crawlId: string; total: number }>();
    expect(started.total).toBe(3);
    const crawl = await waitForCrawl(user.cookie, started.crawlId);
    expect(crawl.pageDetails.map((p) => p.status)).toEqual(["completed", "completed", "completed"]);
    expect(await env.KV.get(pageContentKey(started.crawlId, site("llms/guide.html.md")))).toBe(
      "# Guide\n\nSend the `X-Api-Key` header with every request.",
    );
  });
});

describe("end to end: a Redoc site's own description becomes the server", () => {
  it("maps the site, names the description, and the server made from that URL has exactly its operations as tools", async () => {
    const res = await call("/api/crawl/map", {
      method: "POST",
      cookie: user.cookie,
      json: { url: site("redoc/index.html"), includeSubdomains: true },
    });
    const answer = await res.json<{
      success: boolean;
      links: string[];
      source: string;
      openapi: { url: string; title: string; operationCount: number };
    }>();
    expect(answer).toEqual({
      success: true,
      links: [site("redoc/index.html")],
      source: "links",
      openapi: { url: site("redoc/api/openapi.yaml"), title: "Notes API", operationCount: 4 },
    });
    const created = await importUrl(user.cookie, answer.openapi.url, { name: "Notes" });
    expect(created.status).toBe(201);
    const { data } = await json(created);
    expect(data).toMatchObject({ name: "Notes", sourceUrl: answer.openapi.url, baseUrl: "https://api.notes.example/v1", toolCount: 4 });
    const mappings = await json(await call(`/api/servers/${data.id}/mappings`, { cookie: user.cookie }));
    expect(
      mappings.data.map((t: { name: string; endpoint: { method: string; path: string } }) => [
        t.name,
        `${t.endpoint.method} ${t.endpoint.path}`,
      ]),
    ).toEqual([
      ["listNotes", "GET /notes"],
      ["createNote", "POST /notes"],
      ["getNote", "GET /notes/{id}"],
      ["deleteNote", "DELETE /notes/{id}"],
    ]);
  });
});
