// References that state each endpoint as labelled values (a definition list of "address", "method",
// "params", then an example), ids written as long hex values, routes written as links to their whole URL,
// code blocks of request lines alone, and parameters written as the query string writes them.
import { describe, expect, it } from "vitest";
import { extractOpenApi } from "../../worker/crawl/extract/index";
import { toMarkdown } from "../../worker/crawl/extract/prepare";
import { locationOf, nameOf } from "../../worker/crawl/extract/params";
import { linkedRoute, templateOf } from "../../worker/crawl/extract/routes";
import { endpointsOf, extractPage, parametersOf } from "./extract-helpers";

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

  it("reads only a link near its line's start so, as request lines write their route", () => {
    const prose = `${"Long prose before the link. ".repeat(10)}See <a href="https://api.quoteshelf.io/v1/quotes"><code>/quotes</code></a>.`;
    expect(toMarkdown(`<html><body><p>${prose}</p></body></html>`)).toContain("See `/quotes`.");
    expect(
      toMarkdown(`<html><body><p>GET <a href="https://api.quoteshelf.io/v1/quotes"><code>/quotes</code></a></p></body></html>`),
    ).toContain("GET `https://api.quoteshelf.io/v1/quotes`");
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

describe("blocks of request lines", () => {
  it("reads a few request lines as one endpoint's routes, each taking the parameters that follow", () => {
    const doc = extractPage([
      "# Lookup API",
      "Both paths answer GET and POST:",
      "```\nGET /\nGET /lookup\nPOST /\nPOST /lookup\n```",
      "## Parameters",
      "- `term` required\n  What to look up.\n- `page` default `1`\n  The page.",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /", "GET /lookup", "POST /", "POST /lookup"]);
    for (const route of ["GET /", "GET /lookup", "POST /", "POST /lookup"])
      expect(
        parametersOf(doc)
          .filter((p) => p.startsWith(`${route} `))
          .map((p) => p.split(" ").at(-1)),
      ).toEqual(["term", "page"]);
  });

  it("reads a longer block of request lines as routes too", () => {
    const doc = extractPage([
      "# Routes",
      "```\nGET /notes\nPOST /notes\nGET /notes/{id}\nPUT /notes/{id}\nDELETE /notes/{id}\n```",
      "## Parameters",
      "- `limit` optional\n  How many.",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["DELETE /notes/{id}", "GET /notes", "GET /notes/{id}", "POST /notes", "PUT /notes/{id}"]);
  });

  it("reads the block after a sentence of what the endpoint returns as its routes, not an answer", () => {
    const doc = extractPage([
      "### Tag names",
      "The following endpoint returns a list of tag names:",
      "```\nGET /api/v2/tags\nPOST /api/v2/tags\n```",
      "URL query parameters:",
      "- `prefix=<string>`: Only names with this prefix. Optional.",
    ]);
    expect(parametersOf(doc).sort()).toEqual(["GET /api/v2/tags query prefix", "POST /api/v2/tags query prefix"]);
  });

  it("leaves a raw request (a version, headers) and request lines with a query to the readings of examples", () => {
    const doc = extractPage(["# Fetch", "```\nGET /notes HTTP/1.1\nHost: notes.example.org\n```"]);
    expect(endpointsOf(doc)).toEqual(["GET /notes"]);
  });
});

describe("parameters written as the query string writes them", () => {
  it("reads `name=<form>` items as the names, repeated and bracketed ones whole", () => {
    expect(nameOf("`since=<rfc3339 | unix_timestamp>`: Start")).toMatchObject({ name: "since" });
    expect(nameOf("`match[]=<selector>`")).toMatchObject({ name: "match[]" });
    expect(nameOf("`kind=alert|record`")).toMatchObject({ name: "kind" });
    const doc = extractPage([
      "### Series",
      "```\nGET /api/v2/series\n```",
      "URL query parameters:",
      "- `match[]=<series_selector>`: Repeated series selector. Required.\n- `since=<rfc3339>`: Start. Optional.\n- `limit=<number>`: At most this many. Optional.",
    ]);
    expect(parametersOf(doc)).toEqual([
      "GET /api/v2/series query match[]",
      "GET /api/v2/series query since",
      "GET /api/v2/series query limit",
    ]);
  });

  it('takes "URL query parameters" as the query\'s, "URL parameters" as the path\'s', () => {
    expect(locationOf("URL query parameters")).toBe("query");
    expect(locationOf("URL parameters")).toBe("path");
    expect(locationOf("Path and query parameters")).toBe("path");
  });

  it("does not take a file's path with a generated name for a route template", () => {
    const section = (name: string) => [
      `### ${name}`,
      `\`\`\`\nGET /api/v2/${name}\n\`\`\``,
      `\`\`\`bash\ncurl http://localhost:9090/api/v2/${name}\n\`\`\``,
    ];
    const doc = extractPage([
      ...["targets", "alerts", "rules", "flags"].flatMap(section),
      "### Snapshot",
      "```\nPOST /api/v2/snapshot\n```",
      "```bash\ncurl -XPOST http://localhost:9090/api/v2/snapshot\n```",
      "The snapshot now exists at `<data-dir>/snapshots/20240110T211224Z-2be650b6d019eb54`.",
    ]);
    expect(endpointsOf(doc).sort()).toEqual([
      "GET /api/v2/alerts",
      "GET /api/v2/flags",
      "GET /api/v2/rules",
      "GET /api/v2/targets",
      "POST /api/v2/snapshot",
    ]);
  });
});

describe("requests shown as paths with their query", () => {
  it("reads a line that is only a path and its query, the changed parameter in bold, as a GET of it", () => {
    const doc = extractPage([
      "# Finding places",
      "All Geoquest requests share the same format:",
      "```\n   https://geo.quest-maps.io/v2/lookup?text=Lisbon\n   \\___/   \\________________/\\__/\n  scheme       domain      version\n```",
      "## Limit the results",
      "/v2/lookup?text=Lisbon&**size=1**",
      "## Near a point",
      "/v2/lookup?text=Lisbon&__near.lat=38.7__&__near.lon=-9.1__",
    ]);
    expect(doc.servers).toEqual([{ url: "https://geo.quest-maps.io/v2" }]);
    expect(parametersOf(doc).sort()).toEqual([
      "GET /lookup query near.lat",
      "GET /lookup query near.lon",
      "GET /lookup query size",
      "GET /lookup query text",
    ]);
  });
});

describe("sections titled by their path", () => {
  const page = extractPage([
    "## `/books/all`",
    "Lists the books. Filters: `lang` - by language; `tag` - by tag.",
    "- `lang` - filter by language.\n- `tag` - filter by tag.",
    "## `/books/partial`",
    "Lists books in short. Supported filters are the same as for the `/books/all` endpoint.",
    "## `/find`",
    "Searches the books.",
    "```sh\n$ curl 'http://localhost:8080/find?pattern=whale&pageLength=5'\n```",
    "## `/files/BOOKNAME/PATH/IN/BOOKFILE`",
    "Returns the file at `PATH/IN/BOOKFILE` inside the book.",
  ]);

  it("states the route of a section whose only request is an example of it", () => {
    expect(endpointsOf(page).sort()).toEqual(["GET /books/all", "GET /books/partial", "GET /files/{bookname}/{path}", "GET /find"]);
    expect(parametersOf(page)).toEqual(expect.arrayContaining(["GET /find query pattern", "GET /find query pageLength"]));
  });

  it("gives a route the filters a sentence says it shares with another", () => {
    expect(parametersOf(page)).toEqual(expect.arrayContaining(["GET /books/partial query lang", "GET /books/partial query tag"]));
  });

  it("reads a value written as an upper-case phrase over segments as one placeholder, not words of formats", () => {
    expect(templateOf("/skin/PATH/TO/RESOURCE")).toBe("/skin/{path}");
    expect(templateOf("/export/CSV/TO/S3")).toBe("/export/CSV/TO/S3");
  });
});

describe("request lines of READMEs", () => {
  it("reads a method written as the label of its path, and names listed after a requirement", () => {
    const doc = extractPage([
      "### Protected routes",
      "POST `/notes` (for registered users)",
      "- required params: `token`, `title`\n- optional: `tags`, `pinned`",
      "DELETE: `/notes` (for admins)",
      "- required params: `token`, `_id`",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["DELETE /notes", "POST /notes"]);
    expect(parametersOf(doc).sort()).toEqual([
      "DELETE /notes query _id",
      "DELETE /notes query token",
      "POST /notes body pinned",
      "POST /notes body tags",
      "POST /notes body title",
      "POST /notes body token",
    ]);
  });
});
