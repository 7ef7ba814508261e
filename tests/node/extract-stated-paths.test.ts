// Paths a section states apart from its methods: a request line under a heading that is a path, a labelled path
// over a table of methods, placeholders in a template language's spelling, and tables that title cases, not parameters.
import { describe, expect, it } from "vitest";
import { pathAt, typedPlaceholders } from "../../worker/crawl/extract/routes";
import { endpointsOf, extractPage, parametersOf } from "./extract-helpers";

describe("a heading that is a path, then the request line", () => {
  it("takes the request line's whole URL, not the heading's shorter path", () => {
    const doc = extractPage([
      "# Authentication",
      "## /login",
      "`POST https://api.meters.example/login`",
      "# Gauges",
      "## /gauges/readings",
      "`GET https://api.meters.example/v2/gauges/readings`",
      "## /gauges/alarms",
      "`GET https://api.meters.example/v2/gauges/alarms`",
    ]);
    expect(doc.servers).toEqual([{ url: "https://api.meters.example" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /v2/gauges/alarms", "GET /v2/gauges/readings", "POST /login"]);
  });

  it("still reads a sentence's verb as the method when the line is prose", () => {
    const doc = extractPage(["# Search", "### `/api/lookup/`", "Get the entries whose title matches the text.", "Takes `q`."]);
    expect(endpointsOf(doc)).toEqual(["GET /api/lookup"]);
  });
});

describe("a labelled path over a table of methods", () => {
  it("makes each row a method of the path, its request column the fields it takes", () => {
    const doc = extractPage([
      "# Accounts",
      "## Profile",
      "Read or change the signed-in account.",
      "**Default URL**: `/accounts/self/`",
      "| Method | Request | Response |\n| --- | --- | --- |\n| `GET` | – | `HTTP_200_OK` `nickname` `joined` |\n| `PATCH` | `nickname` `motto` | `HTTP_200_OK` `nickname` |",
      "## Close account",
      "**Default URL**: `/accounts/self/close/`",
      "| Method | Request | Response |\n| --- | --- | --- |\n| `POST` | `passphrase` | `HTTP_204_NO_CONTENT` `detail` |",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /accounts/self", "PATCH /accounts/self", "POST /accounts/self/close"]);
    const params = parametersOf(doc);
    expect(params).toContain("PATCH /accounts/self body motto");
    expect(params).toContain("POST /accounts/self/close body passphrase");
    // The response column's fields are what the call answers.
    expect(params.some((p) => p.endsWith(" joined") || p.endsWith(" detail"))).toBe(false);
  });

  it("reads a labelled path before its method label as that route", () => {
    const doc = extractPage(["## Rename a tag", "- **Route**: `/tags/{tagId}`", "- **Method**: PUT", "Takes `label`."]);
    expect(endpointsOf(doc)).toEqual(["PUT /tags/{tagId}"]);
  });

  it("does not read a stated base URL as a section's path", () => {
    const doc = extractPage(["# API", "**Base URL**: `https://api.meters.example/v2`", "## Readings", "`GET /readings`"]);
    expect(endpointsOf(doc)).toEqual(["GET /readings"]);
  });
});

describe("a list of routes under a label", () => {
  it('reads the items under a bare "Endpoints" label as routes, GETs where no method is given', () => {
    const doc = extractPage([
      "# Base URL",
      "```\nhttps://api.orbits.example/v1/\n```",
      "## Moons",
      "**Endpoints**",
      "- `/moons/` -- all the moons\n- `/moons/:id/` -- one moon\n- `/moons/schema/` -- the JSON schema of a moon",
      "**Example request:**",
      "```\nhttp https://api.orbits.example/v1/moons/3/\n```",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /moons", "GET /moons/schema", "GET /moons/{id}"]);
  });
});

describe("placeholders in a template language's spelling", () => {
  it("reads `{{ name }}` with spaces inside as one placeholder of the path", () => {
    expect(pathAt("/links/{{ service }}/ with more", 0)?.path).toBe("/links/{{ service }}/");
    const doc = extractPage([
      "## Link a service",
      "**Default URL**: `/links/{{ service }}/`",
      "| Method | Request | Response |\n| --- | --- | --- |\n| `GET` | `return_to` | `consent_url` |\n| `POST` | `grant` | `token` |",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /links/{service}", "POST /links/{service}"]);
    expect(parametersOf(doc)).toContain("GET /links/{service} query return_to");
  });
});

describe("tables that are not parameters", () => {
  it("does not read a column of titles as parameter names", () => {
    const doc = extractPage([
      "## Timestamps",
      "`from` and `to` take a time in one of these formats:",
      "| Name | Format |\n| --- | --- |\n| ISO Date Time (Hour) | `2021-07-01T06Z` |\n| ISO Date Time (Minute) | `2021-07-01T06:10Z` |\n| Unix Epoch Seconds Count | `1625097600` |",
      "## Readings",
      "`GET https://api.meters.example/v2/readings`",
      "| Name | Type | Description |\n| --- | --- | --- |\n| `meter` | string | The meter. |",
    ]);
    const params = parametersOf(doc);
    expect(params).toContain("GET /readings query meter");
    expect(params.some((p) => / (?:ISO|Unix)$/.test(p))).toBe(false);
  });
});

describe("sections and tables titled in Chinese", () => {
  it("reads a request table's names, locations and flags, and not the response's fields", () => {
    const doc = extractPage([
      "## POST 创建笔记",
      "POST /api/notes/create",
      "### 请求参数",
      "| 名称 | 位置 | 类型 | 必选 | 说明 |\n| --- | --- | --- | --- | --- |\n| Authorization | header | string | 是 | none |\n| body | body | object | 否 | none |\n| » title | body | string | 是 | 标题 |\n| » tags | body | array | 否 | 标签 |",
      "### 返回数据结构",
      "| 名称 | 类型 | 必选 | 说明 |\n| --- | --- | --- | --- |\n| » code | integer | true | 状态码 |\n| » note_id | string | true | 编号 |",
      "## GET 获取笔记",
      "GET /api/notes/get",
      "### 请求参数",
      "| 名称 | 位置 | 类型 | 必选 | 说明 |\n| --- | --- | --- | --- | --- |\n| id | query | string | 是 | none |",
    ]);
    const params = parametersOf(doc);
    expect(params).toEqual(
      expect.arrayContaining(["POST /api/notes/create body title", "POST /api/notes/create body tags", "GET /api/notes/get query id"]),
    );
    expect(params.some((p) => p.endsWith(" note_id") || p.endsWith(" code"))).toBe(false);
    const get = doc.paths["/api/notes/get"].get;
    expect(get.parameters[0].required).toBe(true);
  });
});

describe("request lines without headings of their own", () => {
  it("gives each the parameter sections after it, not the next one's", () => {
    const doc = extractPage([
      "### Prices",
      "Latest price",
      "GET https://api.quotes.example/v1/price/:ticker",
      "#### Path Parameters",
      "| Name | Type | Description |\n| --- | --- | --- |\n| ticker* | string | The ticker. |",
      "#### Query Parameters",
      "| Name | Type | Description |\n| --- | --- | --- |\n| currency | string | Quote currency. |",
      "#### Responses",
      "**200** The price.",
      "Price history",
      "GET https://api.quotes.example/v1/history/:ticker",
      "#### Path Parameters",
      "| Name | Type | Description |\n| --- | --- | --- |\n| ticker* | string | The ticker. |",
      "#### Query Parameters",
      "| Name | Type | Description |\n| --- | --- | --- |\n| since | integer | Start time. |",
    ]);
    const params = parametersOf(doc);
    expect(params).toContain("GET /price/{ticker} query currency");
    expect(params).toContain("GET /history/{ticker} query since");
    expect(params).not.toContain("GET /history/{ticker} query currency");
  });
});

describe("a heading that is a path, and no method anywhere in its section", () => {
  it("makes the path a GET with the parameters its section names", () => {
    const doc = extractPage([
      "# The Series API",
      "## `/series/grow`",
      "Grows the given pattern into the series it matches.",
      "Parameters:",
      "- **pattern** (mandatory)\n  The pattern.\n- **flat** (0 or 1)\n  Whether to flatten the answer.",
      "## `/series/list.json`",
      "Lists every series.",
      "Example:",
      '```\nGET /series/list.json\n\n["a.b", "a.c"]\n```',
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /series/grow", "GET /series/list.json"]);
    expect(parametersOf(doc)).toEqual(expect.arrayContaining(["GET /series/grow query pattern", "GET /series/grow query flat"]));
    expect(parametersOf(doc)).not.toContain("GET /series/list.json query pattern");
  });

  it("reads a wildcard in a query's value as part of the request, not the end of its path", () => {
    expect(pathAt("GET /series/find?pattern=app.*.cpu", 4)?.path).toBe("/series/find?pattern=app.*.cpu");
    expect(pathAt("**/series/find**", 2)?.path).toBe("/series/find");
    const doc = extractPage(["## `/series/find`", "Example:", '```\nGET /series/find?pattern=app.*\n\n{"series": [{"leaf": 1}]}\n```']);
    expect(parametersOf(doc)).toContain("GET /series/find query pattern");
  });
});

describe("a heading that is a path, and examples in its section", () => {
  it("reads a request with values in the heading's placeholders as that route's method, not a route of its own", () => {
    const doc = extractPage([
      "# Lamps",
      "## /lamps/:lampId",
      "The lamp with that id.",
      "e.g.",
      "DELETE /lamps/hall-7",
      "## /lamps/:lampId/bulbs",
      "GET /lamps/hall-7/bulbs",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["DELETE /lamps/{lampId}", "GET /lamps/{lampId}/bulbs"]);
  });

  it("reads a path heading with a query template named in words as that route and its query", () => {
    expect(pathAt("/lamps?colour={colour of the light}", 0)?.path).toBe("/lamps?colour={colour of the light}");
    const doc = extractPage(["# Lamps", "### /lamps", "Every lamp", "### /lamps?colour={colour of the light}", "Lamps by colour"]);
    expect(endpointsOf(doc)).toEqual(["GET /lamps"]);
    expect(parametersOf(doc)).toContain("GET /lamps query colour");
  });

  it("drops a table's route that only names a section whose request lines state longer routes", () => {
    const doc = extractPage([
      "# Lamps",
      "| Resource | Description |\n| --- | --- |\n| `GET` /lamps/find | Finds lamps. |\n| `GET` /lamps/count | Counts lamps. |",
      "### /lamps/find",
      "**GET /lamps/find/by-room/** *(str: room)*",
      "**GET /lamps/find/by-colour/** *(str: colour)*",
      "### /lamps/count",
      "**GET /lamps/count**",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /lamps/count", "GET /lamps/find/by-colour/{colour}", "GET /lamps/find/by-room/{room}"]);
  });
});

describe("placeholders written after the path", () => {
  it("reads typed placeholders in parentheses, joined by slashes, as the path's segments", () => {
    expect(typedPlaceholders("**GET /lamps/dim/** *(int: id)* **/** *(str: level)*")).toBe("GET /lamps/dim/{id}/{level}");
    expect(typedPlaceholders("GET /lamps (see below)")).toBe("GET /lamps (see below)");
    const doc = extractPage(["## /lamps/dim", "**GET /lamps/dim/** *(int: id)* **/** *(str: level)*", "Dims a lamp."]);
    expect(endpointsOf(doc)).toEqual(["GET /lamps/dim/{id}/{level}"]);
  });
});

describe("routes and bodies a sentence states", () => {
  it('reads "a POST request to `/a` or `/b` with the X object" as both routes, their body that object\'s fields', () => {
    const doc = extractPage([
      "# Lamp API",
      "### Changing the lamp",
      "Sending a POST request to `/lamp` or `/lamp/mode` with (parts of) the mode object changes those values.",
      "#### Mode object",
      "| JSON key | Value range | Description |\n| --- | --- | --- |\n| on | bool | Whether the lamp is lit. |\n| level | 0 to 100 | Brightness. |",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["POST /lamp", "POST /lamp/mode"]);
    expect(parametersOf(doc)).toEqual(
      expect.arrayContaining(["POST /lamp body on", "POST /lamp body level", "POST /lamp/mode body on", "POST /lamp/mode body level"]),
    );
  });

  it("reads the paths a sentence says things are obtained from as GETs, beside a POST to one of them", () => {
    const doc = extractPage([
      "# Lamp API",
      "You may also obtain those objects individually using the URLs `/lamp/mode` and `/lamp/info`. Other text.",
      "Sending a POST request to `/lamp/mode` with the mode object changes it.",
      "Use `/lamp/reset` to obtain a clean state.",
    ]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /lamp/info", "GET /lamp/mode", "POST /lamp/mode"]);
  });
});
