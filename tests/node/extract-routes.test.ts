// Route spelling: placeholders written `:id`, `{id}`, `<id>`, `{{id}}`, `{channel.id}` become OpenAPI names;
// signatures are found where docs write them and not in prose, links or changelogs.
import { describe, expect, it } from "vitest";
import { extractOpenApi } from "../../worker/crawl/extract/index";
import { findRoute, leadingRoute, shapeOf, templateOf, upperMethod } from "../../worker/crawl/extract/routes";
import { endpointsOf, extractPage, parametersOf } from "./extract-helpers";

describe("routes: placeholders and request lines", () => {
  it("writes every placeholder spelling as an OpenAPI parameter name", () => {
    expect(templateOf("/channels/{channel.id}/messages/{message.id}")).toBe("/channels/{channel_id}/messages/{message_id}");
    expect(templateOf("/api/v1/sites/:site_id/")).toBe("/api/v1/sites/{site_id}");
    expect(templateOf("/kittens/<ID>")).toBe("/kittens/{id}");
    expect(templateOf("/users/{{userId}}/files/{file-name}.json")).toBe("/users/{userId}/files/{file_name}.json");
    expect(templateOf("/orders/ord_8fK2aZq91x/items/42", true)).toBe("/orders/{order_id}/items/{item_id}");
    expect(shapeOf("GET", "/u/{id}")).toBe(shapeOf("get", "/u/{user_id}"));
  });

  it("reads a number or UUID after a collection in a request line as that collection's id, not a version or prefix", () => {
    expect(templateOf("/v1/feeds/42/entries/888")).toBe("/v1/feeds/{feed_id}/entries/{entry_id}");
    expect(templateOf("/v1/categories/9f1c2b7e-3a4d-4c5e-8f6a-0b1c2d3e4f5a/feeds")).toBe("/v1/categories/{category_id}/feeds");
    expect(templateOf("/api/3/action/package_list")).toBe("/api/3/action/package_list");
    expect(templateOf("/2/tweets/search")).toBe("/2/tweets/search");
    expect(templateOf("/v2/1/things")).toBe("/v2/1/things");
    // Only example URLs have their other literal ids generalised.
    expect(templateOf("/orders/ord_8fK2aZq91x")).toBe("/orders/ord_8fK2aZq91x");
  });

  it("reads upper-case names and host variables in paths as placeholders", () => {
    expect(templateOf("/v1/feeds/ID/icon")).toBe("/v1/feeds/{id}/icon");
    expect(templateOf("/users/USER_ID/repos/REPO_NAME")).toBe("/users/{user_id}/repos/{repo_name}");
    expect(templateOf("/2010-04-01/Accounts/{AccountSid}/SMS/Messages")).toBe("/2010-04-01/Accounts/{AccountSid}/SMS/Messages");
    const doc = extractOpenApi(
      [{ url: "https://docs.example.org/api", content: "## Get a part\n\n`GET {{baseUrl}}/widgets/{{widgetId}}/parts/PART_ID`\n" }],
      { sourceUrl: "https://docs.example.org/api" },
    );
    expect(doc?.servers).toBeUndefined();
    expect(endpointsOf(doc!)).toEqual(["GET /widgets/{widgetId}/parts/{part_id}"]);
  });

  it("reads every method of a line that offers several, every route a line lists, and the query parameters it names", () => {
    expect(leadingRoute("HEAD|GET|POST https://events.acme.dev/<id>/done")).toMatchObject({
      method: "HEAD",
      path: "https://events.acme.dev/<id>/done",
      also: ["GET", "POST"],
    });
    expect(leadingRoute("`GET` or `POST` /v1/search")).toMatchObject({ method: "GET", also: ["POST"] });
    expect(leadingRoute("GET /v1/search or nothing")).not.toHaveProperty("also");
    const content =
      "## Ping\n\n`HEAD|GET|POST https://hc.acme.dev/ping/<uuid>`\n\n## Files\n\n- `GET /api/documents/{id}/download/`, `GET /api/documents/{id}/preview/` and `GET /api/documents/{id}/thumb/`: accept `?version={version_id}`.\n";
    const doc = extractOpenApi([{ url: "https://docs.example.org/api", content }], { sourceUrl: "https://docs.example.org/api" });
    expect(endpointsOf(doc!).sort()).toEqual([
      "GET /api/documents/{id}/download",
      "GET /api/documents/{id}/preview",
      "GET /api/documents/{id}/thumb",
      "GET /ping/{uuid}",
      "HEAD /ping/{uuid}",
      "POST /ping/{uuid}",
    ]);
    expect(parametersOf(doc!).filter((p) => p.includes("query"))).toEqual([
      "GET /api/documents/{id}/download query version",
      "GET /api/documents/{id}/preview query version",
      "GET /api/documents/{id}/thumb query version",
    ]);
  });
});

