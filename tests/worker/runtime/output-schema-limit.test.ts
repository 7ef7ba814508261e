// How many output schemas a direct-mode list declares: clients such as the official SDK compile every
// one when they connect, so a server with more than MAX_LISTED_OUTPUT_SCHEMAS tools that document
// their answers declares none (and answers as text), and search mode, whose list is three tools, keeps them.
import { describe, expect, it } from "vitest";
import { MAX_LISTED_OUTPUT_SCHEMAS } from "../../../worker/runtime/listing";
import { eq } from "drizzle-orm";
import { servers } from "../../../worker/db/schema";
import { bearer, connectV1, createOrg, createServer, createToken, db, deploy, echoTool, textOf } from "../mcp-setup";

const answer = { type: "object", properties: { method: { type: ["string", "null"] }, path: { type: ["string", "null"] } } } as const;
const documented = (count: number) => Array.from({ length: count }, (_, i) => ({ ...echoTool(`echo_${i}`, {}), outputSchema: answer }));

async function deployed(count: number, toolMode: "direct" | "search" = "direct") {
  const org = await createOrg("growth");
  const server = await createServer(org, documented(count));
  if (toolMode === "search") await db.update(servers).set({ toolMode }).where(eq(servers.id, server.id));
  const { token } = await createToken(org, [server.id]);
  expect((await deploy(server.id)).status).toBe("deployed");
  return connectV1(server.slug, bearer(token));
}

describe("output schemas in a direct-mode list", () => {
  it(`declares them up to ${MAX_LISTED_OUTPUT_SCHEMAS} tools, and answers those calls with structuredContent`, async () => {
    const client = await deployed(MAX_LISTED_OUTPUT_SCHEMAS);
    const { tools } = await client.listTools();
    expect(tools.filter((t) => t.outputSchema)).toHaveLength(MAX_LISTED_OUTPUT_SCHEMAS);
    const result = await client.callTool({ name: "echo_7", arguments: {} });
    expect(result.structuredContent).toMatchObject({ method: "GET", path: "/echo/echo_7" });
    await client.close();
  });

  it("declares none past that, and answers the same call as text only", async () => {
    const client = await deployed(MAX_LISTED_OUTPUT_SCHEMAS + 1);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(MAX_LISTED_OUTPUT_SCHEMAS + 1);
    expect(tools.filter((t) => t.outputSchema)).toEqual([]);
    const result = await client.callTool({ name: "echo_7", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse(textOf(result))).toMatchObject({ method: "GET", path: "/echo/echo_7" });
    await client.close();
  });

  it("keeps them in search mode, whose call_tool checks the answer and gives it as structuredContent", async () => {
    const client = await deployed(MAX_LISTED_OUTPUT_SCHEMAS + 1, "search");
    const result = await client.callTool({ name: "call_tool", arguments: { name: "echo_7", arguments: {} } });
    expect(result.structuredContent).toMatchObject({ method: "GET", path: "/echo/echo_7" });
    expect(JSON.parse(textOf(result))).toMatchObject({ method: "GET", path: "/echo/echo_7" });
    await client.close();
  });
});
