// JSON-RPC error answers of the MCP gateway, and reading which methods a request carries.

/** Error codes of the gateway (the -32000…-32099 range is for implementation-defined errors). */
export const GatewayError = {
  Unauthorized: -32001,
  ServerNotFound: -32004,
  NotDeployed: -32005,
  ServerPaused: -32010,
  Forbidden: -32003,
} as const;

type Id = string | number | null;

/** A JSON-RPC error response with the given HTTP status and headers. */
export function rpcError(status: number, code: number, message: string, id: Id = null, headers: HeadersInit = {}) {
  return Response.json({ jsonrpc: "2.0", id, error: { code, message } }, { status, headers });
}

type Message = { jsonrpc?: string; id?: Id; method?: string };

/** The JSON of a request body, or undefined when it does not parse. */
export function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The JSON-RPC messages of a parsed body (one or a batch); [] when it is not JSON. */
export function messagesOf(parsed: unknown): Message[] {
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.filter((m): m is Message => typeof m === "object" && m !== null);
}
