// The argument → HTTP mapping, upstream auth and answer matrix, through deployed servers and the SDK client.
import { describe, expect, it } from "vitest";
import type { AuthSpec, ToolSpec } from "../mcp-setup";
import { bearer, connectV2, echoOf, echoTool, servedServer, textOf, upstream } from "../mcp-setup";

const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=";
const str = { type: "string" };
const arr = { type: "array", items: { type: "string" } };
const obj = { type: "object", additionalProperties: { type: "string" } };

/** Deploys a server with these tools and auth, and answers a connected client. */
async function serve(toolSpecs: ToolSpec[], auth: AuthSpec = {}, clientHeaders: Record<string, string> = {}, deployOptions = {}) {
  const { server, token, deployment } = await servedServer(toolSpecs, { auth, deploy: deployOptions });
  expect(deployment.status).toBe("deployed");
  return connectV2(server.slug, { ...bearer(token), ...clientHeaders });
}

const q = (name: string, style?: string, explode?: boolean, extra = {}) => ({
  arg: name,
  in: "query" as const,
  name,
  required: false,
  ...(style ? { style: style as never } : {}),
  ...(explode === undefined ? {} : { explode }),
  ...extra,
});

describe("parameters: placement", () => {
  it("puts path, query, header and cookie arguments in their places with style and explode", async () => {
    const client = await serve([
      echoTool(
        "paths",
        {
          path: "/echo/p/{id}/{label}/{matrix}",
          parameters: [
            { arg: "id", in: "path", name: "id", required: true },
            { arg: "label", in: "path", name: "label", required: true, style: "label", explode: true },
            { arg: "matrix", in: "path", name: "matrix", required: true, style: "matrix", explode: true },
          ],
        },
        { id: str, label: arr, matrix: obj },
        ["id", "label", "matrix"],
      ),
      echoTool(
        "queries",
        {
          parameters: [
            q("tags"),
            q("ids", "form", false),
            q("words", "spaceDelimited", false),
            q("pipes", "pipeDelimited", false),
            q("filter", "deepObject", true),
            q("where", undefined, undefined, { json: true }),
            q("raw", undefined, undefined, { allowReserved: true }),
            q("plain"),
          ],
        },
        { tags: arr, ids: arr, words: arr, pipes: arr, filter: obj, where: { type: "object" }, raw: str, plain: str },
      ),
      echoTool(
        "headers_cookies",
        {
          parameters: [
            { arg: "requestId", in: "header", name: "X-Request-Id", required: true },
            { arg: "list", in: "header", name: "X-List", required: false },
            { arg: "session", in: "cookie", name: "session", required: false },
            { arg: "prefs", in: "cookie", name: "prefs", required: false, explode: false },
          ],
        },
        { requestId: str, list: arr, session: str, prefs: arr },
        ["requestId"],
      ),
    ]);
    const paths = echoOf(
      await client.callTool({ name: "paths", arguments: { id: "a?b c", label: ["x", "y"], matrix: { k: "v", n: "2" } } }),
    );
    expect(paths.path).toBe("/echo/p/a%3Fb%20c/.x.y/;k=v;n=2");

    const queries = echoOf(
      await client.callTool({
        name: "queries",
        arguments: {
          tags: ["a", "b"],
          ids: ["1", "2"],
          words: ["x", "y"],
          pipes: ["p", "q"],
          filter: { color: "red", size: "L" },
          where: { a: 1 },
          raw: "a/b?c",
          plain: "x&y=z",
        },
      }),
    );
    expect(queries.query.split("&")).toEqual([
      "tags=a",
      "tags=b",
      "ids=1,2",
      "words=x%20y",
      "pipes=p|q",
      "filter%5Bcolor%5D=red",
      "filter%5Bsize%5D=L",
      "where=%7B%22a%22%3A1%7D",
      "raw=a/b?c",
      "plain=x%26y%3Dz",
    ]);

    const hc = echoOf(
      await client.callTool({
        name: "headers_cookies",
        arguments: { requestId: "req-1", list: ["a", "b"], session: "s 1", prefs: ["x", "y"] },
      }),
    );
    expect(hc.headers["x-request-id"]).toBe("req-1");
    expect(hc.headers["x-list"]).toBe("a,b");
    expect(hc.headers.cookie).toBe("session=s%201; prefs=x,y");
    await client.close();
  });
});

describe("parameters: static values", () => {
  it("injects static parameters and hides them from the listed inputSchema", async () => {
    const client = await serve(
      [
        echoTool(
          "scoped",
          {
            parameters: [
              { arg: "accountId", in: "query", name: "account", required: true },
              { arg: "q", in: "query", name: "q", required: false },
            ],
          },
          { accountId: { type: "string", description: "Account" }, q: str },
          ["accountId"],
        ),
      ],
      { staticValues: { accountId: "acct-42" } },
    );
    const { tools } = await client.listTools();
    expect(tools[0].inputSchema).toEqual({ type: "object", properties: { q: { type: "string" } }, required: [] });
    const echo = echoOf(await client.callTool({ name: "scoped", arguments: { q: "hi" } }));
    expect(echo.query).toBe("account=acct-42&q=hi");
    await client.close();
  });
});

