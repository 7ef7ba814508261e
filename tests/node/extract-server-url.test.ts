// The server URL (host and base path) comes from what the documentation states as the API's base and the
// host its own request lines use; another service's base, a media host or an example of another API never
// becomes it. Each case is written for its rule.
import { describe, expect, it } from "vitest";
import { extract } from "../../worker/crawl/extract/index";
import { templateOf } from "../../worker/crawl/extract/routes";
import { isInstanceHost } from "../../worker/crawl/extract/hosts";
import { endpointsOf, parametersOf } from "./extract-helpers";

const one = (content: string) =>
  extract([{ url: "https://docs.tool.test/api", content }], { sourceUrl: "https://docs.tool.test/api" }).description!;

describe("the server URL", () => {
  it("reads a base stated as where every request begins, and of two stated bases takes the one the pages' URLs use", () => {
    const doc = one(
      [
        "All requests to the API begin with:",
        "```\nhttps://api.gallery.test\n```",
        "For example:\n\n```\nhttps://api.gallery.test/object?size=5\n```\n\n```\nhttps://api.gallery.test/person?page=2\n```",
        "The base URL for all presentation manifests begins with:",
        "```\nhttps://iiif.gallery.test/manifests\n```",
        "For instance:\n\n```\nhttps://iiif.gallery.test/manifests/object/12\n```",
        "## Get objects\n\n`GET /object` will get all objects.",
        "## Get object\n\n`GET /object/OBJECT_ID` will get one object.",
      ].join("\n\n"),
    );
    expect(doc.servers).toEqual([{ url: "https://api.gallery.test" }]);
    // The other host's example is not an operation of this API.
    expect(endpointsOf(doc).sort()).toEqual(["GET /object", "GET /object/{object_id}"]);
  });

  it("does not take a base stated for one part of the API as the base of definitions written in full outside it", () => {
    const doc = one(
      [
        "The reports API base URL is `https://api.ledger.test/reports/api/v2`",
        "Weekly report URL `GET https://api.ledger.test/reports/api/v2/weekly`",
        "## Create tag\n\n`POST https://api.ledger.test/api/v8/tags`",
        "## Update a tag\n\nWorkspace id can't be changed.\n`PUT https://api.ledger.test/api/v8/tags/{tag_id}`",
        "## Delete a tag\n\nThe token owner must be an admin.\n`DELETE https://api.ledger.test/api/v8/tags/{tag_id}`",
        "```shell\ncurl -X DELETE https://api.ledger.test/api/v8/tags/1239455\n```",
      ].join("\n\n"),
    );
    expect(doc.servers).toEqual([{ url: "https://api.ledger.test" }]);
    expect(endpointsOf(doc).sort()).toEqual([
      "DELETE /api/v8/tags/{tag_id}",
      "GET /reports/api/v2/weekly",
      "POST /api/v8/tags",
      "PUT /api/v8/tags/{tag_id}",
    ]);
  });

  it("does not take a sentence that merely starts with a word as a base", () => {
    const doc = one(
      "Tokens begin with a prefix.\n\n```\nhttps://cdn.gallery.test/logo\n```\n\n## List\n\n`GET https://api.gallery.test/v1/things`\n",
    );
    expect(doc.servers).toEqual([{ url: "https://api.gallery.test/v1" }]);
  });

  it("reads an upper-case name after a placeholder as a placeholder, and drops an example URL that is only placeholders", () => {
    expect(templateOf("/object/OBJECT_ID/SECTION")).toBe("/object/{object_id}/{section}");
    expect(templateOf("/v1/ORDERS")).toBe("/v1/ORDERS");
    const doc = one(
      "Every request names a resource:\n\n```\nhttps://api.gallery.test/RESOURCE_TYPE?apikey=KEY\n```\n\n## Get object\n\n`GET /object/OBJECT_ID` will get one object.\n",
    );
    expect(endpointsOf(doc)).toEqual(["GET /object/{object_id}"]);
  });

  it("takes the host a prose line writes without its scheme when the pages give no URL", () => {
    const doc = one(
      [
        "### Lists of Books",
        "Lists are queried using the API at `/books` (e.g. `library.test/books`).",
        "For example, `/books?ids=11,12,13` gives three books, and `/books?topic=children&sort=ascending` children's books.",
        "### Individual Books",
        "Individual books can be found at `/books/<id>`, where `<id>` is the book's number.",
      ].join("\n\n"),
    );
    expect(doc.servers).toEqual([{ url: "https://library.test" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /books", "GET /books/{id}"]);
    expect(parametersOf(doc)).toEqual(expect.arrayContaining(["GET /books query ids", "GET /books query topic", "GET /books query sort"]));
  });

  it("does not make a GET of a template the pages give another method", () => {
    const doc = one("## Events\n\n`GET /api/events`\n\n## Fire\n\n`POST /api/events/<event_type>`\n\nFires `/api/events/<event_type>`.\n");
    expect(endpointsOf(doc).sort()).toEqual(["GET /api/events", "POST /api/events/{event_type}"]);
  });
});

describe("routes in tables and notices", () => {
  it("reads a table of routes without methods as GETs, under a deprecation notice", () => {
    const doc = one(
      [
        "# Catalog API",
        "# DEPRECATION NOTICE",
        "This documentation is deprecated.",
        "## Resources",
        "All examples use `https://api.catalog.test/works?query=x`.",
        "| resource | description |\n| --- | --- |\n| `/works` | returns a list of works |\n| `/works/{doi}` | returns one work |\n| `/members/{member_id}/works` | a member's works |",
      ].join("\n\n"),
    );
    expect(doc.servers).toEqual([{ url: "https://api.catalog.test" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /members/{member_id}/works", "GET /works", "GET /works/{doi}"]);
  });

  it("keeps a route table's method when the pages write one elsewhere", () => {
    const doc = one("| path | description |\n| --- | --- |\n| `/jobs` | the jobs |\n\n## Create a job\n\n`POST /jobs`\n");
    expect(endpointsOf(doc)).toEqual(["POST /jobs"]);
  });
});

describe("definitions written as URLs, and format suffixes", () => {
  const site = (pages: Record<string, string>) =>
    extract(
      Object.entries(pages).map(([name, content]) => ({ url: `https://docs.tool.test/${name}`, content })),
      { sourceUrl: "https://docs.tool.test/" },
    ).description!;

  it("reads a page that opens with a URL to call as its endpoint, and folds its suffixed example calls into it", () => {
    const doc = site({
      getalbum:
        "# getAlbum\n\n`http://your-server/rest/getAlbum` Since 1.8.0\n\nReturns an album.\n\n### Parameters\n\n| Parameter | Req. | Comment |\n| --- | --- | --- |\n| `id` | **Yes** | The album ID. |\n\n### Example\n\n`http://your-server/rest/getAlbum.view?id=123&u=demo&f=json`\n",
      ping: "# ping\n\n`http://your-server/rest/ping` Since 1.0.0\n\n### Example\n\n`http://your-server/rest/ping.view?u=demo&f=json`\n",
    });
    expect(doc.servers).toBeUndefined();
    expect(endpointsOf(doc).sort()).toEqual(["GET /rest/getAlbum", "GET /rest/ping"]);
    expect(parametersOf(doc)).toContain("GET /rest/getAlbum query id");
  });

  it("keeps two routes the pages define with and without a suffix, and a URL in mid-page as an example", () => {
    const doc = one("## Log\n\n`GET /rest/system/log`\n\n## Log as text\n\n`GET /rest/system/log.txt`\n");
    expect(endpointsOf(doc).sort()).toEqual(["GET /rest/system/log", "GET /rest/system/log.txt"]);
    const later = one(
      "## Lookup\n\nThe syntax of a request:\n\n`GET /api/v2/entries/en/<word>`\n\nAs an example:\n\n`https://api.words.test/api/v2/entries/en/hello` and the result returned will be:\n",
    );
    expect(endpointsOf(later)).toEqual(["GET /api/v2/entries/en/{word}"]);
    const base = site({ intro: "# Intro\n\n`https://api.words.test/v2` is the base URL.\n", words: "## Words\n\n`GET /v2/words`\n" });
    // Not an endpoint of its own (no GET / or GET /v2).
    expect(endpointsOf(base)).toEqual(["GET /v2/words"]);
  });
});

describe("two hosts and bodies on the request line", () => {
  it("gives a route defined with placeholders on a second host its own server, and reads a body written after the URL", () => {
    const doc = one(
      [
        "### List packages",
        '```\nGET https://registry.test/packages/list.json?vendor=[vendor]\n\n{\n  "packageNames": []\n}\n```',
        "### Package metadata",
        '```\nGET https://repo.registry.test/p2/[vendor]/[package].json\n\n{\n  "packages": {}\n}\n```',
        "### Create a package",
        '```\nPOST https://registry.test/api/create-package {"repository":"[url]"}\n\n{\n  "status": "success"\n}\n```',
      ].join("\n\n"),
    );
    expect(doc.servers).toEqual([{ url: "https://registry.test" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /p2/{vendor}/{package}.json", "GET /packages/list.json", "POST /api/create-package"]);
    expect(doc.paths["/p2/{vendor}/{package}.json"].get.servers).toEqual([{ url: "https://repo.registry.test" }]);
    expect(doc.paths["/packages/list.json"].get.servers).toBeUndefined();
    expect(parametersOf(doc)).toContain("POST /api/create-package body repository");
  });

  it("drops an example call with literal values on another host", () => {
    const doc = one(
      "### Things\n\n```\nGET https://api.things.test/v1/things/[id]\n```\n\n### Images\n\n```\nGET https://cdn.media.test/images/42/full\n\n{}\n```\n",
    );
    expect(endpointsOf(doc)).toEqual(["GET /things/{id}"]);
    const media = one(
      "### Things\n\n```\nGET https://api.things.test/v1/things/[id]\n```\n\n### Avatars\n\n```\nGET https://cdn.media.test/avatars/{user_id}/{hash}.png\n\n{}\n```\n",
    );
    expect(endpointsOf(media)).toEqual(["GET /things/{id}"]);
  });
});

describe("parameters shared by a sentence", () => {
  it("gives an endpoint the parameters of the route a sentence says it takes as well", () => {
    const doc = one(
      [
        "## Search",
        "```\nhttp://localhost:2322/api?q=berlin\n```",
        "The **lat** and **lon** parameters bias the results; **zoom** sets the radius.",
        "## Structured search",
        "```\nhttp://localhost:2322/structured?city=berlin&street=main\n```",
        "The following query parameters are supported: **city**, **street**.",
        "Other than that, all parameters that work for the /api endpoint are supported with structured search as well.",
      ].join("\n\n"),
    );
    expect(endpointsOf(doc).sort()).toEqual(["GET /api", "GET /structured"]);
    expect(parametersOf(doc)).toEqual(
      expect.arrayContaining(["GET /structured query city", "GET /structured query q", "GET /structured query lat"]),
    );
    expect(parametersOf(doc)).not.toContain("GET /api query city");
  });
});

describe("account-specific hosts", () => {
  it("names no server when the only host is an account's own subdomain written as a stand-in, and reads #{name} placeholders", () => {
    expect(isInstanceHost("https://example.timesheets.test")).toBe(true);
    expect(isInstanceHost("https://subdomain.timesheets.test")).toBe(true);
    expect(isInstanceHost("https://api.timesheets.test")).toBe(false);
    expect(isInstanceHost("https://example.test")).toBe(false);
    const doc = one(
      [
        "```sh\ncurl -H 'Accept: application/xml' -u \"user@example.com:password\" https://example.timesheets.test/account/who_am_i\n```",
        "## Clients\n\nGET `/clients`",
        "GET `/clients?updated_since=2010-09-25+18%3A30`",
        "## Get a client\n\nGET `/clients/#{client_id}`",
        "## Delete a client\n\nDELETE `/clients/#{client_id}`",
      ].join("\n\n"),
    );
    expect(doc.servers).toBeUndefined();
    // The curl example on a page of written routes illustrates; it only shows the host.
    expect(endpointsOf(doc).sort()).toEqual(["DELETE /clients/{client_id}", "GET /clients", "GET /clients/{client_id}"]);
    expect(parametersOf(doc)).toContain("GET /clients query updated_since");
  });
});