describe("routes: bracketed forms, examples and verbs", () => {
  it("reads bracketed placeholders, format alternatives and a dash between method and path", () => {
    expect(findRoute("### GET - `/api/v2/widgets/[WIDGET NAME]/parts/[PART NUMBER].(json|xml)` (v2)")).toMatchObject({
      method: "GET",
      path: "/api/v2/widgets/[WIDGET NAME]/parts/[PART NUMBER].json",
    });
    expect(findRoute("## PATCH /settings/[path]")).toMatchObject({ method: "PATCH", path: "/settings/[path]" });
    expect(findRoute("GET – /owners/[HANDLE|ID]/boxes.(json|yaml)")?.path).toBe("/owners/[HANDLE|ID]/boxes.json");
    expect(templateOf("/api/v2/widgets/[WIDGET NAME]/parts/[PART NUMBER]-[REVISION].json")).toBe(
      "/api/v2/widgets/{widget_name}/parts/{part_number}-{revision}.json",
    );
    // A Markdown link after a path, and a parenthesis that lists no formats, end the path.
    expect(findRoute("GET /boxes[see below](#boxes)")?.path).toBe("/boxes");
    expect(findRoute("POST /boxes.(see the note)")?.path).toBe("/boxes");
    const doc = extractOpenApi(
      [
        {
          url: "https://docs.example.com/api",
          content:
            "# Widgets API\n\nAll calls go to https://widgets.example.com.\n\n### GET - `/api/v1/widgets/[WIDGET NAME].(json|yaml)`\n\nReturns a widget.\n\n### DELETE - `/api/v1/widgets/yank`\n\nRemoves a widget.\n",
        },
      ],
      { sourceUrl: "https://docs.example.com/" },
    );
    expect(endpointsOf(doc!).sort()).toEqual(["DELETE /api/v1/widgets/yank", "GET /api/v1/widgets/{widget_name}.json"]);
  });

  it("ends a URL at the end of its line, so a curl example followed by its output lends its form fields", () => {
    const content =
      "### DELETE - `/api/v1/boxes/drop`\n\nRemoves a box.\n\n```\n$ curl -X DELETE -H 'Authorization:KEY' \\\n    -d 'box_name=oak' -d 'size=2' \\\n    https://boxes.example.net/api/v1/boxes/drop\n\nRemoved box: oak (2)\n```\n";
    const doc = extractOpenApi([{ url: "https://docs.example.net/api", content }], { sourceUrl: "https://docs.example.net/" })!;
    expect(parametersOf(doc).sort()).toEqual(["DELETE /api/v1/boxes/drop query box_name", "DELETE /api/v1/boxes/drop query size"]);
  });

  it("reads a type written before the name, and keeps an Input section's parameters for the Request section's example after it", () => {
    const content =
      '## address:edit\n\nEdits an address.\n\n#### Input\n\n- integer `id` (required): System ID of the address\n- string `address2` (optional): second line\n- bool **primary**: whether it is the main one\n\n#### Request\n\n```\n$ curl -i -X POST "$PORTAL_API_URL/v1/address/{id}" -H "Accept: application/json"\n```\n';
    const doc = extractOpenApi([{ url: "https://docs.example.org/api", content }], { sourceUrl: "https://docs.example.org/api" });
    expect(parametersOf(doc!).sort()).toEqual([
      "POST /v1/address/{id} body address2",
      "POST /v1/address/{id} body primary",
      "POST /v1/address/{id} path id",
    ]);
    expect(doc!.paths["/v1/address/{id}"].post.requestBody.content["application/json"].schema.properties.primary).toMatchObject({
      type: "boolean",
    });
  });

  it("reads a method used as a verb at a sentence's start with the path it is sent to, not a method named in prose", () => {
    const content =
      "## Authorization\n\n1. Token authentication\n\n   Paperless offers an endpoint for tokens. POST a username and password as a form or json string to `/api/token/` and it answers with a token.\n\n## Limits\n\nGET requests to `/api/search/` are rate limited. Send the token to `/api/profile/` as a header.\n";
    const doc = extractOpenApi([{ url: "https://docs.example.org/api", content }], { sourceUrl: "https://docs.example.org/api" });
    expect(endpointsOf(doc!)).toEqual(["POST /api/token"]);
  });

  it("makes one operation of request lines that write the same route with different literal ids", () => {
    const content =
      "## Get a feed\n\n```\nGET /v1/feeds/42\n```\n\n## Update a feed\n\n```\nPUT /v1/feeds/42\n```\n\n## Refresh a feed\n\n```\nPUT /v1/feeds/123/refresh\n```\n";
    const doc = extractOpenApi([{ url: "https://docs.example.org/api", content }], { sourceUrl: "https://docs.example.org/api" });
    expect(Object.keys(doc?.paths ?? {}).sort()).toEqual(["/v1/feeds/{feed_id}", "/v1/feeds/{feed_id}/refresh"]);
    expect(Object.keys(doc?.paths["/v1/feeds/{feed_id}"] ?? {}).sort()).toEqual(["get", "put"]);
  });
});

