// Kinds of writing met on references nobody tuned for: ids before a format suffix, sizes as a path of numbers,
// example URLs in prose lines, the base in a "requests start with" sentence, route tables of URLs without a
// scheme and with optional segments, lists of example URLs, and parameter tables after a one-route table.
import { describe, expect, it } from "vitest";
import { exampleUrlLine } from "../../worker/crawl/extract/prose";
import { pathAt, templateOf } from "../../worker/crawl/extract/routes";
import { toMarkdown } from "../../worker/crawl/extract/prepare";
import { extractOpenApi } from "../../worker/crawl/extract/index";
import { endpointsOf, extractPage, parametersOf } from "./extract-helpers";

describe("literal values in paths", () => {
  it("reads an id before a format suffix as a parameter, the suffix kept", () => {
    expect(templateOf("/v0/gadgets/17.json")).toBe("/v0/gadgets/{gadget_id}.json");
    expect(templateOf("/notes/5.xml", true)).toBe("/notes/{note_id}.xml");
  });

  it("reads a run of numbers ending the path as values, but not a version before words", () => {
    expect(templateOf("/640/480")).toBe("/{value1}/{value2}");
    expect(templateOf("/640")).toBe("/{value1}");
    expect(templateOf("/tile/9/640/480/")).toBe("/tile/{tile_id}/{value3}/{value4}");
    expect(templateOf("/3/films/7")).toBe("/3/films/{film_id}");
    expect(templateOf("/api/3/action")).toBe("/api/3/action");
  });

  it("keeps example URLs of numbers as routes, each size its own", () => {
    const doc = extractPage([
      "# Frames",
      "Add the width and height you want after our URL.",
      "```\nhttps://frames.example.net/640/480\n```",
      "A square frame needs one size.",
      "```\nhttps://frames.example.net/640\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /{value1}", "GET /{value1}/{value2}"]);
  });

  it("reads an HTML element's URL as a request, and a longer whole URL as another route than the one open", () => {
    const doc = extractPage([
      "# Frames",
      "```\nhttps://frames.example.net/640/480\n```",
      "## Framed photo",
      "```\nhttps://frames.example.net/photo/9/640/480\n```",
      "Add the `nocache` query param to load a fresh frame each time:",
      '```\n<img src="https://frames.example.net/640/480?nocache=1">\n<img src="https://frames.example.net/640/480?nocache=2">\n```',
    ]);
    expect(parametersOf(doc)).toContain("GET /{value1}/{value2} query nocache");
    expect(parametersOf(doc)).not.toContain("GET /photo/{photo_id}/{value3}/{value4} query nocache");
  });
});

