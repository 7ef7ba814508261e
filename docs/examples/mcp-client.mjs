// Connect to a Toolport MCP server with the official MCP TypeScript SDK, list its tools and call one.
// Run: MCP_URL=https://toolport.example.com/s/petstore/mcp TOOLPORT_TOKEN=tp_... node mcp-client.mjs
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

/** A connected client; `fetch` is optional (any fetch-compatible function). */
export async function connect(mcpUrl, token, fetch) {
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    ...(fetch ? { fetch } : {}),
  });
  const client = new Client({ name: "my-app", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

if (import.meta.main) {
  const client = await connect(process.env.MCP_URL, process.env.TOOLPORT_TOKEN);
  const { tools } = await client.listTools();
  for (const tool of tools) console.log(`${tool.name}: ${tool.description}`);
  const result = await client.callTool({ name: tools[0].name, arguments: {} });
  console.log(result.content);
  await client.close();
}
