// An imported description served through a deployed MCP server and the real SDK client: annotations
// and outputSchema in tools/list, structuredContent on a call, hidden arguments filled by the server;
// an operation served by another host of the API (its own `servers`) is called at that host.
import { describe, expect, it } from "vitest";
import { tools } from "../../../worker/db/schema";
import { toolRows } from "../../../worker/servers/create";
import { importDescription } from "../../../worker/openapi/import";
import { bearer, connectV2, createOrg, createServer, createToken, db, deploy, echoOf, textOf, upstream } from "../mcp-setup";
import { DEV_ENV, importFixture } from "./helpers";

/** Imports the echo description into a deployed server whose API key is managed, and connects a v2 client. */
async function echoServer() {
  const imported = await importFixture("echo-tools.yaml");
  const org = await createOrg("growth");
  const server = await createServer(org, [], {
    authType: "apiKey",
    settings: { apiKey: { name: "X-Api-Key", in: "header" } },
    secrets: { key: "k-123" },
  });
  await db.insert(tools).values(toolRows(server.id, imported.tools, 10));
  const { token } = await createToken(org, [server.id]);
  expect((await deploy(server.id)).status).toBe("deployed");
  return connectV2(server.slug, bearer(token));
}

describe("imported tools through the SDK client: structured answers", () => {
  it("lists annotations and an outputSchema, and shows only the arguments a model chooses", async () => {
    const client = await echoServer();
    const { tools: listed } = await client.listTools();
    const echo = listed.find((t) => t.name === "echoGet")!;
    expect(echo.annotations).toEqual({
      title: "Echo a request",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(echo.inputSchema).toEqual({ type: "object", properties: { name: { type: "string" } }, required: ["name"] });
    expect(echo.outputSchema).toMatchObject({
      type: "object",
      properties: { method: { type: ["string", "null"] }, headers: { type: ["object", "null"] } },
    });
    expect(listed.find((t) => t.name === "echoMisdocumented")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    await client.close();
  });

  it("returns structuredContent (and the same JSON as text) when the answer has the documented shape; hidden values still reach the API", async () => {
    const client = await echoServer();
    const result = await client.callTool({ name: "echoGet", arguments: { name: "abc" } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { method: string; path: string; headers: Record<string, string> };
    expect(structured).toMatchObject({ method: "GET", path: "/echo/abc" });
    expect(structured.headers["x-mode"]).toBe("fixed");
    expect(structured.headers["x-api-key"]).toBe("k-123");
    expect(JSON.parse(textOf(result))).toEqual(structured);
    await client.close();
  });

  it("claims no structuredContent when the answer does not match the documented shape, and says so as an error with the answer", async () => {
    const client = await echoServer();
    const result = await client.callTool({ name: "echoMisdocumented", arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(
      /^The API answered HTTP 200, but not in the shape this tool's outputSchema documents \(.+\), so no structured result is given\. The answer:\n\{/,
    );
    expect(textOf(result)).toContain('"method":"POST"');
    await client.close();
  });

  it("gives a documented list answer as { result: [...] } under an object outputSchema", async () => {
    const client = await echoServer();
    const listed = (await client.listTools()).tools.find((t) => t.name === "listReceived")!;
    expect(listed.outputSchema).toEqual({
      type: "object",
      properties: { result: { type: "array", items: { type: ["string", "null"] }, description: "The API's answer (a JSON array)." } },
      required: ["result"],
    });
    const result = await client.callTool({ name: "listReceived", arguments: { containing: "/echo/" } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { result: string[] }).result).toEqual(expect.any(Array));
    expect(JSON.parse(textOf(result))).toEqual((result.structuredContent as { result: string[] }).result);
    await client.close();
  });
});

describe("imported tools through the SDK client: text answers and other hosts", () => {
  it("says so as an error, with the answer, when a tool documented as JSON gets text back", async () => {
    const client = await echoServer();
    const result = await client.callTool({ name: "textDocumentedAsJson", arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: "text",
        text: "The API answered HTTP 200 with text/plain, not the JSON this tool's outputSchema documents, so no structured result is given.",
      },
      { type: "text", text: "plain hello" },
    ]);
    await client.close();
  });

  it("calls an operation served by another host of the API at that host, as the operation's or its path item's servers say", async () => {
    const main = upstream();
    const port = new URL(main).port;
    const ok = { "200": { description: "ok" } };
    const id = [{ name: "id", in: "path", required: true, schema: { type: "string" } }];
    const text = JSON.stringify({
      openapi: "3.0.3",
      info: { title: "Two hosts", version: "1" },
      servers: [{ url: `${main}/v1` }],
      paths: {
        "/items/{id}": { get: { operationId: "getItem", parameters: id, responses: ok } },
        "/assets/{id}": {
          servers: [{ url: `http://uploads.localhost:${port}/u` }],
          get: { operationId: "getAsset", parameters: id, responses: ok },
        },
        "/files": {
          get: {
            operationId: "listFiles",
            servers: [{ url: "http://files.localhost:{port}", variables: { port: { default: port } } }],
            responses: ok,
          },
        },
        "/same": { get: { operationId: "getSame", servers: [{ url: `${main}/v1/` }], responses: ok } },
        "/regional": { get: { operationId: "getRegional", servers: [{ url: "https://{region}.example.com" }], responses: ok } },
      },
    });
    const imported = await importDescription({ text, filename: "two-hosts.json" }, DEV_ENV);
    expect(imported.tools.find((t) => t.name === "getAsset")!.endpoint).toMatchObject({
      path: "/assets/{id}",
      server: `http://uploads.localhost:${port}/u`,
    });
    expect(imported.tools.map((t) => [t.name, t.mapping.baseUrl])).toEqual([
      ["getItem", undefined],
      ["getAsset", `http://uploads.localhost:${port}/u`],
      ["listFiles", `http://files.localhost:${port}`],
      ["getSame", undefined],
      ["getRegional", undefined],
    ]);
    expect(imported.issues.map((i) => i.reason)).toContain(
      "its own server is not an http(s) URL (or keeps a variable without a default): it calls the API's base URL",
    );
    const org = await createOrg("growth");
    const server = await createServer(org, [], {}, `${main}/v1`);
    await db.insert(tools).values(toolRows(server.id, imported.tools, 10));
    const { token } = await createToken(org, [server.id]);
    expect((await deploy(server.id)).status).toBe("deployed");
    const client = await connectV2(server.slug, bearer(token));
    const item = echoOf(await client.callTool({ name: "getItem", arguments: { id: "a" } }));
    expect(item).toMatchObject({ method: "GET", path: "/v1/items/a" });
    expect(item.headers["x-forwarded-host"]).toBeUndefined();
    const asset = echoOf(await client.callTool({ name: "getAsset", arguments: { id: "b" } }));
    expect(asset).toMatchObject({ method: "GET", path: "/u/assets/b" });
    expect(asset.headers["x-forwarded-host"]).toBe(`uploads.localhost:${port}`);
    const files = echoOf(await client.callTool({ name: "listFiles", arguments: {} }));
    expect(files).toMatchObject({ method: "GET", path: "/files" });
    expect(files.headers["x-forwarded-host"]).toBe(`files.localhost:${port}`);
    await client.close();
  });
});
