// Only calls that reach a tool use up the monthly quota: requests the generated server refuses
// (media type, Accept, malformed JSON-RPC, notifications, unknown or inactive tools, bad arguments)
// are neither counted nor sent to the API.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { servers, serverUsage } from "../../../worker/db/schema";
import {
  createOrg,
  createServer,
  createToken,
  db,
  deploy,
  echoTool,
  MCP_POST_HEADERS,
  organizationCalls,
  postMcp,
  servedServer,
  toolCall,
  upstreamHits,
  upstreamReceived,
} from "../mcp-setup";

/** A deployed server whose tool "counted" (one required integer n) calls /counted/{key}, an inactive tool, and a token. */
async function countedServer() {
  const key = `refused-${crypto.randomUUID()}`;
  const counted = { ...echoTool("counted", { path: `/counted/${key}` }, { n: { type: "integer" } }, ["n"]) };
  const { org, server, token } = await servedServer([counted, { ...echoTool("disabled", { path: `/counted/${key}` }), active: false }], {
    plan: "growth",
  });
  const post = (body: unknown, headers?: Record<string, string>) => postMcp(server.slug, token, body, headers);
  return { org, key, server, post };
}

describe("metering of refused requests", () => {
  it("counts none of the requests the generated server refuses, and sends none of them to the API", async () => {
    const { org, key, post } = await countedServer();
    const valid = toolCall(1, "counted", { n: 1 });
    const refused: [string, Response][] = [
      ["text/plain (415)", await post(valid, { ...MCP_POST_HEADERS, "content-type": "text/plain" })],
      ["no text/event-stream in Accept (406)", await post(valid, { ...MCP_POST_HEADERS, accept: "application/json" })],
      ["unsupported protocol version", await post(valid, { ...MCP_POST_HEADERS, "mcp-protocol-version": "1999-01-01" })],
      ["not JSON-RPC 2.0", await post({ ...valid, jsonrpc: "1.0" })],
      ["a batch with an invalid message", await post([valid, { id: 2, method: "tools/call" }])],
      ["unknown tool", await post(toolCall(1, "nope", {}))],
      ["inactive tool", await post(toolCall(1, "disabled", {}))],
      ["wrong argument type", await post(toolCall(1, "counted", { n: "one" }))],
      ["missing argument", await post(toolCall(1, "counted", {}))],
      ["a notification", await post(toolCall(undefined, "counted", { n: 1 }))],
    ];
    for (const [what, res] of refused) {
      const text = await res.text();
      expect.soft(text.includes(`/counted/${key}`), what).toBe(false);
    }
    expect(await upstreamHits(key)).toBe(0);
    expect(await organizationCalls(org)).toBe(0);

    // The same call done right is counted once; in a batch only the calls that reach the tool count.
    expect(await (await post(valid)).text()).toContain(`/counted/${key}`);
    expect(await organizationCalls(org)).toBe(1);
    await (
      await post([
        toolCall(2, "counted", { n: 2 }),
        toolCall(3, "nope", {}),
        toolCall(4, "counted", { n: "x" }),
        toolCall(5, "counted", { n: 5 }),
      ])
    ).text();
    expect(await upstreamHits(key)).toBe(3);
    expect(await organizationCalls(org)).toBe(3);
    const [row] = await db.select().from(serverUsage).where(eq(serverUsage.organizationId, org));
    expect(row.toolCalls).toBe(3);
  });
});

describe("metering of path arguments refused before the API", () => {
  it("counts no call whose path argument would leave the tool's path, directly or through call_tool", async () => {
    const org = await createOrg("growth");
    const key = `paths-${crypto.randomUUID()}`;
    const item = echoTool(
      "get_item",
      { path: `/echo/${key}/{id}`, parameters: [{ arg: "id", in: "path", name: "id", required: true }] },
      { id: { type: "string" } },
      ["id"],
    );
    const direct = await createServer(org, [item]);
    const search = await createServer(org, [item]);
    await db.update(servers).set({ toolMode: "search" }).where(eq(servers.id, search.id));
    const { token } = await createToken(org, [direct.id, search.id]);
    await deploy(direct.id);
    await deploy(search.id);
    const post = async (slug: string, body: unknown) => (await postMcp(slug, token, body)).text();

    for (const id of ["..", "a/b", "%2F", ""]) {
      expect.soft(await post(direct.slug, toolCall(1, "get_item", { id })), id).toContain("Invalid arguments for tool get_item");
      expect
        .soft(await post(search.slug, toolCall(2, "call_tool", { name: "get_item", arguments: { id } })), id)
        .toContain("Invalid arguments for tool get_item");
    }
    expect(await upstreamReceived(key)).toEqual([]);
    expect(await organizationCalls(org)).toBe(0);

    // The same tools with a value that stays one segment reach the API and count.
    expect(await post(direct.slug, toolCall(3, "get_item", { id: "42" }))).toContain(`/echo/${key}/42`);
    expect(await post(search.slug, toolCall(4, "call_tool", { name: "get_item", arguments: { id: "v1.2" } }))).toContain(
      `/echo/${key}/v1.2`,
    );
    expect(await organizationCalls(org)).toBe(2);
  });
});
