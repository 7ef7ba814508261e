// The extractor as a library under Node: pages in, a description and a report per page out; every
// operation names the page it was read from, and the importer carries that page into the tool.
import { describe, expect, it } from "vitest";
import { extract, MAX_PAGE_WORK } from "../../worker/crawl/extract/index";
import { preparePage } from "../../worker/crawl/extract/prepare";
import { importDescription } from "../../worker/openapi/import";
import { endpointsOf } from "./extract-helpers";

const html = (body: string) => `<!doctype html><html><head><title>Notes API</title></head><body><main>${body}</main></body></html>`;
const pages = [
  {
    url: "https://docs.example.com/",
    title: "Notes API",
    content: preparePage(html("<h1>Notes API</h1><p>Base URL: https://api.acme-notes.example/v1</p>"), "text/html"),
  },
  {
    url: "https://docs.example.com/notes",
    title: "Notes",
    content: preparePage(
      html("<h2>List notes</h2><p><code>GET /v1/notes</code></p><h2>Get a note</h2><p><code>GET /v1/notes/{id}</code></p>"),
      "text/html",
    ),
  },
  {
    url: "https://docs.example.com/tags",
    title: "Tags",
    content: preparePage(html("<h2>Create a tag</h2><pre><code>POST https://api.acme-notes.example/v1/tags</code></pre>"), "text/html"),
  },
  { url: "https://docs.example.com/huge", title: "Huge", content: "x".repeat(MAX_PAGE_WORK + 1) },
];

describe("extraction library", () => {
  it("reads pages into a description and reports what each page gave", () => {
    const { description, report } = extract(pages, { title: "Notes API", sourceUrl: "https://docs.example.com/" });
    expect(description?.servers).toEqual([{ url: "https://api.acme-notes.example/v1" }]);
    expect(endpointsOf(description!).sort()).toEqual(["GET /notes", "GET /notes/{id}", "POST /tags"]);
    expect(report.map((r) => [r.url, r.operations, r.skipped !== undefined])).toEqual([
      ["https://docs.example.com/", [], false],
      ["https://docs.example.com/notes", ["GET /notes", "GET /notes/{id}"], false],
      ["https://docs.example.com/tags", ["POST /tags"], false],
      ["https://docs.example.com/huge", [], true],
    ]);
  });

  it("marks each operation with its page, and the import gives that page to the tool's endpoint", async () => {
    const { description } = extract(pages, { title: "Notes API", sourceUrl: "https://docs.example.com/" });
    expect(description!.paths["/tags"].post).toMatchObject({ "x-toolport-page": "https://docs.example.com/tags" });
    const imported = await importDescription({ text: JSON.stringify(description), filename: "notes.json" }, { ENVIRONMENT: "test" });
    expect(imported.tools.map((t) => [t.endpoint.method, t.endpoint.path, t.endpoint.page]).sort()).toEqual([
      ["GET", "/notes", "https://docs.example.com/notes"],
      ["GET", "/notes/{id}", "https://docs.example.com/notes"],
      ["POST", "/tags", "https://docs.example.com/tags"],
    ]);
  });
});
