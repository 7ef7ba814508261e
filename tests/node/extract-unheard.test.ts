// Ways of writing an endpoint met on references nobody tuned for: a method boxed like a badge, a JSON body written
// into the request line, an ellipsis for the rest of a path, a word the prose sets apart as the name of a path's
// last segment, the methods a route "also supports", and query flags named in a sentence.
import { describe, expect, it } from "vitest";
import { leadingRoute, pathAt } from "../../worker/crawl/extract/routes";
import { alsoMethods, proseParams } from "../../worker/crawl/extract/prose";
import { toMarkdown } from "../../worker/crawl/extract/prepare";
import { extractOpenApi } from "../../worker/crawl/extract/index";
import { endpointsOf, extractPage, parametersOf } from "./extract-helpers";

const fromHtml = (html: string) => {
  const url = "https://docs.example.org/api.html";
  return extractOpenApi([{ url, content: toMarkdown(`<html><body><main>${html}</main></body></html>`) }], { sourceUrl: url })!;
};

describe("a method boxed like a badge", () => {
  it("reads a method in brackets or parentheses before its path as a request line", () => {
    expect(leadingRoute("**[ POST ]** /orders/")).toMatchObject({ method: "POST", path: "/orders/" });
    expect(leadingRoute("[GET] /orders/{id}")).toMatchObject({ method: "GET", path: "/orders/{id}" });
    expect(leadingRoute("(DELETE) /orders/{id}")).toMatchObject({ method: "DELETE", path: "/orders/{id}" });
    expect(leadingRoute("(optional) /metrics")).toBeNull();
  });

  it("reads each card of a list of boxed request lines as an endpoint with the table under it", () => {
    const doc = extractPage([
      "### Create a shelf",
      "- **[ POST ]** /library/create_shelf/",
      "#### Request parameters",
      "| name | type | description |\n| - | - | - |\n| label | str | The shelf's label |",
      "### Read a shelf",
      "- **[ GET ]** /library/shelf/",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /library/shelf", "POST /library/create_shelf"]);
    expect(parametersOf(doc)).toContain("POST /library/create_shelf body label");
  });
});

describe("a JSON body written into the request line", () => {
  it("ends the path where the object starts and reads its keys as the body's, after another route's responses", () => {
    expect(pathAt('/api/v2/lamp/{"mode":"<m>"}', 0)?.path).toBe("/api/v2/lamp/");
    const doc = extractPage([
      "# Lamp",
      "GET http://lamp.local/api/v2/state",
      "#### Responses",
      "**200**",
      "Change the lamp",
      'POST http://lamp.local/api/v2/lamp/{"mode":"<newMode>","level":"<newLevel>"}',
      "#### Responses",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /api/v2/state", "POST /api/v2/lamp"]);
    expect(parametersOf(doc).sort()).toEqual(["POST /api/v2/lamp body level", "POST /api/v2/lamp body mode"]);
  });
});

describe("the rest of a path", () => {
  it("reads an ellipsis as the last segment as a placeholder for the rest of the path", () => {
    expect(pathAt("/files/by-path/...", 0)).toEqual({ path: "/files/by-path/{path}", end: 18 });
    expect(pathAt("/files/by-path/…", 0)?.path).toBe("/files/by-path/{path}");
    expect(pathAt("/files/latest.", 0)?.path).toBe("/files/latest");
  });
});

describe("a path's last segment named in the prose", () => {
  it("reads a last segment the section sets in italics as a placeholder, on every route of the page that ends with it", () => {
    const doc = fromHtml(
      [
        "<h2>Shelves</h2>",
        "<h3><code>GET /shelf/lookup/term</code></h3>",
        "<p>Lists the books the lookup finds. The <em>term</em> must be a search term, see the guide.</p>",
        "<p>This endpoint also supports <em>DELETE</em> and <em>PATCH</em> methods as above.</p>",
        "<h3><code>GET /shelf/count</code></h3>",
        "<p>Counts the <em>shelf</em> entries.</p>",
        "<h2>Boxes</h2>",
        "<ul><li><code>GET /box/lookup/term</code></li><li><code>GET /box/label</code></li></ul>",
      ].join(""),
    );
    expect(endpointsOf(doc).sort()).toEqual([
      "DELETE /shelf/lookup/{term}",
      "GET /box/label",
      "GET /box/lookup/{term}",
      "GET /shelf/count",
      "GET /shelf/lookup/{term}",
      "PATCH /shelf/lookup/{term}",
    ]);
  });

  it("reads the methods a sentence says a route also takes, and nothing from other sentences", () => {
    expect(alsoMethods("This endpoint also supports *DELETE* and *PATCH* methods as above.")).toEqual(["DELETE", "PATCH"]);
    expect(alsoMethods("It also accepts PUT requests.")).toEqual(["PUT"]);
    expect(alsoMethods("The list also supports paging.")).toEqual([]);
    expect(alsoMethods("Use DELETE to remove it.")).toEqual([]);
  });
});

describe("query flags named in a sentence", () => {
  it("reads a `?name` a sentence calls a query string or a flag, but not a bare word before 'flag'", () => {
    expect(proseParams("If the *?force* query string is included, the copy is replaced.")).toEqual(["force"]);
    expect(proseParams("You can also add the ‘?verbose’ flag to get every field.")).toEqual(["verbose"]);
    expect(proseParams("Set the boolean flag to turn it on.")).toEqual([]);
  });
});
