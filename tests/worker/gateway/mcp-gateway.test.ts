// A deployed server end to end: SDK clients (v2 and v1) list and call tools through /s/{slug}/mcp.
import { describe, expect, it } from "vitest";
import {
  bearer,
  connectV1,
  connectV2,
  createOrg,
  createServer,
  deploy,
  echoOf,
  echoTool,
  MCP_ORIGIN,
  servedServer,
  textOf,
  workerFetch,
} from "../mcp-setup";

describe("a deployed MCP server", () => {
  it("lists its tools and calls the upstream API with the v2 client", async () => {
    const { server, token, deployment } = await servedServer([
      echoTool(
        "get_pet",
        { path: "/echo/pets/{petId}", parameters: [{ arg: "petId", in: "path", name: "petId", required: true }] },
        { petId: { type: "string", description: "Pet id" } },
        ["petId"],
      ),
    ]);
    expect(deployment).toMatchObject({ status: "deployed", error: null, deploymentUrl: `http://localhost/s/${server.slug}` });

    const client = await connectV2(server.slug, bearer(token));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["get_pet"]);
    // Reserved characters are encoded into the one segment (a '/' is refused: security-gateway-paths.test.ts).
    const result = await client.callTool({ name: "get_pet", arguments: { petId: "a b?c#d" } });
    expect(result.isError).toBeFalsy();
    expect(echoOf(result)).toMatchObject({ method: "GET", path: "/echo/pets/a%20b%3Fc%23d" });
    await client.close();
  });

  it("serves the v1 client too", async () => {
    const { server, token } = await servedServer([echoTool("ping_api", {})]);
    const client = await connectV1(server.slug, bearer(token));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["ping_api"]);
    const result = await client.callTool({ name: "ping_api", arguments: {} });
    expect(echoOf(result).path).toBe("/echo/ping_api");
    expect(textOf(result)).toContain('"method":"GET"');
    await client.close();
  });
});

describe("a deployed server's root info", () => {
  const info = async (slug: string) =>
    (await workerFetch(`${MCP_ORIGIN}/s/${slug}`, { headers: { accept: "application/json" } })).json() as Promise<Record<string, any>>;

  it("lists a public server's tools as deployed, and only counts a private server's", async () => {
    const org = await createOrg();
    const tools = [echoTool("first_tool", {}), { ...echoTool("second_tool", {}), description: "The second one" }];
    const open = await createServer(org, tools, { exposeToPublic: true });
    const closed = await createServer(org, tools);
    await deploy(open.id);
    await deploy(closed.id);
    expect(await info(open.slug)).toMatchObject({
      deployed: true,
      toolCount: 2,
      tools: [
        { name: "first_tool", description: "Calls GET /echo/first_tool" },
        { name: "second_tool", description: "The second one" },
      ],
    });
    const hidden = await info(closed.slug);
    expect(hidden).toMatchObject({ deployed: true, toolCount: 2 });
    expect(hidden.tools).toBeUndefined();
  });
});
