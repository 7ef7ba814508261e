// The extractor on hand-written sites in the styles documentation generators emit (MkDocs, Hugo, Docusaurus,
// Mintlify, Slate, ReadMe, Discord-like, MDX route components, Markdown definition lists, raw HTTP requests in code blocks, routes outside the base path, Netlify-like Markdown, a summary table with per-endpoint pages, and
// generator output: a Redoc page embedding its description, openapi-markdown, widdershins, openapi-to-md, bootprint):
// every documented operation and parameter, nothing else.
import { describe, expect, it } from "vitest";
import { extractOpenApi, type Page } from "../../worker/crawl/extract/index";
import { preparePage, titleOf } from "../../worker/crawl/extract/prepare";
import { endpointsOf, parametersOf } from "./extract-helpers";

const files = import.meta.glob("../fixtures/docs-styles/*/*", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** A style's pages as the crawl stores them, and its ground truth. */
function site(style: string) {
  const pages: Page[] = [];
  let expected: { endpoints: string[]; parameters: string[] } | null = null;
  for (const [path, body] of Object.entries(files)) {
    const [dir, name] = path.split("/").slice(-2);
    if (dir !== style) continue;
    if (name === "expected.json") expected = JSON.parse(body);
    else {
      const type = name.endsWith(".html") ? "text/html" : name.endsWith(".md") ? "text/markdown" : "text/plain";
      pages.push({
        url: `https://docs.${style}.example/${name}`,
        title: type === "text/html" ? titleOf(body) : null,
        content: preparePage(body, type),
      });
    }
  }
  const document = extractOpenApi(pages, { title: pages[0]?.title, sourceUrl: `https://docs.${style}.example/` }) as Record<string, any>;
  return { document, expected: expected! };
}

const op = (document: Record<string, any>, method: string, path: string) => document.paths[path][method];

describe("documentation styles", () => {
  for (const style of [
    "mkdocs",
    "hugo",
    "docusaurus",
    "mintlify",
    "slate",
    "readme",
    "discord",
    "netlify",
    "summary",
    "generated",
    "stripe",
    "github",
    "components",
    "definitions",
    "requests",
    "rooted",
    "crossrefs",
    "bracketed",
  ]) {
    it(`reads every operation and parameter of a ${style}-style site, and nothing else`, () => {
      const { document, expected } = site(style);
      expect(new Set(endpointsOf(document))).toEqual(new Set(expected.endpoints));
      expect(new Set(parametersOf(document))).toEqual(new Set(expected.parameters));
    });
  }
});

describe("documentation styles: types, placeholders and fields the pages state", () => {
  it("keeps types, required flags and the base URL the pages state", () => {
    const { document } = site("mkdocs");
    expect(document.servers).toEqual([{ url: "https://api.petal.example/v1" }]);
    expect(op(document, "get", "/users").parameters.find((p: any) => p.name === "limit")).toMatchObject({
      in: "query",
      required: false,
      schema: { type: "integer" },
    });
    expect(op(document, "post", "/users").requestBody.content["application/json"].schema.required).toEqual(["email"]);
    const hugo = site("hugo").document;
    expect(op(hugo, "get", "/invoices/{invoice_id}").parameters.find((p: any) => p.name === "expand")).toMatchObject({
      in: "query",
      schema: { type: "array" },
    });
    expect(site("slate").document.servers).toEqual([{ url: "https://api.kittn.example/api" }]);
  });

  it("spells placeholders as OpenAPI names: {channel.id}, :site_id, <ID> and literal example ids", () => {
    expect(Object.keys(site("discord").document.paths)).toContain("/channels/{channel_id}/messages/{message_id}");
    expect(Object.keys(site("netlify").document.paths)).toContain("/api/v1/sites/{site_id}");
    expect(Object.keys(site("slate").document.paths)).toContain("/kittens/{id}");
    expect(Object.keys(site("docusaurus").document.paths)).toContain("/orders/{order_id}");
  });

  it("gives a parameter that names a documented object that object's fields", () => {
    const discord = site("discord").document;
    const overwrites = op(discord, "patch", "/channels/{channel_id}").requestBody.content["application/json"].schema.properties
      .permission_overwrites;
    expect(overwrites).toMatchObject({
      type: "array",
      items: { type: "object", properties: { id: { type: "string" }, allow: { type: "string" } } },
    });
    const summary = site("summary").document;
    const address = op(summary, "post", "/shipments").requestBody.content["application/json"].schema.properties.to_address;
    expect(Object.keys(address.properties)).toEqual(["name", "postal_code"]);
  });
});

describe("documentation styles: embedded descriptions and method badges", () => {
  it("reads the description a page embeds in a script, and base URLs listed under a label", () => {
    const { document } = site("generated");
    expect(document.servers).toEqual([{ url: "https://api.ledger.example/v2" }]);
    expect(op(document, "post", "/accounts").requestBody.content["application/json"].schema.required).toEqual(["name"]);
  });

  it("joins a method badge to the route block under it, and takes that route over the literal values of the examples after it", () => {
    const route = (path: string) => `<div class="route"><div><div class="method get">GET</div><pre><code>${path}</code></pre></div></div>`;
    const html = `<main><h2>Get all shelves</h2>${route("/shelves")}<p>Returns the shelves.</p><pre><code>curl -X GET 'http://localhost:7700/shelves?limit=3'</code></pre>
<h2>Get one shelf</h2>${route("/shelves/{shelf_uid}")}<p>Returns a shelf.</p><pre><code>curl -X GET 'http://localhost:7700/shelves/oak'</code></pre></main>`;
    const content = preparePage(html, "text/html");
    expect(content).toContain("```\nGET /shelves\n```\n\nReturns the shelves.");
    const document = extractOpenApi([{ url: "https://docs.shelves.example/api", content }], {
      sourceUrl: "https://docs.shelves.example/",
    })!;
    expect(endpointsOf(document).sort()).toEqual(["GET /shelves", "GET /shelves/{shelf_uid}"]);
    // A badge over a block that is not a lone route keeps the verb for what follows, as before.
    expect(
      preparePage('<main><div class="method">POST</div><pre><code>curl -X POST /x\n-d a=1</code></pre></main>', "text/html"),
    ).not.toContain("POST curl");
  });

  it("gives the parameters of a page-wide section ('List of all parameters') to every request of the page, and an ordinary section's to none", () => {
    const content = [
      "# Sending beacons",
      '## Send a beacon\n\n```\ncurl -d "hello" https://beacons.example.net/alpha\n```',
      '## Send with a title\n\n```\ncurl -X PUT -H "X-Title: Hi" https://beacons.example.net/alpha\n```',
      "## List of all parameters\n\nThese can be passed with every beacon.\n\n| Parameter | Aliases | Description |\n| --- | --- | --- |\n| `X-Title` | `t` | Title |\n| `X-Color` | `c` | Colour |",
      "## Limits\n\n### Parameters\n\n| Parameter | Description |\n| --- | --- |\n| `burst` | Beacons per minute |",
    ].join("\n\n");
    const document = extractOpenApi([{ url: "https://docs.beacons.example/publish", content }], {
      sourceUrl: "https://docs.beacons.example/",
    })!;
    expect(parametersOf(document).sort()).toEqual([
      "POST /alpha body X-Color",
      "POST /alpha body X-Title",
      "PUT /alpha body X-Color",
      "PUT /alpha body X-Title",
    ]);
  });

  it("reads the parameters a summary table's description cell lists after a Parameters label as bold names with colons", () => {
    const content = [
      "## API\n\n| Path | Method | Description |\n| --- | --- | --- |",
      "| `/ring/{BELL}` | POST | Rings a bell.<br/>*Payload Parameters*<br/>📌 **tone**: The tone to ring.<br/>📌 **times**: How often. **Note**: loud. |",
      "| `/bells` | GET | Lists the bells. **Careful**: slow. |",
    ].join("\n");
    const document = extractOpenApi([{ url: "https://docs.bells.example/", content }], { sourceUrl: "https://docs.bells.example/" })!;
    expect(parametersOf(document).sort()).toEqual([
      "POST /ring/{bell} body times",
      "POST /ring/{bell} body tone",
      "POST /ring/{bell} path bell",
    ]);
  });

  it("reads routes MDX components name in attributes, and a name's own paragraph as its description, not a parameter", () => {
    const { document } = site("components");
    expect(op(document, "delete", "/branches/{branch_id}/shelves/{shelf_id}").description).toContain("empty shelf");
    const active = op(document, "get", "/members").parameters.find((p: any) => p.name === "active");
    expect(active.description).toMatch(/^A boolean that keeps only members/);
  });

  it("keeps the base URL's path in the routes when some routes are written outside it", () => {
    const { document } = site("rooted");
    expect(document.servers).toEqual([{ url: "https://kiln.example" }]);
    expect(Object.keys(document.paths)).toContain("/healthz");
  });

  it("takes an endpoint listed in a summary table and on its own page as one operation with the page's parameters", () => {
    const { document } = site("summary");
    expect(op(document, "get", "/shipments/{shipment_id}").parameters.map((p: any) => p.name)).toEqual(["shipment_id", "expand"]);
    expect(op(document, "get", "/rates").summary).toBe("Quote rates for a parcel");
  });
});
