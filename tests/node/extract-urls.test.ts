// APIs documented as whole URLs: code blocks of URLs to visit (no method, no client), placeholders in double
// angle brackets, example URLs of files, a request to the base itself, one host written with either scheme,
// parameters named only in the prose around the examples, and examples of other routes beside an endpoint.
import { describe, expect, it } from "vitest";
import { urlLinesOf } from "../../worker/crawl/extract/examples";
import { pathAliases, proseParams, sentMethods } from "../../worker/crawl/extract/prose";
import { pathAt, templateOf } from "../../worker/crawl/extract/routes";
import { endpointsOf, extractPage, parametersOf } from "./extract-helpers";

describe("whole URLs", () => {
  it("reads a code block of URLs as GET requests, one per line, a copy button's label after them left out", () => {
    expect(
      urlLinesOf(["", "https://tilesapp.io/api/tile/<<set_id>>/crop/?edges=N,S,E copy", "https://tilesapp.io/api/tile/new/"]),
    ).toMatchObject([
      { method: "GET", url: "https://tilesapp.io/api/tile/<<set_id>>/crop/?edges=N,S,E" },
      { method: "GET", url: "https://tilesapp.io/api/tile/new/" },
    ]);
    expect(urlLinesOf(["https://tilesapp.io/api/tile/new/ returns a fresh set of tiles"])).toBeNull();
    expect(urlLinesOf(["curl https://tilesapp.io/api/tile/new/"])).toBeNull();
    expect(urlLinesOf(["{", '  "next": "https://tilesapp.io/api/tile/2/"', "}"])).toBeNull();
  });

  it("reads an upper-case word among lower-case segments as a placeholder, not in a route written in capitals", () => {
    expect(templateOf("/api/v1/draft/YEAR")).toBe("/api/v1/draft/{year}");
    expect(templateOf("/2010-04-01/Accounts/SIP/Domains")).toBe("/2010-04-01/Accounts/SIP/Domains");
    expect(templateOf("/v1/SMS")).toBe("/v1/SMS");
    expect(templateOf("/reports/export/CSV")).toBe("/reports/export/CSV");
  });

  it("reads placeholders written in double angle brackets", () => {
    expect(pathAt("/api/tile/<<set_id>>/crop/?edges=N", 0)?.path).toBe("/api/tile/<<set_id>>/crop/?edges=N");
    expect(templateOf("/api/tile/<<set_id>>/crop")).toBe("/api/tile/{set_id}/crop");
  });

  it("makes a page of URL examples under headings an API: query names as parameters, files left out, the base from the URLs", () => {
    const doc = extractPage([
      "# Tiles API",
      "## Shuffle the tiles:",
      "```\nhttps://tilesapp.io/api/tile/new/shuffle/?set_count=1 copy\n```",
      "Add set_count as a GET or POST parameter to choose how many sets to use.",
      "## Draw tiles:",
      "```\nhttps://tilesapp.io/api/tile/<<set_id>>/draw/?count=2\n```",
      "### Response:",
      '```\n{ "success": true, "tiles": [{ "image": "https://tilesapp.io/static/t/4B.png" }] }\n```',
      "## Piles:",
      "```\nhttps://tilesapp.io/api/tile/<<set_id>>/pile/<<pile_name>>/draw/?tiles=4B,5C\nhttps://tilesapp.io/api/tile/<<set_id>>/pile/<<pile_name>>/draw/bottom/\n```",
      "Adding the marked=true parameter draws only marked tiles.",
      "## Back of a tile:",
      "```\nhttps://tilesapp.io/static/t/back.png copy\n```",
    ]);
    expect(doc.servers).toEqual([{ url: "https://tilesapp.io/api" }]);
    expect(endpointsOf(doc).sort()).toEqual([
      "GET /tile/new/shuffle",
      "GET /tile/{set_id}/draw",
      "GET /tile/{set_id}/pile/{pile_name}/draw",
      "GET /tile/{set_id}/pile/{pile_name}/draw/bottom",
    ]);
    expect(parametersOf(doc)).toEqual(
      expect.arrayContaining([
        "GET /tile/new/shuffle query set_count",
        "GET /tile/{set_id}/draw query count",
        "GET /tile/{set_id}/pile/{pile_name}/draw query tiles",
        "GET /tile/{set_id}/pile/{pile_name}/draw query marked",
      ]),
    );
  });

  it("reads a request to the base URL itself as the root, and one host written with http and https as one server", () => {
    const doc = extractPage([
      "**Base url:** https://sportsdata.io/api/v1",
      "`GET https://sportsdata.io/api/v1` lists the resources.",
      "`GET https://sportsdata.io/api/v1/teams` lists the teams.",
      "`GET https://sportsdata.io/api/v1/teams/ID` gets one team.",
      "`GET http://sportsdata.io/api/v1/games/ID/media` lists a game's media.",
    ]);
    expect(doc.servers).toEqual([{ url: "https://sportsdata.io/api/v1" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /", "GET /games/{id}/media", "GET /teams", "GET /teams/{id}"]);
    expect(JSON.stringify(doc.paths)).not.toContain('"servers"');
  });

  it("reads the examples under a heading about filtering results as requests, not as a response", () => {
    const doc = extractPage([
      "## Search",
      "```\nhttp://localhost:7070/find?q=oslo\n```",
      "#### Filter results by country",
      "```\nhttp://localhost:7070/find?q=oslo&country=NO\n```",
      "## Results",
      '```\n{ "features": [] }\n```',
      "### Status",
      "```\nhttp://localhost:7070/status\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /find", "GET /status"]);
    expect(parametersOf(doc)).toEqual(["GET /find query q", "GET /find query country"]);
  });
});

describe("parameters named in prose", () => {
  it("reads the names a sentence calls parameters, before or after the word", () => {
    expect(proseParams("The **q** parameter contains the term to search for.")).toEqual(["q"]);
    expect(proseParams("Use the **lat** and **lon** parameters to set a focus point.")).toEqual(["lat", "lon"]);
    expect(proseParams("To get later results, use the page query parameter until the list is empty.")).toEqual(["page"]);
    expect(proseParams("Use the `platform` query parameter to pick a platform.")).toEqual(["platform"]);
    expect(proseParams("An iso8601 timestamp parameter named `from` is required.")).toEqual(["from"]);
    expect(proseParams("Requires two parameters: `gem_name` and `url`.")).toEqual(["gem_name", "url"]);
    expect(proseParams("Add deck_count as a GET or POST parameter to choose how many.")).toEqual(["deck_count"]);
    expect(proseParams("Adding the remaining=true parameter shuffles what is left.")).toEqual(["remaining"]);
    expect(proseParams("Pass `only=runtime` or `only=development` to restrict the result.")).toEqual(["only"]);
  });

  it("reads no name from sentences that only speak of parameters", () => {
    expect(proseParams("The following parameter is required.")).toEqual([]);
    expect(proseParams("Each request takes the same parameters as search.")).toEqual([]);
    expect(proseParams("When the parameter is omitted the header is used.")).toEqual([]);
    expect(proseParams("This limit is configurable and may differ between instances.")).toEqual([]);
  });

  it("gives an endpoint the parameters its section names in prose, but not a response section's", () => {
    const doc = extractPage([
      "## GET /v1/search",
      "Searches the catalogue. Use the **term** parameter for the words to find; the `page` query parameter pages.",
      "### Response",
      "The **total** parameter of the answer counts every match.",
    ]);
    expect(parametersOf(doc).sort()).toEqual(["GET /v1/search query page", "GET /v1/search query term"]);
  });
});

describe("examples beside an endpoint", () => {
  it("lends an endpoint the fields of its own examples only; an example of another route under it is an example of that route", () => {
    const doc = extractPage([
      "# Widgets",
      "## Create a widget",
      "```\ncurl -X POST https://api.widgetly.io/v1/widgets -d 'name=blue&size=4'\n```",
      "```\ncurl -X POST https://api.widgetly.io/v1/labels -d 'label=new'\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["POST /labels", "POST /widgets"]);
    expect(parametersOf(doc).sort()).toEqual(["POST /labels body label", "POST /widgets body name"]);
  });
});

describe("labels in bold", () => {
  it("reads a bold label of several words alone on its line as a label, not a parameter", () => {
    const doc = extractPage([
      "## POST /v1/caches",
      "Creates a cache.",
      "**performance benefits**:",
      "Reads are served from memory.",
      "- **size** (integer, required): the cache's size in megabytes",
      "- **ttl (integer)**: seconds an entry lives",
    ]);
    expect(parametersOf(doc).sort()).toEqual(["POST /v1/caches body size", "POST /v1/caches body ttl"]);
  });
});

describe("parameters of a list", () => {
  it("gives a resource's list route the parameters of a filtering section that names no route of its own", () => {
    const doc = extractPage([
      "## Planet",
      "### Get all planets",
      "```\nGET https://orbitdata.io/api/planet\n```",
      "### Get a single planet",
      "```\nGET https://orbitdata.io/api/planet/3\n```",
      "### Filter planets",
      "Available parameters:",
      "- `name`: filter by the given name.",
      "- `system`: filter by the given system.",
      "## Moon",
      "### Get all moons",
      "```\nGET https://orbitdata.io/api/moon\n```",
      "### About moons",
      "- `radius`: the moon's radius in the answer.",
    ]);
    expect(parametersOf(doc).sort()).toEqual([
      "GET /planet query name",
      "GET /planet query system",
      "GET /planet/{planet_id} path planet_id",
    ]);
  });

  it("reads every name of a query string written in a code span as a modifier line", () => {
    const doc = extractPage([
      "### Teams",
      "`GET https://sportsdata.io/api/v1/teams/ID` Returns one team.",
      "#### Modifiers",
      "`?expand=team.roster` Shows the roster",
      "`?expand=team.roster&season=20142015` The roster of a season",
    ]);
    expect(parametersOf(doc)).toEqual(["GET /teams/{id} query expand", "GET /teams/{id} query season", "GET /teams/{id} path id"]);
  });
});

describe("bases and requests written without a method", () => {
  it("reads a host listed before its URLs as no request, and a path alone under a Request heading as a GET", () => {
    expect(urlLinesOf(["http://campus.example.org", "", "http://campus.example.org/find?name=x"])).toMatchObject([
      { method: "GET", url: "http://campus.example.org/find?name=x" },
    ]);
    expect(urlLinesOf(["/find?name=x"])).toBeNull();
    expect(urlLinesOf(["/find?name=x"], true)).toMatchObject([{ method: "GET", url: "/find?name=x" }]);
    const doc = extractPage([
      "## Our public API",
      "```\nhttp://campusdata.org\n\nhttp://campusdata.org/find?name=oak\n```",
      "## Pagination",
      "To paginate requests, use the limit and offset parameters.",
      "### Request",
      "```\n/find?name=oak&limit=1\n```",
      "### Response",
      '```\n[{ "name": "Oak College" }]\n```',
      "## Refresh",
      "### Request",
      "```\n/refresh\n```",
      "## Install",
      "```\n/usr/local/bin/campusdata --port 80\n```",
    ]);
    expect(doc.servers).toEqual([{ url: "http://campusdata.org" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /find", "GET /refresh"]);
    expect(parametersOf(doc).sort()).toEqual(["GET /find query limit", "GET /find query name"]);
    expect(proseParams("To paginate requests, use the limit and offset parameters.")).toEqual(["limit", "offset"]);
    expect(proseParams("Both limit and offset parameters are optional.")).toEqual([]);
  });

  it("takes the base from a URL in prose that calls a route written relative to it, not from one that writes the base as a placeholder", () => {
    const doc = extractPage([
      "The basic syntax of a request is `https://lexicon.dev/api/<--version-->/words/en/<--word-->`",
      "For example, send a request to `https://lexicon.dev/api/v3/words/en/hello` and read the result.",
      "| Method | Endpoint | Description |\n| :-- | :-- | :-- |\n| `GET` | `/words/en/<YOUR_WORD>` | Defines the word. |",
    ]);
    expect(doc.servers).toEqual([{ url: "https://lexicon.dev/api/v3" }]);
    expect(endpointsOf(doc)).toEqual(["GET /words/en/{your_word}"]);
  });
});

describe("paths alone, several commands in one block, and an origin the page opens with", () => {
  it("reads a code block that is one path alone, where no endpoint is open, as a request", () => {
    const doc = extractPage([
      "# Kettle API",
      "#### Boil",
      "Boils the water.",
      "```\n/api/boil/\n```",
      "Response:",
      '```\n{"done": true}\n```',
    ]);
    expect(endpointsOf(doc)).toEqual(["GET /api/boil"]);
  });

  it("reads every curl command of one block as a request of its own", () => {
    const doc = extractPage([
      "## Usage",
      "```shell\n# A random tea\n$ curl --request GET \\\n  --url 'https://api.teas.example/teas/random?kind=green'\n\n# Every kind\n$ curl https://api.teas.example/teas/kinds\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /teas/kinds", "GET /teas/random"]);
    expect(parametersOf(doc)).toContain("GET /teas/random query kind");
  });

  it("takes the origin a page opens with, alone on its line, as the base of the routes below", () => {
    const doc = extractPage(["https://teas.example/", "Routes", "### /teas", "Every tea"]);
    expect(doc.servers).toEqual([{ url: "https://teas.example" }]);
    expect(endpointsOf(doc)).toEqual(["GET /teas"]);
  });
});

describe("examples under headings of their own", () => {
  it("keeps the request of a section whose heading names its action on a page of defined routes, not a mere example", () => {
    const doc = extractPage([
      "## Chat",
      "- **Endpoint**: `POST /api/chat`",
      "## Model proxy",
      "#### 📦 List Available Models",
      '```bash\ncurl http://localhost:3000/proxy/api/tags \\\n  -H "Authorization: Bearer KEY"\n```',
      "#### 🧠 Generate Embeddings",
      '```bash\ncurl -X POST http://localhost:3000/proxy/api/embed -d \'{"model": "m"}\'\n```',
      "#### Example: a feed",
      "```bash\ncurl http://localhost:3000/feed.xml\n```",
      "#### Streaming",
      "```bash\ncurl http://localhost:3000/proxy/api/stream\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /proxy/api/tags", "POST /api/chat", "POST /proxy/api/embed"]);
  });
});

describe("lists that name endpoints without methods", () => {
  it("reads a list announced as endpoints as GETs, except paths the pages give another method", () => {
    const doc = extractPage([
      "geo provides the following endpoints:",
      "- /find for forward search",
      "- /lookup for reverse search",
      "- (optional) `/metrics` for Prometheus",
      "## Lookup",
      "`POST /lookup` takes a coordinate.",
      "## Other pages",
      "- /about describes the project",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /find", "GET /metrics", "POST /lookup"]);
  });

  it("reads the names a sentence lists after saying which parameters are supported", () => {
    expect(
      proseParams(
        "The following query parameters are supported: **countrycode**, **city**, **district** (as in city district or suburb), **street**. The rest is ignored.",
      ),
    ).toEqual(["countrycode", "city", "district", "street"]);
    expect(proseParams("Parameters are described below: see the table.")).toEqual([]);
  });
});

describe("fetch examples", () => {
  it("reads two examples of one path with different methods as two operations, each with its body's keys from a JavaScript object", () => {
    const doc = extractPage([
      "### Update a product",
      "```js\nfetch('https://shopdemo.io/products/7',{\n    method:\"PUT\",\n    body:JSON.stringify(\n        {\n            title: 'test product',\n            price: 13.5,\n            tags: { sale: true }\n        }\n    )\n})\n    .then(res=>res.json())\n```",
      "```js\nfetch('https://shopdemo.io/products/7',{\n        method:\"PATCH\",\n        body:JSON.stringify(\n                        {\n                            title: 'test product'\n                        }\n        )\n    })\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["PATCH /products/{product_id}", "PUT /products/{product_id}"]);
    expect(
      parametersOf(doc)
        .filter((p) => p.includes("body"))
        .sort(),
    ).toEqual([
      "PATCH /products/{product_id} body title",
      "PUT /products/{product_id} body price",
      "PUT /products/{product_id} body tags",
      "PUT /products/{product_id} body title",
    ]);
  });
});

describe("methods offered together and paths called aliases", () => {
  it("reads the methods a sentence offers for what it sends, and the aliases it gives a path", () => {
    expect(sentMethods("To publish as JSON, simply PUT/POST the JSON object directly to the root URL.")).toEqual(["PUT", "POST"]);
    expect(sentMethods("- `http`: Sends HTTP POST/GET/PUT request when the button is tapped")).toEqual([]);
    expect(sentMethods("Publishing can be done via HTTP PUT/POST or via the CLI.")).toEqual([]);
    expect(pathAliases("Simply call the `/publish` endpoint (or its aliases `/send` and `/trigger`).")).toEqual({
      path: "/publish",
      aliases: ["/send", "/trigger"],
    });
    expect(pathAliases("Call `/publish` or `/send`.")).toBeNull();
  });

  it("gives a section's requests the other methods it offers, and operations at a path's aliases", () => {
    const doc = extractPage([
      "# Publishing",
      "## As JSON",
      "To publish as JSON, simply PUT/POST the JSON object to the root URL.",
      '```\nPOST / HTTP/1.1\nHost: notify.io\n\n{"topic": "a"}\n```',
      "## As a webhook",
      "Simply call the `/publish` endpoint (or its aliases `/send` and `/trigger`).",
      "```\nGET /<topic>/publish HTTP/1.1\nHost: notify.io\n```",
      "```\nDELETE /<topic>/messages HTTP/1.1\nHost: notify.io\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual([
      "DELETE /{topic}/messages",
      "GET /{topic}/publish",
      "GET /{topic}/send",
      "GET /{topic}/trigger",
      "POST /",
      "PUT /",
    ]);
  });
});

describe("examples in a section of common parameters", () => {
  it("leaves the section's parameters to every request of the page when an example shows one of them in use", () => {
    const doc = extractPage([
      "## Search",
      "```\nhttp://localhost:7070/find?q=oslo\n```",
      "## Reverse",
      "```\nhttp://localhost:7070/near?lat=59&lon=10\n```",
      "## Parameters common to Search and Reverse",
      "#### Number of Results",
      "```\nhttp://localhost:7070/find?q=oslo&limit=2\n```",
      "The **limit** parameter sets the number of results.",
      "#### Language",
      "The **lang** parameter sets the language of the results.",
    ]);
    expect(parametersOf(doc).sort()).toEqual([
      "GET /find query lang",
      "GET /find query limit",
      "GET /find query q",
      "GET /near query lang",
      "GET /near query lat",
      "GET /near query limit",
      "GET /near query lon",
    ]);
  });
});

describe("literal values a heading names", () => {
  it("reads the literal after a name as that parameter when its section asks for 'a specific' one, not otherwise", () => {
    const doc = extractPage([
      "### Get all categories",
      "```js\nfetch('https://shopdemo.io/products/categories')\n```",
      "### Get products in a specific category",
      "```js\nfetch('https://shopdemo.io/products/category/jewelery')\n```",
      "### Get the featured shelf",
      "```js\nfetch('https://shopdemo.io/shelves/shelf/featured')\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual([
      "GET /products/categories",
      "GET /products/category/{category}",
      "GET /shelves/shelf/featured",
    ]);
  });
});
