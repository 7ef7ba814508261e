// References that state each endpoint as labelled values (a definition list of "address", "method",
// "params", then an example), ids written as long hex values, and routes written as links to their whole URL.
import { describe, expect, it } from "vitest";
import { extractOpenApi } from "../../worker/crawl/extract/index";
import { toMarkdown } from "../../worker/crawl/extract/prepare";
import { linkedRoute, templateOf } from "../../worker/crawl/extract/routes";
import { endpointsOf } from "./extract-helpers";

const url = "https://docs.example.org/api.html";
const extractHtml = (body: string) =>
  extractOpenApi([{ url, content: toMarkdown(`<html><body>${body}</body></html>`) }], { sourceUrl: url })!;

/** One endpoint as a Sphinx definition list writes it: each label a term, each value a one-item list. */
const labelled = (title: string, path: string, method: string) => `
<section><h2>${title}</h2>
<dl class="simple">
<dt>endpoint path:</dt><dd><ul class="simple"><li><p>${path}</p></li></ul></dd>
<dt>request method:</dt><dd><ul class="simple"><li><p>${method}</p></li></ul></dd>
<dt>status codes:</dt><dd><ul class="simple"><li><p>the usual response</p></li></ul></dd>
</dl>
<p>Example:</p>
<pre>curl -X ${method} "$SERVER/${path.slice(1)}"</pre>
</section>`;

describe("endpoints stated as labelled values", () => {
  it("writes a method that is a definition's value on its own line, not joined to the next term", () => {
    const markdown = toMarkdown(`<html><body>${labelled("list notes", "/v2/notes/all", "GET")}</body></html>`);
    expect(markdown).toContain("- **request** method:\n  - GET\n- **status** codes:");
  });

  it("reads the example after a label of responses as the request it is", () => {
    const doc = extractHtml(
      [
        labelled("list notes", "/v2/notes/all", "GET"),
        labelled("archive note", "/v2/notes/archive", "POST"),
        labelled("note detail", "/v2/notes/detail/:id", "GET"),
      ].join(""),
    );
    expect(endpointsOf(doc).sort()).toEqual(["GET /v2/notes/all", "GET /v2/notes/detail/{id}", "POST /v2/notes/archive"]);
  });
});

describe("ids written as hex values", () => {
  it("reads a long run of hex digits and letters as an id", () => {
    expect(templateOf("/v2/orders/6512bd43d9caa6e02c990b0a")).toBe("/v2/orders/{order_id}");
    expect(templateOf("/commits/9fceb02d0ae598e95dc970b74767f19372d61af8/status")).toBe("/commits/{commit_id}/status");
  });

  it("keeps words and short hex-looking names as the route's own", () => {
    expect(templateOf("/colors/deadbeefcafebabe")).toBe("/colors/deadbeefcafebabe");
    expect(templateOf("/encodings/base64")).toBe("/encodings/base64");
    expect(templateOf("/hashes/sha256/abc123")).toBe("/hashes/sha256/abc123");
  });
});

describe("routes written as links to their whole URL", () => {
  it("takes the API's host from the link", () => {
    const doc = extractHtml(`
      <h2>Public routes</h2>
      <p>GET <a href="https://api.quoteshelf.io/v1/quotes/random"><code>/quotes/random</code></a> (a random quote)</p>
      <p>GET <a href="https://api.quoteshelf.io/v1/quotes/page/2"><code>/quotes/page/2</code></a> (a page of quotes)</p>
      <h2>Protected routes</h2>
      <p>POST <code>/quotes</code> (add a quote)</p>`);
    expect(doc.servers).toEqual([{ url: "https://api.quoteshelf.io/v1" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /quotes/page/{page_id}", "GET /quotes/random", "POST /quotes"]);
  });

  it("leaves a link to a documentation page, or to another route, as the route written", () => {
    expect(linkedRoute("/quotes", "https://docs.example.net/reference/quotes")).toBeNull();
    expect(linkedRoute("/quotes", "https://api.quoteshelf.io/v1/quotes/random")).toBeNull();
    expect(linkedRoute("/quotes?page=2", "https://api.quoteshelf.io/quotes?page=2")).toBeNull();
    expect(linkedRoute("/quotes", "https://api.quoteshelf.io/api/v1/quotes#top")).toBe("https://api.quoteshelf.io/api/v1/quotes");
  });

  it("takes a template linked to an example of it as the template on the link's host", () => {
    expect(linkedRoute("/quotes/{count}", "https://api.quoteshelf.io/v1/quotes/3")).toBe("https://api.quoteshelf.io/v1/quotes/{count}");
    expect(linkedRoute("/quotes/:lang/all", "https://api.quoteshelf.io/quotes/en/all")).toBe("https://api.quoteshelf.io/quotes/:lang/all");
    expect(linkedRoute("/quotes/{count}", "https://api.quoteshelf.io/v1/quotes/")).toBeNull();
    const doc = extractHtml(`<h3>Random quotes</h3><p>Endpoint: <a href="https://api.quoteshelf.io/quotes/5">/quotes/{count}</a></p>`);
    expect(doc.servers).toEqual([{ url: "https://api.quoteshelf.io" }]);
    expect(endpointsOf(doc)).toEqual(["GET /quotes/{count}"]);
  });
});
