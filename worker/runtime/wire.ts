// What the SDK's 2025-era Streamable HTTP transport accepts, read without it: the gateway uses this
// to know which calls will reach their tool (metering), and the runtime to answer the plainest
// requests (one tools/call or tools/list, JSON in and out) without building a server and transport.

/** Protocol versions the SDK's 2025-era transport accepts in the MCP-Protocol-Version header. */
export const LEGACY_VERSIONS = new Set(["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"]);
export const FIRST_MODERN_VERSION = "2026-07-28";

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
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
  if (typeof m.method === "string")
    return m.params === undefined || isObject(m.params) || Array.isArray(m.params) ? m.id === undefined || isId(m.id) : false;
  return isId(m.id) && ("result" in m || isObject(m.error));
}

/**
 * A tools/call whose arguments the gateway checked against its tool's listed inputSchema and path
 * rules, with the arguments as coerced there (an operation's tool: in search mode, the one call_tool
 * names). Only the gateway hands one over, by RPC: a request over HTTP never carries one.
 */
export type CheckedCall = { tool: string; args: Record<string, unknown> };

/** One plain 2025-era message the runtime may answer itself: its id, and a tools/call's name and arguments or an initialize's asked version. */
export type PlainRequest =
  | { id: string | number; method: "tools/call"; name: string; args: Record<string, unknown>; checked?: CheckedCall }
  | { id: string | number; method: "tools/list" }
  | { id: string | number; method: "initialize"; protocolVersion: string }
  | { id?: undefined; method: "notifications/initialized" };

const onlyKeys = (value: Record<string, unknown>, allowed: string[]) => Object.keys(value).every((key) => allowed.includes(key));
const isOptional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);
const isString = (value: unknown) => typeof value === "string";

/** Client capabilities the SDK's schema surely accepts (roots, sampling, elicitation, experimental as it reads them); anything else is left to it. */
function plainCapabilities(caps: unknown): boolean {
  if (!isObject(caps) || !onlyKeys(caps, ["roots", "sampling", "elicitation", "experimental"])) return false;
  const { roots, sampling, elicitation, experimental } = caps;
  return (
    isOptional(roots, (r) => isObject(r) && onlyKeys(r, ["listChanged"]) && isOptional(r.listChanged, (v) => typeof v === "boolean")) &&
    isOptional(sampling, (s) => isObject(s) && isOptional(s.context, isObject) && isOptional(s.tools, isObject)) &&
    isOptional(
      elicitation,
      (e) =>
        isObject(e) &&
        isOptional(e.url, isObject) &&
        isOptional(e.form, (f) => isObject(f) && isOptional(f.applyDefaults, (v) => typeof v === "boolean")),
    ) &&
    isOptional(experimental, (x) => isObject(x) && Object.values(x).every(isObject))
  );
}

/** initialize's params as the SDK's schema surely accepts them: a version, capabilities (see plainCapabilities) and a name and version for the client. */
function plainInitialize(params: unknown): params is { protocolVersion: string } {
  if (!isObject(params) || !onlyKeys(params, ["protocolVersion", "capabilities", "clientInfo"]) || !isString(params.protocolVersion))
    return false;
  const info = params.clientInfo;
  return (
    plainCapabilities(params.capabilities) &&
    isObject(info) &&
    onlyKeys(info, ["name", "version", "title"]) &&
    isString(info.name) &&
    isString(info.version) &&
    isOptional(info.title, isString)
  );
}

/**
 * The request when it is the plainest kind: a POST the 2025-era transport takes as it is (exact
 * media type, both Accept types, a 2025 protocol version or none), carrying one message (no batch)
 * for tools/call with only a name and arguments, tools/list with no cursor, initialize with the
 * params every client sends (see plainInitialize), or the notification that follows it. Anything
 * else (a `_meta`, a task, a batch, a modern version) is null: the SDK serves it.
 */