describe("example URLs in prose", () => {
  it("reads a URL after a label that says it is an example, and nothing else", () => {
    expect(exampleUrlLine("For example, a gadget: https://api.gizmo.io/v0/gadgets/17.json?pretty=1")).toBe(
      "https://api.gizmo.io/v0/gadgets/17.json?pretty=1",
    );
    expect(exampleUrlLine("Example: https://api.gizmo.io/v0/newest.json")).toBe("https://api.gizmo.io/v0/newest.json");
    expect(exampleUrlLine("Support: https://gizmo.io/help")).toBeNull();
    expect(exampleUrlLine("Example: https://api.gizmo.io/v0/newest.json returns the newest")).toBeNull();
  });

  it("makes a page whose calls are only example URLs in prose an API under the base its sentence states", () => {
    const doc = extractPage([
      "# Gizmo API",
      "Every URI is prefixed with `https://api.gizmo.io/v0/` and answers JSON.",
      "## Gadgets",
      "Gadgets live under `/v0/gadgets/<id>.json`.",
      "For example, a gadget: https://api.gizmo.io/v0/gadgets/17.json?pretty=1",
      "and another: https://api.gizmo.io/v0/gadgets/18.json?pretty=1",
      "## Newest",
      "Example: https://api.gizmo.io/v0/newest.json?pretty=1",
    ]);
    expect(doc.servers).toEqual([{ url: "https://api.gizmo.io/v0" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /gadgets/{gadget_id}.json", "GET /newest.json"]);
  });

  it("calls the paths a sentence names together as an example calls one of them, and reads what an example adds under a path as its id", () => {
    const doc = extractPage([
      "# Gizmo API",
      "Every URI is prefixed with `https://api.gizmo.io/v0/`.",
      "## Owners",
      "Owners are identified by their names, and live under `/v0/owner/`.",
      "For example: https://api.gizmo.io/v0/owner/ada.json",
      "## Lists",
      "The newest gadgets are at `/v0/newest` and the oldest at `/v0/oldest`. Broken ones are at `/v0/broken`.",
      "Example: https://api.gizmo.io/v0/newest.json",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /broken.json", "GET /newest.json", "GET /oldest.json", "GET /owner/{owner_id}.json"]);
  });
});

describe("route tables", () => {
  it("reads an optional segment as left out of the route", () => {
    expect(pathAt("/v1/shelf/{shelf}/books[/kind]?key={key}", 0)?.path).toBe("/v1/shelf/{shelf}/books?key={key}");
  });

  it("reads URLs without a scheme, the base from a 'requests start with' sentence, and each one-route table's parameters", () => {
    const doc = extractPage([
      "# Shelf API",
      "All Shelf API requests start with `https://api.shelf.io`.",
      "## Shelf methods",
      "### `/books` - List books",
      "**Examples**",
      "- `https://api.shelf.io/v1/shelf/ann.shelf.io/books/novel?limit=2`",
      "- `https://api.shelf.io/v1/shelf/bob.shelf.io/books?offset=4`",
      "#### Method",
      "| URI | HTTP Method | Authentication |\n| --- | --- | --- |\n| `api.shelf.io/v1/shelf/{shelf}/books[/kind]` | GET | None |",
      "#### Query Parameters",
      "| Parameter | Type | Description |\n| --- | --- | --- |\n| **limit** | Number | How many books |\n| **offset** | Number | Books to skip |",
      "### `/books` - Add a book",
      "#### Method",
      "| URI | HTTP Method | Authentication |\n| --- | --- | --- |\n| `api.shelf.io/v1/shelf/{shelf}/books` | POST | OAuth |",
      "#### Request Parameters",
      "| Parameter | Type | Description |\n| --- | --- | --- |\n| **title** | String | The book's title |",
    ]);
    expect(doc.servers).toEqual([{ url: "https://api.shelf.io" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /v1/shelf/{shelf}/books", "POST /v1/shelf/{shelf}/books"]);
    expect(parametersOf(doc)).toEqual(
      expect.arrayContaining([
        "GET /v1/shelf/{shelf}/books query limit",
        "GET /v1/shelf/{shelf}/books query offset",
        "POST /v1/shelf/{shelf}/books body title",
      ]),
    );
  });
});

describe("sections and lists that name routes without a method", () => {
  // A section titled by a path states that route; a GET only when nothing in the section states a request: on reference
  // pages that title sections by path and state each method in a directive below, the title is not a route of its own.
  it("reads a verb that opens a section titled by a path as its method, and a section stating nothing else as a GET", () => {
    const doc = extractPage([
      "# Gauges API",
      "## `/gauges/search`",
      "Looks gauges up by name.",
      "## `/gauges/reset`",
      "Create a reset of every gauge.",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /gauges/search", "POST /gauges/reset"]);
  });

  it("invents no GET for a section titled by a path whose requests are stated below it", () => {
    const doc = extractPage([
      "# Gauges API",
      "## `/gauge/dial-readings`",
      "The readings of one dial.",
      "`GET /gauges/{gauge}/dials/{dial}/readings`",
      "### Removing readings",
      "`DELETE /gauges/{gauge}/dials/{dial}/readings`",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["DELETE /gauges/{gauge}/dials/{dial}/readings", "GET /gauges/{gauge}/dials/{dial}/readings"]);
  });

  it("gives a page about one route the sections of parameters written apart from its requests", () => {
    const doc = extractPage([
      "# The Chart API",
      "The server offers a `/chart` endpoint that draws series.",
      "```\nhttp://charts.internal/chart?series=cpu&width=300\n```",
      "## Drawing options",
      "### hue",
      "Default: blue",
      "### lineWidth",
      "Takes a number of pixels.",
    ]);
    expect(endpointsOf(doc)).toEqual(["GET /chart"]);
    expect(parametersOf(doc)).toEqual(expect.arrayContaining(["GET /chart query hue", "GET /chart query lineWidth"]));
  });

  it("reads a table of paths without a header and a list of whole URLs announced as routes", () => {
    const doc = extractPage([
      "# Kiosk API",
      "Calls go to `https://kiosk.example.com/`.",
      "| /racks | 20 racks |\n| --- | --- |\n| /lamps | 6 lamps |",
      "Available nested routes:",
      "- https://kiosk.example.com/racks/1/lamps\n- https://kiosk.example.com/lamps/1/bulbs",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /lamps", "GET /lamps/{lamp_id}/bulbs", "GET /racks", "GET /racks/{rack_id}/lamps"]);
  });
});

describe("HTML as browsers parse it", () => {
  it("ends a paragraph where a block element starts, so a main region opened inside one keeps its content", () => {
    const html =
      "<html><body><nav>Home</nav><p><main></p><h2>Guide</h2><p>Fetch <code>/lamps</code> to list lamps.</p><p></main></p></body></html>";
    const markdown = toMarkdown(html);
    expect(markdown).toContain("## Guide");
    expect(markdown).toContain("Fetch `/lamps` to list lamps.");
    expect(markdown).not.toContain("Home");
  });
});

describe("routes written only as the targets of links", () => {
  it("writes a list item that opens with a link titled in words as its target, then its title", () => {
    const html =
      '<html><body><main><p>Read <a href="https://teas.example/about">about us</a>.</p><ul><li><a href="https://api.teas.example/v1/teas">All teas</a></li>' +
      '<li><a href="https://api.teas.example/v1/teas?kind=green">Green teas</a></li><li><a href="https://api.teas.example/v1/kinds">https://api.teas.example/v1/kinds</a></li></ul></main></body></html>';
    const markdown = toMarkdown(html);
    expect(markdown).toContain("- https://api.teas.example/v1/teas All teas");
    // Not in prose, not with a query (a link to one search), not where the title is the URL already.
    expect(markdown).toContain("Read about us.");
    expect(markdown).toContain("- Green teas");
    expect(markdown).toMatch(/^- https:\/\/api\.teas\.example\/v1\/kinds$/m);
  });

  it("reads such a list under a heading that announces routes as GETs on their host", () => {
    const html =
      "<html><body><main><h1>Use these routes to ask for teas:</h1><ul>" +
      '<li><a href="https://api.teas.example/v1/teas">All teas</a></li><li><a href="https://api.teas.example/v1/teas/:id">One tea</a></li>' +
      "</ul></main></body></html>";
    const url = "https://teas.example/";
    const doc = extractOpenApi([{ url, content: toMarkdown(html) }], { sourceUrl: url })!;
    expect(doc.servers).toEqual([{ url: "https://api.teas.example/v1" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /teas", "GET /teas/{id}"]);
  });

  it("does not read a list of routes as GETs where the reference gives their template another method", () => {
    const doc = extractPage([
      "The kettle service offers these endpoints:",
      "- `/kettles/`\n- `/kettles/set_colour/`",
      "## Colour",
      "`POST /kettles/set_{COLOUR_FIELD}/`",
      "## Kettles",
      "`GET /kettles/`",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /kettles", "POST /kettles/set_{colour_field}"]);
  });
});

describe("a base with an account in its path", () => {
  it("reads the account the base writes literally, where the examples put a variable, as a parameter of every path", () => {
    const doc = extractPage([
      "# Ledger API",
      "All URLs start with **`https://books.ledgerly.io/4242/`**. The path is prefixed with your account ID.",
      "```shell\ncurl -H 'Authorization: Bearer $TOKEN' https://books.ledgerly.io/4242/invoices.json\n```",
      "## Invoices",
      "- `GET /invoices.json` lists the invoices.",
      "- `GET /invoices/7.json` returns the invoice with an ID of `7`.",
      "```shell\ncurl -H 'Authorization: Bearer $TOKEN' https://books.ledgerly.io/$ACCOUNT_ID/invoices/7.json\n```",
      "## Legacy account-scoped routes",
      "These routes still work; the ones above are canonical.",
      "- `GET /ledgers/1/invoices.json` → List invoices",
    ]);
    expect(doc.servers).toEqual([{ url: "https://books.ledgerly.io" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /{account_id}/invoices.json", "GET /{account_id}/invoices/{invoice_id}.json"]);
    expect(parametersOf(doc)).toContain("GET /{account_id}/invoices.json path account_id");
  });
});

describe("parameters as sections of their own", () => {
  it("reads names in code spans titling sections after a 'Parameters' heading of the same level as the endpoint's parameters", () => {
    const doc = extractPage([
      "# Fleet API",
      "## List all boats",
      '```shell\ncurl -X GET "https://fleet.harbor.io/api/v1/boats" -H "X-API-KEY: KEY"\n```',
      "### Parameters",
      "You can use the following query parameters with this endpoint:",
      "### `per_page`",
      "The number of boats per page.",
      "### `page`",
      "Page number to fetch.",
      "### Response fields",
      "### `hull` (response)",
      "## Remove a boat",
    ]);
    expect(parametersOf(doc).sort()).toEqual(["GET /boats query page", "GET /boats query per_page"]);
  });
});

describe("parameters in a subsection of their own", () => {
  it("gives the parameter tables of a section's subsection to the one route the section defines, not to a route named later in passing", () => {
    const doc = extractPage([
      "# Shelves",
      "## Create a shelf",
      "### With named slots",
      "**Definition**",
      "`POST ${SHELF_HOST}/shelves`",
      "### With automatic slots",
      "Slots can also be found from the first item.",
      "### Shelf parameters",
      "| Parameter | Required | Description |\n| --- | --- | --- |\n| name | yes | The shelf's name. |\n| slots | no | The slots. |",
      "### Adding labels",
      "Labels are returned by the `GET /shelves` end-point.",
      "## List all shelves",
      "**Definition** `GET ${SHELF_HOST}/shelves`",
    ]);
    expect(parametersOf(doc).sort()).toEqual(["POST /shelves body name", "POST /shelves body slots"]);
  });
});

describe("example values across methods", () => {
  it("reads a segment examples of one method vary in as the placeholder another method writes there, unless a stated route names it", () => {
    const doc = extractPage([
      "# Word sets",
      "## Add a set",
      "Create a set called `set_one`:",
      '```shell\ncurl "http://localhost:8108/sets/set_one" -X PUT -d \'{"words": ["a"]}\'\n```',
      "## Get a set",
      '```shell\ncurl "http://localhost:8108/sets/:name"\n```',
      "## Replace a set",
      '```shell\ncurl "http://localhost:8108/sets/countries" -X PUT -d \'{"words": ["b"]}\'\n```',
      "## Lock a set",
      "```\nPUT /sets/locked HTTP/1.1\n```",
      '```shell\ncurl "http://localhost:8108/sets/locked" -X PUT\n```',
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /sets/{name}", "PUT /sets/locked", "PUT /sets/{name}"]);
    // A number read as an id (`/crates/7`) is no placeholder the pages wrote: the other method's values stay literal.
    const crates = extractPage([
      "# Crates",
      '```shell\ncurl "http://localhost:8108/crates/7"\n```',
      '```shell\ncurl "http://localhost:8108/crates/first" -X PUT\n```',
      '```shell\ncurl "http://localhost:8108/crates/second" -X PUT\n```',
    ]);
    expect(endpointsOf(crates).sort()).toEqual(["GET /crates/{crate_id}", "PUT /crates/first", "PUT /crates/second"]);
  });
});
