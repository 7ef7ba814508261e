// The fixed runtime of every generated MCP server: a stateless MCP handler (Streamable HTTP) whose
// tools come from the config module and call the upstream API. Bundled once by scripts/build-mcp-runtime.mjs.
import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from "@modelcontextprotocol/server";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
import { answerFromError, answerFromResponse } from "./answer";
import { upstreamAuth } from "./auth";
import { buildUpstreamRequest } from "./request";
import type { RuntimeConfig, RuntimeEnv, UpstreamCredentials } from "./types";

type Tool = RuntimeConfig["tools"][number];
type Compiled = { tool: Tool; listed: Tool["inputSchema"]; validate: (input: unknown) => { valid: boolean; errorMessage?: string } };

/** The inputSchema a client sees: static arguments are filled in by the server, so they are removed. */
export function listedSchema(schema: Tool["inputSchema"], staticValues: Record<string, string>): Tool["inputSchema"] {
  const names = Object.keys(staticValues);
  if (names.length === 0) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => !names.includes(k)));
  const required = (schema.required ?? []).filter((k) => !names.includes(k));
  return { ...schema, properties, ...(schema.required ? { required } : {}) };
}

/** The URL a result may show the MCP client: an API key placed in the query stays with the server. */
function withoutParams(url: string, names: string[]) {
  if (names.length === 0) return url;
  const shown = new URL(url);
  for (const name of names) shown.searchParams.delete(name);
  return shown.href;
}

/** Calls the upstream API for one validated tool call. */
export async function callTool(config: RuntimeConfig, tool: Tool, args: Record<string, unknown>, creds: UpstreamCredentials, incoming?: Headers): Promise<CallToolResult> {
  let request: Request;
  let credentialParams: string[];
  try {
    const auth = await upstreamAuth(config.auth, creds, incoming, config.upstreamTimeoutMs);
    credentialParams = auth.query.map(([name]) => name);
    request = buildUpstreamRequest(config.baseUrl, tool.mapping, { ...args, ...config.staticValues }, auth);
  } catch (err) {
    return answerFromError(err, config.upstreamTimeoutMs);
  }
  try {
    const res = await fetch(request, { signal: AbortSignal.timeout(config.upstreamTimeoutMs) });
    return await answerFromResponse(res, withoutParams(request.url, credentialParams), config.maxTextChars);
  } catch (err) {
    return answerFromError(err, config.upstreamTimeoutMs);
  }
}

/** The Worker of one generated server: `export default createRuntime(config)`. */
export function createRuntime(config: RuntimeConfig) {
  const validator = new CfWorkerJsonSchemaValidator({ shortcircuit: false });
  const tools = new Map<string, Compiled>(
    config.tools.map((tool) => {
      const listed = listedSchema(tool.inputSchema, config.staticValues);
      return [tool.name, { tool, listed, validate: validator.getValidator(listed as never) }];
    }),
  );
  const listing = [...tools.values()].map(({ tool, listed }) => ({
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: listed,
  }));
  let credentials: UpstreamCredentials | null = null;

  const handler = createMcpHandler(({ requestInfo }) => {
    // The low-level Server lets us list raw JSON Schemas and answer bad arguments as JSON-RPC errors.
    const server = new Server({ name: config.name, version: config.version }, { capabilities: { tools: {} }, instructions: config.description || undefined });
    server.setRequestHandler("tools/list", () => ({ tools: listing }) as never);
    server.setRequestHandler("tools/call", async (request) => {
      const { name, arguments: args = {} } = request.params;
      const entry = tools.get(name);
      if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}. Call tools/list to see the tools of this server.`);
      const check = entry.validate(args);
      if (!check.valid) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for tool ${name}: ${check.errorMessage}`);
      const result = await callTool(config, entry.tool, args, credentials ?? {}, requestInfo?.headers);
      return server.projectCallToolResult(result, undefined);
    });
    return server;
  });

  return {
    fetch(request: Request, env: RuntimeEnv): Promise<Response> {
      credentials ??= env.UPSTREAM_CREDENTIALS ? (JSON.parse(env.UPSTREAM_CREDENTIALS) as UpstreamCredentials) : {};
      return handler.fetch(request);
    },
  };
}