describe("routes: signatures in headings, labels, tables and code", () => {
  it("finds signatures in headings, badges and labels but not in prose or document links", () => {
    expect(findRoute("Retrieve a user GET /users/{id}")).toMatchObject({ method: "GET", path: "/users/{id}" });
    expect(leadingRoute("**Endpoint:** `POST https://api.example.com/v1/things`")).toMatchObject({
      method: "POST",
      path: "https://api.example.com/v1/things",
    });
    expect(leadingRoute("HTTP request DELETE /things/:id")).toMatchObject({ method: "DELETE", path: "/things/:id" });
    expect(leadingRoute("See /docs/intro for GET requests")).toBeNull();
    expect(leadingRoute("GET /guide/intro.html")).toBeNull();
    expect(leadingRoute("GETTING /started")).toBeNull();
    expect(upperMethod("get /orgs/{org}/repos")).toBe("GET /orgs/{org}/repos");
    expect(upperMethod("get the list of repos")).toBe("get the list of repos");
  });

  it("takes one operation from the same route written twice with different placeholder names", () => {
    const content =
      "## Get a user\n\n`GET /users/{id}`\n\n## Users\n\n| Method | Path | Description |\n| --- | --- | --- |\n| GET | /users/:user_id | Get a user |\n";
    const document = extractOpenApi([{ url: "https://docs.example/users", content }], { sourceUrl: "https://docs.example/" });
    expect(endpointsOf(document!)).toEqual(["GET /users/{id}"]);
  });

  it("reads a method and a path written on separate labelled lines, and method and path cells under any header", () => {
    const content = [
      "## Create a widget",
      "**Method:** POST",
      "**URL:** `/v1/widgets`",
      "",
      "## All endpoints",
      "| Verb? | Where | Notes |",
      "| --- | --- | --- |",
      "| DELETE | /v1/widgets/{id} | Remove one |",
    ].join("\n");
    const document = extractOpenApi([{ url: "https://docs.example/widgets", content }], { sourceUrl: "https://docs.example/" });
    expect(new Set(endpointsOf(document!))).toEqual(new Set(["POST /v1/widgets", "DELETE /v1/widgets/{id}"]));
  });

  it("reads no endpoint from prose paths, links, navigation lists or a changelog", () => {
    const content = [
      "# Changelog",
      "- Added `GET /v1/widgets/search`.",
      "- `DELETE /v1/widgets/{id}` now answers 204.",
      "",
      "# Guide",
      "Read /docs/intro and [the reference](/reference/widgets) first; requests go to /v1/widgets.",
      "- [Widgets](/reference/widgets)",
    ].join("\n");
    expect(extractOpenApi([{ url: "https://docs.example/changelog", content }], { sourceUrl: "https://docs.example/" })).toBeNull();
  });

  it("reads every method of a request line in a code block, a placeholder left unclosed, and the base URL a heading announces", () => {
    const content = [
      "# Signals",
      "## API servers",
      "```\nhttps://signals.acmecorp.io\n```",
      "## Send a signal",
      "```\nHEAD|GET|POST https://signals.acmecorp.io/<check-key/<slug>/done\n```",
      "## List checks",
      "```\nGET /checks\n```",
    ].join("\n\n");
    const doc = extractOpenApi([{ url: "https://docs.signal.example/api", content }], { sourceUrl: "https://docs.signal.example/api" })!;
    expect(doc.servers).toEqual([{ url: "https://signals.acmecorp.io" }]);
    expect(endpointsOf(doc).sort()).toEqual([
      "GET /checks",
      "GET /{check_key}/{slug}/done",
      "HEAD /{check_key}/{slug}/done",
      "POST /{check_key}/{slug}/done",
    ]);
  });
});

