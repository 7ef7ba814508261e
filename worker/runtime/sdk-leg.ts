// The SDK's leg of a generated server: every request the runtime does not answer itself (see
// wire.ts's plainRequest) is served by the SDK's stateless handler. The runtime imports this module
// only when such a request comes, so a new isolate that meets only plain requests never evaluates
// the SDK and its schemas (most of the runtime bundle's start-up time).
import {
  createMcpHandler,
  isLegacyRequest,
  ProtocolError,
  Server,
  WebStandardStreamableHTTPServerTransport,
  type CallToolResult,
  type McpServerFactory,
} from "@modelcontextprotocol/server";
import { redactText } from "../lib/redact";
import { reportOf, type CallReport } from "./report";
import type { RuntimeConfig } from "./types";
import { CallError, type CheckedCall } from "./wire";

/** The call being served, for the report the gateway reads (see report.ts); `checked` only when the gateway handed it over by RPC. */
export type Served = { report?: CallReport[]; id: CallReport["id"]; headers?: Headers; checked?: CheckedCall };
/** How a tool's result is projected for the client (the SDK codec's projectCallToolResult here). */
export type Projection = (result: CallToolResult, outputSchema?: Record<string, unknown>) => CallToolResult;
/** One tools/call of the server: its result, or a CallError (an unknown tool). */
export type AnswerCall = (name: string, args: Record<string, unknown>, served: Served, project: Projection) => Promise<CallToolResult>;

/** The SDK leg of one server: its settings, its stored tools/list result (JSON) and its tools/call. */
export function sdkLeg(config: Pick<RuntimeConfig, "name" | "version" | "description">, listingJson: () => string, answerCall: AnswerCall) {
  /** The tools/list result as the SDK hands it out, parsed from the stored answer when first asked for. */
  let listed: unknown = null;
  const factory: McpServerFactory = ({ requestInfo }) => {
    // The low-level Server lets us list raw JSON Schemas and check (and coerce) arguments ourselves.
    const server = new Server(
      { name: config.name, version: config.version },
      { capabilities: { tools: {} }, instructions: config.description || undefined },
    );
    const report = reportOf(requestInfo);
    const project: Projection = (result, schema) => server.projectCallToolResult(result, schema) as CallToolResult;
    server.setRequestHandler("tools/list", () => (listed ??= JSON.parse(listingJson())) as never);
    server.setRequestHandler("tools/call", async (request, ctx) => {
      const { name, arguments: args = {} } = request.params;
      try {
        return (await answerCall(name, args, { report, id: ctx.mcpReq.id, headers: requestInfo?.headers }, project)) as never;
      } catch (error) {
        throw error instanceof CallError ? new ProtocolError(error.code, error.message) : error;
      }
    });
    return server;
  };
  const handler = createMcpHandler(factory);

  /**
   * A 2025-era POST, served as the SDK's stateless leg serves it (a fresh server and transport per
   * request) but answered as one JSON body instead of an SSE stream: the stream's extra round trips
   * between isolates were most of the generated server's own latency.
   */
  async function legacyJson(request: Request, parsedBody: unknown): Promise<Response> {
    const server = factory({ era: "legacy", requestInfo: request }) as Server;
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request, { parsedBody });
    } catch (error) {
      console.error("MCP request failed", redactText(String((error as Error)?.stack ?? error)));
      const id = (parsedBody as { id?: unknown } | null)?.id;
      return Response.json(
        {
          jsonrpc: "2.0",
          id: typeof id === "string" || typeof id === "number" ? id : null,
          error: { code: -32603, message: "Internal server error" },
        },
        { status: 500 },
      );
    } finally {
      transport.close().catch(() => {});
      server.close().catch(() => {});
    }
  }

  return {
    /** A request the SDK reads itself (not a POST, a body of unknown size, or one that is not JSON). */
    unread: (request: Request) => handler.fetch(request),
    /** A POST whose body was parsed: the 2025-era leg (as JSON) or the modern one. */
    async parsed(request: Request, parsedBody: unknown): Promise<Response> {
      if (!(await isLegacyRequest(request, parsedBody))) return handler.fetch(request, { parsedBody });
      return legacyJson(request, parsedBody);
    },
  };
}

export type SdkLeg = ReturnType<typeof sdkLeg>;
