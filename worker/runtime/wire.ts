// What the SDK's 2025-era Streamable HTTP transport accepts, read without it: the gateway uses this
// to know which calls will reach their tool (metering), and the runtime to answer the plainest
// requests (one tools/call or tools/list, JSON in and out) without building a server and transport.

/** Protocol versions the SDK's 2025-era transport accepts in the MCP-Protocol-Version header. */
export const LEGACY_VERSIONS = new Set(["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"]);
export const FIRST_MODERN_VERSION = "2026-07-28";

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** A JSON-RPC id as the SDK's message schema takes it: a string or an integer. */
export const isId = (id: unknown): id is string | number => typeof id === "string" || (typeof id === "number" && Number.isInteger(id));

const isJsonType = (header: string | null) => (header ?? "").split(";")[0].trim().toLowerCase() === "application/json";
const acceptsBoth = (headers: Headers) => {
  const accept = headers.get("accept") ?? "";
  return accept.includes("application/json") && accept.includes("text/event-stream");
};

/** Whether the generated server's transport takes this POST at all (media type, Accept, protocol version). */
export function acceptedByTransport(headers: Headers): boolean {
  if (!isJsonType(headers.get("content-type"))) return false;
  const version = headers.get("mcp-protocol-version")?.trim();
  if (version && version >= FIRST_MODERN_VERSION) return true;
  return acceptsBoth(headers) && (!version || LEGACY_VERSIONS.has(version));
}

/** A JSON-RPC 2.0 request, notification or response, as the SDK's message schema accepts it. */
export function isJsonRpcMessage(m: unknown): m is Record<string, unknown> {
  if (!isObject(m) || m.jsonrpc !== "2.0") return false;
  if (typeof m.method === "string") return m.params === undefined || isObject(m.params) || Array.isArray(m.params) ? m.id === undefined || isId(m.id) : false;
  return isId(m.id) && ("result" in m || isObject(m.error));
}

/** One plain 2025-era request the runtime may answer itself: its id, and a tools/call's name and arguments. */
export type PlainRequest = { id: string | number; method: "tools/call"; name: string; args: Record<string, unknown> } | { id: string | number; method: "tools/list" };

const onlyKeys = (value: Record<string, unknown>, allowed: string[]) => Object.keys(value).every((key) => allowed.includes(key));

/**
 * The request when it is the plainest kind: a POST the 2025-era transport takes as it is (exact
 * media type, both Accept types, a 2025 protocol version or none), carrying one request (no batch,
 * no notification) for tools/call with only a name and arguments, or tools/list with no cursor.
 * Anything else (a `_meta`, a task, a batch, a modern version) is null: the SDK serves it.
 */
export function plainRequest(request: Request, body: unknown): PlainRequest | null {
  if (request.method !== "POST" || !isObject(body) || body.jsonrpc !== "2.0" || !isId(body.id)) return null;
  if (!onlyKeys(body, ["jsonrpc", "id", "method", "params"])) return null;
  const version = request.headers.get("mcp-protocol-version");
  if (!isJsonType(request.headers.get("content-type")) || !acceptsBoth(request.headers) || (version !== null && !LEGACY_VERSIONS.has(version))) return null;
  const params = body.params;
  if (body.method === "tools/list") return params === undefined || (isObject(params) && Object.keys(params).length === 0) ? { id: body.id, method: "tools/list" } : null;
  if (body.method !== "tools/call" || !isObject(params) || !onlyKeys(params, ["name", "arguments"]) || typeof params.name !== "string") return null;
  const args = params.arguments ?? {};
  return isObject(args) ? { id: body.id, method: "tools/call", name: params.name, args } : null;
}