export function plainRequest(request: Request, body: unknown): PlainRequest | null {
  if (request.method !== "POST" || !isObject(body) || body.jsonrpc !== "2.0") return null;
  if (!onlyKeys(body, ["jsonrpc", "id", "method", "params"])) return null;
  const version = request.headers.get("mcp-protocol-version");
  if (
    !isJsonType(request.headers.get("content-type")) ||
    !acceptsBoth(request.headers) ||
    (version !== null && !LEGACY_VERSIONS.has(version))
  )
    return null;
  const params = body.params;
  if (body.method === "notifications/initialized" && !("id" in body)) return params === undefined ? { method: body.method } : null;
  if (!isId(body.id)) return null;
  if (body.method === "initialize")
    return plainInitialize(params) ? { id: body.id, method: "initialize", protocolVersion: params.protocolVersion } : null;
  if (body.method === "tools/list")
    return params === undefined || (isObject(params) && Object.keys(params).length === 0) ? { id: body.id, method: "tools/list" } : null;
  if (body.method !== "tools/call" || !isObject(params) || !onlyKeys(params, ["name", "arguments"]) || typeof params.name !== "string")
    return null;
  const args = params.arguments ?? {};
  return isObject(args) ? { id: body.id, method: "tools/call", name: params.name, args } : null;
}

/** The SDK's own bound on a request body it reads (its DEFAULT_MAX_REQUEST_BODY_SIZE, which a test holds this to). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The request the runtime answers itself, without the SDK: a plain request (see plainRequest) whose
 * body was read (a declared length within MAX_BODY_BYTES) and parsed (`parsedBody`; undefined when it is
 * not JSON), and that calls no tool the server does not have (see plainCall). Null: the SDK serves it.
 */
export function answeredPlainly(request: Request, parsedBody: unknown, knownTool: (name: string) => boolean): PlainRequest | null {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  return length <= MAX_BODY_BYTES ? plainCall(request, parsedBody, knownTool) : null;
}

/**
 * A plain request whose body was read and parsed (undefined when it is not JSON) and that calls no
 * tool the server does not have (the SDK answers that error); else null. The gateway asks this of the
 * body it read to hand the request to the server's isolate by RPC, and to start one without the SDK.
 */
export function plainCall(request: Request, parsedBody: unknown, knownTool: (name: string) => boolean): PlainRequest | null {
  if (parsedBody === undefined) return null;
  const plain = plainRequest(request, parsedBody);
  return plain && (plain.method !== "tools/call" || knownTool(plain.name)) ? plain : null;
}

/** The protocol version initialize answers: the one asked for when the 2025-era transport speaks it, else its latest. */
export const negotiatedVersion = (asked: string) => (LEGACY_VERSIONS.has(asked) ? asked : [...LEGACY_VERSIONS][0]);

/** JSON-RPC's code for invalid params: what a call of an unknown tool answers. */
export const INVALID_PARAMS = -32602;

/** A call answered with a JSON-RPC error instead of a result (an unknown tool); the SDK leg throws it as its own ProtocolError. */
export class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Result = { content?: { type: string }[]; structuredContent?: unknown };
const isNonObject = (value: unknown) => typeof value !== "object" || value === null || Array.isArray(value);

/**
 * A tool result as the SDK's 2025-era codec projects it (projectCallToolResult): structured content
 * that is no object gains a text copy when the result has no text, and is wrapped as `{ result }`,
 * as it is when the advertised outputSchema's root is no object.
 */
export function projectResult<T extends Result>(result: T, outputSchema?: { type?: unknown }): T {
  const sc = result.structuredContent;
  if (sc === undefined) return result;
  const valueIsNonObject = isNonObject(sc);
  const withText =
    valueIsNonObject && !(result.content?.some((c) => c.type === "text") ?? false)
      ? { ...result, content: [...(result.content ?? []), { type: "text", text: JSON.stringify(sc) }] }
      : result;
  if (!valueIsNonObject && !(outputSchema !== undefined && outputSchema.type !== "object")) return withText;
  return { ...withText, structuredContent: { result: sc } };
}
