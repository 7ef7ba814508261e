// Tool arguments through the gateway with both SDK clients: a wrong type is a tool result with isError
// naming the argument (not a JSON-RPC error), a losslessly coercible value reaches the API as its type.
import { describe, expect, it } from "vitest";
import {
  bearer,
  connectV1,
  connectV2,
  createOrg,
  createServer,
  createToken,
  deploy,
  echoOf,
  echoTool,
  textOf,
  upstream,
} from "../mcp-setup";

/** A deployed server with one echo tool taking an integer id, a boolean flag and an array of tags. */
async function typedServer() {
  const org = await createOrg("growth");
  const key = crypto.randomUUID();
  const tool = echoTool(
    "get_pet",
    {
      method: "post",
      path: `/counted/${key}`,
      body: {
        contentType: "application/json",
        kind: "json",
        required: true,
        properties: { petId: "petId", verbose: "verbose", tags: "tags", weight: "weight" },
      },
    },
    {
      petId: { type: "integer" },
      verbose: { type: "boolean" },
      tags: { type: "array", items: { type: "integer" } },
      weight: { type: "number" },
    },
    ["petId"],
  );
  const server = await createServer(org, [tool]);
  const { token } = await createToken(org, [server.id]);
  expect((await deploy(server.id)).status).toBe("deployed");
  const hits = async () => ((await (await fetch(`${upstream()}/hits/${key}`)).json()) as { hits: number }).hits;
  return { server, token, hits };
}

const clients = { "SDK v1": connectV1, "SDK v2": connectV2 };

describe.each(Object.entries(clients))("tool arguments with the %s client", (_, connect) => {
  it("answers a wrong type as an isError result naming the argument, without calling the API", async () => {
    const { server, token, hits } = await typedServer();
    const client = await connect(server.slug, bearer(token));
    const result = await client.callTool({ name: "get_pet", arguments: { petId: "abc" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Invalid arguments for tool get_pet: Argument "petId" must be an integer; got the string "abc".');
    const missing = await client.callTool({ name: "get_pet", arguments: { verbose: "maybe" } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('Argument "petId" is required (an integer).');
    expect(textOf(missing)).toContain('Argument "verbose" must be a boolean; got the string "maybe".');
    expect(await hits()).toBe(0);
    await client.close();
  });

  it("coerces numeric strings, true/false and a single value for an array, and the API gets the right types", async () => {
    const { server, token, hits } = await typedServer();
    const client = await connect(server.slug, bearer(token));
    const result = await client.callTool({ name: "get_pet", arguments: { petId: "3", verbose: "true", tags: "7", weight: "2.5" } });
    expect(result.isError).toBeFalsy();
    expect(echoOf(result).body).toEqual({ petId: 3, verbose: true, tags: [7], weight: 2.5 });
    expect(await hits()).toBe(1);
    await client.close();
  });

  it("keeps an unknown tool a protocol error", async () => {
    const { server, token } = await typedServer();
    const client = await connect(server.slug, bearer(token));
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
    await client.close();
  });
});