describe("bodies", () => {
  it("sends JSON, form, multipart, text and binary bodies", async () => {
    const client = await serve([
      echoTool(
        "json_body",
        {
          method: "post",
          body: { contentType: "application/json", kind: "json", required: true, properties: { petName: "name", tags: "tags" } },
        },
        { petName: str, tags: arr },
      ),
      echoTool(
        "whole_json",
        { method: "put", body: { contentType: "application/merge-patch+json", kind: "json", required: true, arg: "body" } },
        { body: { type: "array" } },
      ),
      echoTool(
        "form_body",
        {
          method: "post",
          body: {
            contentType: "application/x-www-form-urlencoded",
            kind: "form",
            required: true,
            properties: { user: "user", roles: "roles" },
          },
        },
        { user: str, roles: arr },
      ),
      echoTool(
        "multipart_body",
        {
          method: "post",
          body: {
            contentType: "multipart/form-data",
            kind: "multipart",
            required: true,
            properties: { title: "title", file: "file" },
            binaryFields: ["file"],
          },
        },
        { title: str, file: { type: "string", contentEncoding: "base64" } },
      ),
      echoTool(
        "text_body",
        { method: "post", body: { contentType: "text/plain", kind: "text", required: true, arg: "text" } },
        { text: str },
      ),
      echoTool(
        "binary_body",
        { method: "post", body: { contentType: "application/octet-stream", kind: "binary", required: true, arg: "data" } },
        { data: str },
      ),
    ]);
    const json = echoOf(await client.callTool({ name: "json_body", arguments: { petName: "Rex", tags: ["good"] } }));
    expect(json).toMatchObject({ method: "POST", headers: { "content-type": "application/json" }, body: { name: "Rex", tags: ["good"] } });
    const whole = echoOf(await client.callTool({ name: "whole_json", arguments: { body: [1, 2] } }));
    expect(whole).toMatchObject({ method: "PUT", headers: { "content-type": "application/merge-patch+json" } });
    const form = echoOf(await client.callTool({ name: "form_body", arguments: { user: "ada", roles: ["admin", "dev"] } }));
    expect(form.body).toEqual({ user: "ada", roles: ["admin", "dev"] });
    const multi = echoOf(await client.callTool({ name: "multipart_body", arguments: { title: "logo", file: PNG_BASE64 } }));
    expect(multi.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(multi.body).toEqual({ title: "logo", file: { filename: "file", base64: PNG_BASE64 } });
    const text = echoOf(await client.callTool({ name: "text_body", arguments: { text: "hello ✓" } }));
    expect(text).toMatchObject({ headers: { "content-type": "text/plain" }, body: "hello ✓" });
    const binary = echoOf(await client.callTool({ name: "binary_body", arguments: { data: PNG_BASE64 } }));
    expect(binary.body).toEqual({ base64: PNG_BASE64 });
    await client.close();
  });
});

describe("upstream auth", () => {
  const probe = [echoTool("probe", { parameters: [] })];
  const managed: [string, AuthSpec, (echo: ReturnType<typeof echoOf>) => void][] = [
    [
      "bearer",
      { authType: "bearer", secrets: { token: "bearer-secret" } },
      (e) => expect(e.headers.authorization).toBe("Bearer bearer-secret"),
    ],
    [
      "apiKey in a header",
      { authType: "apiKey", secrets: { key: "k-1" }, settings: { apiKey: { name: "X-Api-Key", in: "header" } } },
      (e) => expect(e.headers["x-api-key"]).toBe("k-1"),
    ],
    [
      "apiKey in the query",
      { authType: "apiKey", secrets: { key: "k 2" }, settings: { apiKey: { name: "api_key", in: "query" } } },
      (e) => expect(e.query).toBe("api_key=k%202"),
    ],
    [
      "apiKey in a cookie",
      { authType: "apiKey", secrets: { key: "k3" }, settings: { apiKey: { name: "key", in: "cookie" } } },
      (e) => expect(e.headers.cookie).toBe("key=k3"),
    ],
    [
      "basic",
      { authType: "basic", secrets: { username: "ada", password: "pä:ss" } },
      (e) => expect(e.headers.authorization).toBe(`Basic ${btoa("ada:p\u00c3\u00a4:ss")}`),
    ],
  ];
  for (const [name, auth, check] of managed) {
    it(`injects the managed ${name} credential`, async () => {
      const client = await serve(probe, auth);
      check(echoOf(await client.callTool({ name: "probe", arguments: {} })));
      await client.close();
    });
  }

  it("fetches an OAuth2 client-credentials token once and reuses it", async () => {
    const stats = async () => ((await (await fetch(`${upstream()}/oauth/stats`)).json()) as { tokensIssued: number }).tokensIssued;
    const before = await stats();
    const client = await serve(probe, {
      authType: "oauth2",
      secrets: { clientId: "client-1", clientSecret: "s3cret:with:colons" },
      settings: { oauth2: { tokenUrl: `${upstream()}/oauth/token`, scopes: ["read"] } },
    });
    const first = echoOf(await client.callTool({ name: "probe", arguments: {} }));
    const second = echoOf(await client.callTool({ name: "probe", arguments: {} }));
    expect(first.headers.authorization).toMatch(/^Bearer oauth-token-\d+$/);
    expect(second.headers.authorization).toBe(first.headers.authorization);
    expect(await stats()).toBe(before + 1);
    await client.close();
  });

  it("answers a failed OAuth2 token request as isError", async () => {
    const client = await serve(probe, {
      authType: "oauth2",
      secrets: { clientId: "client-1", clientSecret: "wrong" },
      settings: { oauth2: { tokenUrl: `${upstream()}/oauth/token` } },
    });
    const result = await client.callTool({ name: "probe", arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("OAuth2 token endpoint answered HTTP 401");
    await client.close();
  });

  it("forwards the caller's credential for passthrough servers", async () => {
    const bearerClient = await serve(
      probe,
      { authType: "bearer", authStrategy: "passthrough" },
      { "X-Upstream-Authorization": "Bearer caller-token" },
    );
    const e1 = echoOf(await bearerClient.callTool({ name: "probe", arguments: {} }));
    expect(e1.headers.authorization).toBe("Bearer caller-token");
    // The Toolport access token never reaches the upstream API.
    expect(JSON.stringify(e1.headers)).not.toContain("tp_");
    await bearerClient.close();

    const keyClient = await serve(
      probe,
      { authType: "apiKey", authStrategy: "passthrough", settings: { apiKey: { name: "X-Api-Key", in: "header" } } },
      { "X-Upstream-Api-Key": "caller-key" },
    );
    expect(echoOf(await keyClient.callTool({ name: "probe", arguments: {} })).headers["x-api-key"]).toBe("caller-key");
    await keyClient.close();

    const basicClient = await serve(
      probe,
      { authType: "basic", authStrategy: "passthrough" },
      { "X-Upstream-Authorization": `Basic ${btoa("u:p")}` },
    );
    expect(echoOf(await basicClient.callTool({ name: "probe", arguments: {} })).headers.authorization).toBe(`Basic ${btoa("u:p")}`);
    await basicClient.close();
  });
});

describe("answers", () => {
  it("answers text, binary, large JSON, empty bodies, errors and time-outs", async () => {
    const tool = (name: string, path: string): ToolSpec => ({
      name,
      inputSchema: { type: "object", properties: {} },
      mapping: { method: "get", path, parameters: [] },
    });
    const client = await serve(
      [
        tool("text", "/text"),
        tool("binary", "/binary"),
        tool("big", "/big"),
        tool("empty", "/empty"),
        tool("not_found", "/status/404"),
        tool("broken", "/status/500"),
      ],
      {},
      {},
      { maxResponseBytes: 10_000 },
    );
    // The time-out on a server of its own: a short limit on the others would make a slow answer of a loaded machine a time-out too.
    const slowClient = await serve([tool("slow", "/slow?ms=3000")], {}, {}, { upstreamTimeoutMs: 500 });
    expect(await client.callTool({ name: "text", arguments: {} })).toEqual({ content: [{ type: "text", text: "plain hello" }] });
    const binary = await client.callTool({ name: "binary", arguments: {} });
    expect(binary.content).toEqual([
      { type: "resource", resource: { uri: `${upstream()}/binary`, mimeType: "image/png", blob: PNG_BASE64 } },
    ]);
    const big = textOf(await client.callTool({ name: "big", arguments: {} }));
    expect(big.startsWith('{"items":[{"i":0,"label":"item 0"},')).toBe(true);
    expect(big).toMatch(/\[Response truncated: showing the first 10000 of \d+ bytes; \d+ bytes were cut\.\]$/);
    expect(textOf(await client.callTool({ name: "empty", arguments: {} }))).toBe("The API answered HTTP 204 with an empty body");
    const notFound = await client.callTool({ name: "not_found", arguments: {} });
    expect(notFound.isError).toBe(true);
    expect(textOf(notFound)).toMatch(/^The API answered HTTP 404 Not Found:\n\{"error":"failure 404"/);
    expect(textOf(notFound).length).toBeLessThan(2_200);
    const broken = await client.callTool({ name: "broken", arguments: {} });
    expect(broken.isError).toBe(true);
    expect(textOf(broken)).toContain("HTTP 500");
    await client.close();
    const slow = await slowClient.callTool({ name: "slow", arguments: {} });
    expect(slow).toEqual({ content: [{ type: "text", text: "The API did not answer within 0.5 s (request timed out)" }], isError: true });
    await slowClient.close();
  });
});
