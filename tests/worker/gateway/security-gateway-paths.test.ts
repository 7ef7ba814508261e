// Path parameters stay one segment of the tool's path: `.`, `..`, `/` and `\` (also percent-encoded)
// are refused as tool errors before any upstream request, so a token holder cannot reach other paths.
import { describe, expect, it } from "vitest";
import { bearer, connectV2, echoOf, servedServer, textOf, upstreamReceived } from "../mcp-setup";

describe("path parameters", () => {
  it("refuses values that would leave the tool's path, and never calls the API with them", async () => {
    const apiKey = `key-${crypto.randomUUID()}`;
    const { server, token } = await servedServer(
      [
        {
          name: "getItem",
          inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
          mapping: { method: "get", path: "/echo/items/{id}", parameters: [{ arg: "id", in: "path", name: "id", required: true }] },
        },
      ],
      { auth: { authType: "apiKey", settings: { apiKey: { name: "api_key", in: "query" } }, secrets: { key: apiKey } } },
    );
    const client = await connectV2(server.slug, bearer(token));

    for (const id of ["..", ".", "%2e%2e", "%2E", "a/b", "../admin", "a\\b", "%2F", "%5c", "%252F", "%25252e%25252e", "x%2F%E0"]) {
      const result = await client.callTool({ name: "getItem", arguments: { id } });
      expect(result.isError, `id ${JSON.stringify(id)}`).toBe(true);
      expect(textOf(result)).toContain("Argument 'id' must stay within one path segment");
    }
    const empty = await client.callTool({ name: "getItem", arguments: { id: "" } });
    expect([empty.isError, textOf(empty)]).toEqual([true, expect.stringContaining("Argument 'id' must not be empty")]);
    expect(await upstreamReceived(apiKey)).toEqual([]);

    // Ordinary values, dots inside a segment included, still reach the tool's own path.
    for (const id of ["42", "v1.2", "..hidden", "a b"]) {
      const result = await client.callTool({ name: "getItem", arguments: { id } });
      expect(result.isError).toBeFalsy();
      expect(echoOf(result).path).toBe(`/echo/items/${encodeURIComponent(id)}`);
    }
    expect((await upstreamReceived(apiKey)).every((line) => line.startsWith("GET /echo/items/"))).toBe(true);
    await client.close();
  });
});