describe("routes: definition forms of API Blueprint and Gerrit", () => {
  it("reads API Blueprint's resource headings with a path in brackets and their actions as a method alone or in brackets", () => {
    const doc = extractPage([
      "FORMAT: 1A\nHOST: https://api.ledger.example",
      "# Awards [/api/v2/awards/{award_id}/{?year,fy}]",
      "## GET",
      "Returns one award.",
      "## List Accounts [/api/v2/accounts/]",
      "### List Federal Accounts [POST]",
      "+ Request (application/json)\n    + Attributes (object)\n        + `page`: 1 (optional, number)\n        + `limit`: 10 (optional, number)",
      "+ Response 200 (application/json)\n    + Attributes (object)\n        + `results` (required, array)",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /api/v2/awards/{award_id}", "POST /api/v2/accounts"]);
    expect(parametersOf(doc).sort()).toEqual([
      "GET /api/v2/awards/{award_id} path award_id",
      "GET /api/v2/awards/{award_id} query fy",
      "GET /api/v2/awards/{award_id} query year",
      "POST /api/v2/accounts body limit",
      "POST /api/v2/accounts body page",
    ]);
    expect(doc.paths["/api/v2/awards/{award_id}"].get.summary).toBe("Awards");
  });

  it("reads a route quoted alone on its line as the definition, a request-parameter table under a GET as its query, and a body named as a described type as that type's fields", () => {
    const doc = extractPage([
      "### Check Owner",
      "'GET /projects/{project-name}/owners.check'",
      "The following request parameters can be specified:",
      "| Field Name |  | Description |\n| --- | --- | --- |\n| `email` | mandatory | Email to check. |\n| `change` | optional | Change to check. |",
      "#### Request",
      "```\n  GET /projects/foo%2Fbar/owners.check?email=xyz@example.com HTTP/1.0\n```",
      "### Rename Email",
      "'POST /projects/{project-name}/owners.rename'",
      "The old and new email must be specified in the request body as RenameEmailInput.",
      "### Set Config",
      "'PUT /projects/{project-name}/owners.config'",
      "Input options can be set in the request body as a ConfigInput entity.",
      "## JSON Entities",
      "### RenameEmailInput",
      "| Field Name |  | Description |\n| --- | --- | --- |\n| `old_email` | | The old email. |\n| `new_email` | | The new email. |",
    ]);
    expect(endpointsOf(doc).sort()).toEqual([
      "GET /projects/{project_name}/owners.check",
      "POST /projects/{project_name}/owners.rename",
      "PUT /projects/{project_name}/owners.config",
    ]);
    expect(
      parametersOf(doc)
        .filter((p) => !p.includes(" path "))
        .sort(),
    ).toEqual([
      "GET /projects/{project_name}/owners.check query change",
      "GET /projects/{project_name}/owners.check query email",
      "POST /projects/{project_name}/owners.rename body new_email",
      "POST /projects/{project_name}/owners.rename body old_email",
    ]);
  });
});

describe("routes: parameter sections shared by several routes", () => {
  it("gives the body-parameter section after a table of routes to the table's routes that send a body, until the section holding it ends", () => {
    const doc = extractPage([
      "## Route",
      "### Request Methods",
      "| Method | Request URI | Request Body | Description |\n| --- | --- | --- | --- |\n| GET | /admin/routes | NULL | List. |\n| PUT | /admin/routes/{id} | {...} | Create. |\n| DELETE | /admin/routes/{id} | NULL | Remove. |",
      "### Request Body Parameters",
      "| Parameter | Required | Type | Description |\n| --- | --- | --- | --- |\n| uri | True | string | Matches the uri. |\n| plugins | False | object | Plugins. |",
      "## Service",
      "### Request Methods",
      "| Method | Request URI | Request Body | Description |\n| --- | --- | --- | --- |\n| POST | /admin/services | {...} | Create. |",
      "## Notes",
      "### Request Body Parameters",
      "| Parameter | Required | Type | Description |\n| --- | --- | --- | --- |\n| note | True | string | A note. |",
    ]);
    expect(
      parametersOf(doc)
        .filter((p) => !p.includes(" path "))
        .sort(),
    ).toEqual(["PUT /admin/routes/{id} body plugins", "PUT /admin/routes/{id} body uri"]);
  });

  it("gives a parameter section after routes written one per line in one section to all of them, and a route's own list to it alone", () => {
    const doc = extractPage([
      "# Reports API",
      "Weekly report URL `GET https://api.ledger.test/reports/weekly`",
      "Summary report URL: `GET https://api.ledger.test/reports/summary`",
      "## Request Parameters",
      "- `workspace_id`: **Required**. The workspace whose data you want.\n- `since`: ISO 8601 date.",
      "# Tags",
      "`GET https://api.ledger.test/tags`",
      "`POST https://api.ledger.test/tags`",
      "- `name`: the tag's name.",
    ]);
    expect(parametersOf(doc).sort()).toEqual([
      "GET /reports/summary query since",
      "GET /reports/summary query workspace_id",
      "GET /reports/weekly query since",
      "GET /reports/weekly query workspace_id",
      "POST /tags body name",
    ]);
  });

  it("reads the request blocks under a line that says what they are for ('To return …:') as requests, not answers", () => {
    const doc = extractPage([
      "## Get Last Visited",
      "**Request**",
      "To return the last-visited timestamp for a single bug id:",
      "```\nGET /rest/visits/(id)\n```",
      "To return just the most recent 20 timestamps:",
      "```\nGET /rest/visits\n```",
      "**Response**",
      '```\n[{ "id": 100 }]\n```',
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /rest/visits", "GET /rest/visits/{id}"]);
  });
});
