// Endpoints written in prose: the method a sentence gives a path, a URL with a query string, an endpoint
// said to take a payload, the verb under a path heading, and what a reference's changelog says it added.
import { describe, expect, it } from "vitest";
import { extractOpenApi } from "../../worker/crawl/extract/index";
import { addedRoutes, methodOfVerb, namedFields, payloadRoute, queryUrlRoute, verbRoute } from "../../worker/crawl/extract/prose";
import { endpointsOf, parametersOf } from "./extract-helpers";

const extract = (content: string, url = "https://docs.example.org/reference/api") =>
  extractOpenApi([{ url, content }], { sourceUrl: url })!;

describe("routes in prose: sentences", () => {
  it("reads the method a sentence gives a path, there or written alone just before", () => {
    expect(verbRoute("Send a request. PUT a JSON list of labels to `/v2/boards/{board}/labels` to replace them.", null)).toMatchObject({
      method: "PUT",
      path: "/v2/boards/{board}/labels",
    });
    expect(verbRoute("POST a CSV file to this endpoint and the rows are imported.", "/v2/imports/")).toMatchObject({
      method: "POST",
      path: "/v2/imports/",
    });
    expect(verbRoute("POST a CSV file to this endpoint.", null)).toBeNull();
    expect(verbRoute("Post office boxes are not accepted to `/v2/addresses`.", null)).toBeNull();
  });

  it("reads a path with a query string as a GET, and an endpoint said to accept a payload as a POST", () => {
    expect(queryUrlRoute("- `/v2/boards/?owner=me&sort=name`: boards you own")).toMatchObject({
      method: "GET",
      path: "/v2/boards/?owner=me&sort=name",
    });
    expect(queryUrlRoute("See `/v2/boards/` for the list.")).toBeNull();
    expect(payloadRoute("To merge cards, use the endpoint `/v2/cards/merge/`, which accepts a JSON payload of the form:")).toMatchObject({
      method: "POST",
      path: "/v2/cards/merge/",
    });
    expect(payloadRoute("The endpoint `/v2/cards/` lists cards.")).toBeNull();
  });

  it("reads a section's opening verb as its method, and names a sentence calls fields", () => {
    expect(methodOfVerb("Get auto completions for a term.")).toBe("GET");
    expect(methodOfVerb("Removes a label from every card.")).toBe("DELETE");
    expect(methodOfVerb("Gets: a list")).toBeNull();
    expect(methodOfVerb("Update the board.")).toBeNull(); // PUT or PATCH: the verb does not say
    expect(namedFields("uploads a file using multipart form field `file` and optional `caption`.. ")).toEqual(["file", "caption"]);
    expect(namedFields("updates the `title` of a board")).toEqual(["title"]);
  });

  it("reads only the endpoints a changelog says were added, not removed, moved or beta ones", () => {
    const routes = addedRoutes(
      "The list is paginated now. New read-only endpoints `/v2/stats/daily/` and `/v2/stats/weekly/` give totals, and `POST /v2/stats/rebuild/` recomputes them.",
    );
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v2/stats/daily/",
      "GET /v2/stats/weekly/",
      "POST /v2/stats/rebuild/",
    ]);
    expect(addedRoutes("New: `/v2/stats/daily/` gives totals.")).toEqual([]); // a path alone has no method
    expect(addedRoutes("Removed `GET /v2/legacy/` and added `GET /v2/modern/`.")).toEqual([]);
    expect(addedRoutes("Added `GET /v2/sessions` (beta).")).toEqual([]);
  });
});

describe("routes in prose: whole references", () => {
  it("builds a self-hosted product's prose reference into its operations", () => {
    const doc = extract(
      [
        "# The REST API",
        "## Boards",
        "Boards are listed on the `/api/boards/` endpoint:",
        "- `/api/boards/?owner=me`: boards you own.",
        "- `/api/boards/?archived=true`: archived boards.",
        "### `/api/boards/suggest/`",
        "Get name suggestions for a new board.",
        "Query parameters:",
        "- `prefix`: the start of the name.",
        "## Uploading",
        "`/api/attachments/upload/`",
        "POST a multipart form to this endpoint, where the form field `file` holds the attachment.",
        "## Bulk changes",
        "For bulk changes, use the endpoint `/api/cards/bulk/` which accepts a json payload of the format:",
        "```json",
        "{",
        '  "cards": [LIST_OF_CARD_IDS],',
        '  "action": ACTION',
        "}",
        "```",
        "## Changelog",
        "### Version 3",
        "- New read-only endpoint `/api/boards/stats/` sums up every board.",
        "- Removed `GET /api/legacy/`.",
      ].join("\n\n"),
    );
    expect(endpointsOf(doc).sort()).toEqual([
      "GET /api/boards",
      "GET /api/boards/stats",
      "GET /api/boards/suggest",
      "POST /api/attachments/upload",
      "POST /api/cards/bulk",
    ]);
    expect(parametersOf(doc)).toEqual(
      expect.arrayContaining([
        "GET /api/boards query owner",
        "GET /api/boards query archived",
        "GET /api/boards/suggest query prefix",
        "POST /api/cards/bulk body cards",
        "POST /api/cards/bulk body action",
      ]),
    );
  });

  it("leaves a page that is all changelog to the reference pages", () => {
    const doc = extractOpenApi(
      [
        { url: "https://docs.example.org/reference", content: "## List boards\n\n`GET /api/boards`\n" },
        { url: "https://docs.example.org/changelog", content: "# Changelog\n\n## v2\n\n- Added `POST /api/boards/import`.\n" },
      ],
      { sourceUrl: "https://docs.example.org/reference" },
    )!;
    expect(endpointsOf(doc)).toEqual(["GET /api/boards"]);
  });
});

describe("routes in prose: request lines and example URLs", () => {
  it("reads a method announced for the URL below it, and generalises a literal the examples use for a placeholder", () => {
    const doc = extract(
      [
        "# Sessions",
        "## Open a session",
        "To open a session, submit a `POST` request to the following endpoint:",
        "```\nhttp://<host>:<port>/store/<storeName>/sessions\n```",
        "### Example request",
        "```\nPOST http://localhost:9090/store/main/sessions\nAccept: application/json\n```",
        "## Close a session",
        "To close a session, send a `DELETE` request to the following endpoint:",
        "```\nhttp://localhost:9090/store/main/sessions/<sessionId>\n```",
      ].join("\n\n"),
    );
    expect(doc.servers).toBeUndefined(); // an instance's address: the user gives theirs
    expect(endpointsOf(doc).sort()).toEqual(["DELETE /store/{storeName}/sessions/{sessionId}", "POST /store/{storeName}/sessions"]);
  });

  it("reads every method of a block of request lines, and a route after a response under a bold label", () => {
    const doc = extract(
      [
        "### Notes",
        "**List**",
        "```\nGET /api/notes/\n```",
        "Example response:",
        '```json\n{ "count": 1 }\n```',
        "**List pinned**",
        "```\nGET /api/notes/pinned/\n```",
        "**Update**",
        "```\nPUT /api/notes/<id>/\nPATCH /api/notes/<id>/\n```",
      ].join("\n\n"),
    );
    expect(endpointsOf(doc).sort()).toEqual(["GET /api/notes", "GET /api/notes/pinned", "PATCH /api/notes/{id}", "PUT /api/notes/{id}"]);
  });

  it("generalises example URLs by what the pages say: a stated value, a template without a method, a position with many values", () => {
    const doc = extractOpenApi(
      [
        {
          url: "https://docs.relay.example/subscribe",
          content: [
            "# Subscribe",
            "- JSON stream: `<channel>/json` returns one message per line",
            "```\ncurl -s relayhq.io/alerts/json\n```",
          ].join("\n\n"),
        },
        {
          url: "https://docs.relay.example/publish",
          content: [
            "# Publish",
            "## Backups",
            '```\ncurl -d "Backup done" relayhq.io/backups\n```',
            "## Door bells",
            '```\ncurl -d "Door bell" relayhq.io/doorbell\n```',
            "## Greetings",
            '```\ncurl -d "Hi" relayhq.io/hello\n```',
            "## Webhooks",
            "Assuming your channel is `hooks`, you can call it as a webhook:",
            "```\ncurl relayhq.io/hooks/trigger\n```",
            "## Health",
            "```\ncurl -s relayhq.io/v1/health\n```",
          ].join("\n\n"),
        },
      ],
      { sourceUrl: "https://docs.relay.example/" },
    )!;
    expect(doc.servers).toEqual([{ url: "https://relayhq.io" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /v1/health", "GET /{channel}/json", "GET /{channel}/trigger", "POST /{channel}"]);
  });
  it("reads a route named inside a sentence as a mention: it confirms a defined route, and stands alone only where nothing else is defined", () => {
    const defined = extract(
      "## GET /shelves/[path]\n\nReads the shelf at the path.\n\n## Sharing shelves\n\nTwo clients may `GET /shelves/oak` at the same time and then both write to it; all answers to `GET /shelves/` carry an Etag.\n",
    );
    expect(endpointsOf(defined)).toEqual(["GET /shelves/{path}"]);
    const mentioned = extract("# Shelves\n\nTo list every shelf, clients send `GET /shelves` with their key.\n");
    expect(endpointsOf(mentioned)).toEqual(["GET /shelves"]);
    // A route that is the line's subject is a definition as before.
    expect(
      endpointsOf(extract("## Shelves\n\n`GET /shelves/oak` returns the oak shelf.\n\n## GET /shelves/[path]\n\nReads a shelf.\n")).sort(),
    ).toEqual(["GET /shelves/oak", "GET /shelves/{path}"]);
  });
});

describe("prose: templates in front of other paths", () => {
  it("gives the placeholder of a template the pages put in front of other paths to the examples that start with it", () => {
    const doc = extractOpenApi(
      [
        {
          url: "https://docs.pixels.example/",
          content: [
            "## Specific image",
            "```\nhttps://pixels.example.org/v2/list\n```",
            "## Static random image",
            "Get the same random image every time based on a seed, by adding `/seed/{seed}` to the start of the url.",
            "```\nhttps://pixels.example.org/seed/picsum/info\n```",
          ].join("\n\n"),
        },
      ],
      { sourceUrl: "https://docs.pixels.example/" },
    )!;
    expect(endpointsOf(doc).sort()).toEqual(["GET /seed/{seed}/info", "GET /v2/list"]);
  });
});
