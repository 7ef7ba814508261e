// The fixed runtime of every generated MCP server: a stateless MCP handler (Streamable HTTP) whose
// tools come from the config module and call the upstream API. Bundled once by scripts/build-mcp-runtime.mjs.
// The plainest requests (see wire.ts) are answered here; the SDK (sdk-leg.ts) is imported for the rest.
// What only some requests need is imported when one first does (the bundle's chunks): the SDK, the
// JSON Schema validator (tools/call) and search mode's ranking, so a new isolate compiles little.
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
import { redactText } from "../lib/redact";
import { answerFromError, answerFromResponse, pagingHint, type OutputCheck } from "./answer";
import { checkArguments, type ArgumentCheck } from "./arguments";
import { upstreamAuth } from "./auth";
import { egressFetch, setEgressRule } from "./egress";
import type { searchAnswers } from "./search-answers";
import { CALL_TOOL, DESCRIBE_TOOL, innerCall, SEARCH_MODE_NAMES, SEARCH_TOOL } from "./search-mode";
import { ToolTable, type PackedConfig, type RuntimeTool } from "./packed";
import { buildUpstreamRequest, pathArgumentProblem, requestArguments } from "./request";
import { recordCall, recordUnknownTool, reportOf, startReport, withReport, type CallReport, type UpstreamTrace } from "./report";
import type { Projection, SdkLeg, Served } from "./sdk-leg";
import type { RuntimeConfig, RuntimeEnv, SemanticSource, UpstreamCredentials } from "./types";
import { answeredPlainly, CallError, INVALID_PARAMS, MAX_BODY_BYTES, negotiatedVersion, projectResult, type PlainRequest } from "./wire";
export { MAX_BODY_BYTES };

/** A server's settings: its config without the tools. */
type Settings = Omit<RuntimeConfig, "tools">;
/** A tool with its argument check and (when it declares an outputSchema) its answer check, made when it is first called. */
type Compiled = { tool: RuntimeTool; validate: OutputCheck; checkOutput?: OutputCheck };

/** The URL a result may show the MCP client: an API key placed in the query stays with the server. */
function withoutParams(url: string, names: string[]) {
  if (names.length === 0) return url;
  const shown = new URL(url);
  for (const name of names) shown.searchParams.delete(name);
  return shown.href;
}

/** Whether an outputSchema is the `{ result: [...] }` form the import gives a documented list answer. */
const isArrayWrapper = (schema: RuntimeTool["inputSchema"]) =>
  Object.keys(schema.properties ?? {}).join() === "result" &&
  schema.required?.join() === "result" &&
  [schema.properties.result?.type].flat().includes("array");

const isTimeout = (err: unknown) => (err as Error)?.name === "TimeoutError" || (err as Error)?.name === "AbortError";

/** Calls the upstream API for one validated tool call; `checkOutput` when the tool declares an outputSchema; `trace` learns the upstream status and time. */
export async function callTool(
  config: Settings,
  tool: RuntimeTool,
  args: Record<string, unknown>,
  creds: UpstreamCredentials,
  incoming?: Headers,
  checkOutput?: OutputCheck,
  trace: UpstreamTrace = {},
): Promise<CallToolResult> {
  let request: Request;
  let credentialParams: string[];
  try {
    const auth = await upstreamAuth(config.auth, creds, incoming, config.upstreamTimeoutMs);
    credentialParams = auth.query.map(([name]) => name);
    request = buildUpstreamRequest(config.baseUrl, tool.mapping, requestArguments(tool.mapping, args, config.staticValues), auth);
  } catch (err) {
    [trace.timedOut, trace.failed] = [isTimeout(err), !isTimeout(err)];
    return answerFromError(err, config.upstreamTimeoutMs);
  }
  const started = Date.now();
  try {
    const res = await egressFetch(request, AbortSignal.timeout(config.upstreamTimeoutMs));
    trace.status = res.status;
    const hint = pagingHint(Object.keys(tool.inputSchema.properties ?? {}));
    const answer = await answerFromResponse(res, withoutParams(request.url, credentialParams), config.maxResponseBytes, checkOutput, hint);
    trace.ms = Date.now() - started;
    return answer;
  } catch (err) {
    trace.ms = Date.now() - started;
    [trace.timedOut, trace.failed] = [isTimeout(err), !isTimeout(err)];
    return answerFromError(err, config.upstreamTimeoutMs, new URL(request.url).host);
  }
}

export type RuntimeOptions = { fastPath?: boolean };

/** What a server hands back for a plain request (see wire.ts's answeredPlainly): its JSON, none for an accepted notification (202). */
export type PlainAnswer = { status: 200 | 202; body: string | null };
/** A plain request's answer over RPC, with the report of the calls it ran (see report.ts). */
export type ReportedAnswer = PlainAnswer & { report: CallReport[] };

/**
 * The Worker of one deployed server (see packed.ts): under the Worker Loader its main module is
 * `export default servePacked(config)`, which reads its tools text from env.TOOLS when a request first
 * needs it; uploaded to Cloudflare's dispatch namespace, `servePacked(config, tools)` with the text
 * imported as a module. Its main module's entrypoint offers `fetch` for any MCP request and `answer`
 * for a plain one the gateway has already read and parsed (RPC: no second Request, body or parse).
 */
export function servePacked(config: PackedConfig, text: string | null = null, { fastPath = true }: RuntimeOptions = {}) {
  const table = new ToolTable(config, text);
  const calls = toolCalls(config, table);
  let sdk: Promise<SdkLeg> | null = null;
  const sdkLeg = () => (sdk ??= import("./sdk-leg").then((m) => m.sdkLeg(config, () => table.listingJson, calls.answer)));
  const { serve, answerPlain } = requestServer(config, table, calls, sdkLeg, fastPath);
  return {
    async fetch(request: Request, env: RuntimeEnv, ctx?: WaitUntil): Promise<Response> {
      // The calls this request runs are reported back to the gateway in a header (see report.ts).
      const report = startReport(request);
      return withReport(await serve(request, env, ctx), report);
    },
    /** A plain request (the gateway checked it with answeredPlainly) and the caller's passthrough credential headers. */
    async answer(plain: PlainRequest, headers: Record<string, string>, env: RuntimeEnv, ctx?: WaitUntil): Promise<ReportedAnswer> {
      const report: CallReport[] = [];
      const answer = await answerPlain(plain, { report, headers: new Headers(headers) }, env, ctx);
      return { ...answer, report };
    },
  };
}

type ToolCalls = ReturnType<typeof toolCalls>;
type WaitUntil = { waitUntil(promise: Promise<unknown>): void };

/** search_tools and describe_tool of a search-mode server, from search-answers.ts (imported when first asked for). */
function searchModeReads(table: ToolTable, semantic: () => SemanticSource | undefined) {
  let searching: Promise<ReturnType<typeof searchAnswers>> | null = null;
  // The search part is asked for while the module that ranks loads, and the kept vectors as soon as it
  // has. Each caller waits for every read: a read left to a request that has ended would never settle for the next one.
  const answers = async () => {
    const ranking = (searching ??= import("./search-answers").then((m) =>
      m.searchAnswers(table.count, () => table.searchPart(), semantic),
    ));
    const [m] = await Promise.all([ranking, table.searchPart().catch(() => null), ranking.then((m) => m.readVectors())]);
    return m;
  };
  return {
    async search(args: Record<string, unknown>) {
      return (await answers()).search(args);
    },
    /** Loads the search index ahead of the first search; a failure is left to that search, which tries again. */
    async prepare() {
      try {
        await (await answers()).prepare();
      } catch {}
    },
    async describe(args: Record<string, unknown>) {
      const [m, tool] = await Promise.all([
        import("./search-answers"),
        typeof args.name === "string" ? table.read(args.name) : Promise.resolve(undefined),
      ]);
      return m.describeAnswer(tool, args.name);
    },
  };
}
const unknownToolMessage = (name: string) => `Unknown tool: ${name}. Call tools/list to see the tools of this server.`;

/** A call's arguments checked (coerced, validated, path arguments kept in their segment): the coerced arguments, or the problem. */
function checkedArguments(config: Settings, entry: Compiled, args: Record<string, unknown>, served: Served): ArgumentCheck {
  // The gateway ran these very checks on this call (the same runtime code) and handed it over by RPC.
  if (served.checked?.tool === entry.tool.name) return { ok: true, args: served.checked.args };
  const check = checkArguments(entry.tool.inputSchema, entry.validate, args);
  if (!check.ok) return check;
  const problem = pathArgumentProblem(entry.tool.mapping, requestArguments(entry.tool.mapping, check.args, config.staticValues));
  return problem === null ? check : { ok: false, message: problem };
}

/** A server's tools/call: each tool's checks compiled on its first call, its arguments checked, the upstream called and the call reported. */
function toolCalls(config: PackedConfig, table: ToolTable) {
  let validating: Promise<CfWorkerJsonSchemaValidator> | null = null;
  const validatorOf = () =>
    (validating ??= import("@modelcontextprotocol/server/validators/cf-worker").then(
      (m) => new m.CfWorkerJsonSchemaValidator({ shortcircuit: false }),
    ));
  const compiled = new Map<string, Compiled>();
  let credentials: UpstreamCredentials = {};
  let semantic: SemanticSource | undefined;
  /** The named tool, its checks compiled on first use; undefined for an unknown name. */
  async function compiledOf(name: string): Promise<Compiled | undefined> {
    let entry = compiled.get(name);
    if (entry) return entry;
    if (!table.has(name)) return undefined;
    const [tool, validator] = await Promise.all([table.read(name), validatorOf()]);
    if (!tool) return undefined;
    const output = tool.outputSchema;
    const checkOutput = output
      ? Object.assign(validator.getValidator(output as never), { wrapsArrays: isArrayWrapper(output) })
      : undefined;
    entry = { tool, validate: validator.getValidator(tool.inputSchema as never), checkOutput };
    compiled.set(name, entry);
    return entry;
  }
  // Search mode lists three tools instead; the operations stay callable through call_tool.
  const searchMode = config.toolMode === "search";
  const reads = searchModeReads(table, () => semantic);

  const reported = (served: Served, tool: string, result: CallToolResult, trace: UpstreamTrace, invalid = false) => {
    recordCall(served.report, served.id, tool, result, trace, invalid);
    return result;
  };
  const unknownTool = (served: Served, name: string, message: string) => {
    recordUnknownTool(served.report, served.id, name, message);
    return message;
  };

  /** A checked call of one operation's tool: isError naming the arguments when they do not fit. */
  async function callChecked(entry: Compiled, args: Record<string, unknown>, served: Served): Promise<CallToolResult> {
    const check = checkedArguments(config, entry, args, served);
    // Bad arguments are a tool result the model sees and can fix (MCP 2025-11-25, SEP-1303), not a protocol error.
    if (!check.ok)
      return reported(
        served,
        entry.tool.name,
        { content: [{ type: "text", text: `Invalid arguments for tool ${entry.tool.name}: ${check.message}` }], isError: true },
        {},
        true,
      );
    const trace: UpstreamTrace = {};
    return reported(
      served,
      entry.tool.name,
      await callTool(config, entry.tool, check.args, credentials, served.headers, entry.checkOutput, trace),
      trace,
    );
  }

  /** tools/call of a search-mode server. */
  async function callSearchMode(name: string, args: Record<string, unknown>, served: Served): Promise<CallToolResult> {
    if (name === SEARCH_TOOL) return reported(served, name, await reads.search(args), {});
    if (name === DESCRIBE_TOOL) return reported(served, name, await reads.describe(args), {});
    if (name !== CALL_TOOL) throw new CallError(INVALID_PARAMS, unknownTool(served, name, unknownToolMessage(name)));
    const inner = innerCall(args);
    if (!inner)
      return reported(
        served,
        name,
        {
          content: [
            { type: "text", text: 'Invalid arguments for tool call_tool: Argument "name" must be a string and "arguments" an object.' },
          ],
          isError: true,
        },
        {},
        true,
      );
    const entry = await compiledOf(inner.name);
    if (!entry)
      return {
        content: [
          {
            type: "text",
            text: unknownTool(served, inner.name, `No tool named ${JSON.stringify(inner.name)}. Use search_tools to find tool names.`),
          },
        ],
        isError: true,
      };
    return callChecked(entry, inner.args, served);
  }

  return {
    /** Reads the isolate's env before its first call: upstream credentials, and where search mode reads its tool vectors and has a request embedded (env.TOOLS). */
    useEnv(env: RuntimeEnv) {
      credentials = env.UPSTREAM_CREDENTIALS ? (JSON.parse(env.UPSTREAM_CREDENTIALS) as UpstreamCredentials) : {};
      semantic = env.TOOLS;
    },
    /** A search-mode server loads its search index once a client has initialized, ahead of its first search. */
    prepare: () => (searchMode ? reads.prepare() : null),
    /** The tools that tools/call knows by this name (a protocol error names an unknown one). */
    knownTool: (name: string) => (searchMode ? SEARCH_MODE_NAMES.has(name) : table.has(name)),
    /** One tools/call, its result projected as the 2025-era codec does (`project`); a CallError for an unknown tool. */
    async answer(name: string, args: Record<string, unknown>, served: Served, project: Projection): Promise<CallToolResult> {
      if (searchMode) return callSearchMode(name, args, served);
      const entry = await compiledOf(name);
      if (!entry) throw new CallError(INVALID_PARAMS, unknownTool(served, name, unknownToolMessage(name)));
      return project(await callChecked(entry, args, served), entry.tool.outputSchema);
    },
  };
}

/** Where a plain request's calls are reported, and the headers a passthrough credential is read from. */
type PlainFacts = { report?: CallReport[]; headers?: Headers };

/**
 * A plain request (see plainRequest) answered without the SDK: what its legacy leg does for it, one
 * step each. initialize answers the server's settings, the notification that follows it is accepted,
 * tools/call runs the same handler and projection, and tools/list writes out the answer packed at
 * deploy with this request's id. A test holds both legs to the same answers.
 */
async function plainAnswer(
  config: PackedConfig,
  table: ToolTable,
  calls: ToolCalls,
  plain: PlainRequest,
  facts: PlainFacts,
): Promise<PlainAnswer> {
  if (plain.method === "notifications/initialized") return { status: 202, body: null };
  const id = JSON.stringify(plain.id);
  if (plain.method === "tools/list") return { status: 200, body: `{"result":${table.listingJson},"jsonrpc":"2.0","id":${id}}` };
  if (plain.method === "initialize") {
    const result = {
      protocolVersion: negotiatedVersion(plain.protocolVersion),
      capabilities: { tools: {} },
      serverInfo: { name: config.name, version: config.version },
      ...(config.description ? { instructions: config.description } : {}),
    };
    return { status: 200, body: `{"result":${JSON.stringify(result)},"jsonrpc":"2.0","id":${id}}` };
  }
  try {
    const result = await calls.answer(plain.name, plain.args, { ...facts, id: plain.id, checked: plain.checked }, projectResult);
    return { status: 200, body: JSON.stringify({ result, jsonrpc: "2.0", id: plain.id }) };
  } catch (error) {
    // As the SDK answers a handler that throws: a JSON-RPC error with the error's code and message.
    console.error("MCP request failed", redactText(String((error as Error)?.stack ?? error)));
    const code = error instanceof CallError ? error.code : -32603;
    const message = (error as Error)?.message ?? "Internal error";
    return { status: 200, body: JSON.stringify({ jsonrpc: "2.0", id: plain.id, error: { code, message } }) };
  }
}

/** Whether a request reads the whole tools text: only a direct-mode list does (a call reads its one tool, a search the search part). */
const readsWholeText = (config: PackedConfig, plain: PlainRequest | null) =>
  config.toolMode !== "search" && (!plain || plain.method === "tools/list");

/** One request: the body read and parsed once, then answered here when plain, else by the SDK's legacy or modern leg. */
function requestServer(config: PackedConfig, table: ToolTable, calls: ToolCalls, sdk: () => Promise<SdkLeg>, fastPath: boolean) {
  let envRead = false;
  /** Reads the isolate's env once, before its first request. */
  const useEnv = (env: RuntimeEnv) => {
    if (envRead) return;
    calls.useEnv(env);
    table.readFrom(env.TOOLS);
    setEgressRule(config.allowedHosts, env);
    envRead = true;
  };
  /** The whole tools text, read from env.TOOLS before the first request that lists every tool. */
  const toolsRead = (env: RuntimeEnv) =>
    table.load(() => {
      if (!env.TOOLS) throw new Error("This server's tools text is neither imported nor reachable (env.TOOLS)");
      return env.TOOLS.text();
    });
  async function answerPlain(plain: PlainRequest, facts: PlainFacts, env: RuntimeEnv, ctx?: WaitUntil): Promise<PlainAnswer> {
    useEnv(env);
    if (readsWholeText(config, plain)) await toolsRead(env);
    if (plain.method === "initialize") {
      const preparing = calls.prepare();
      if (preparing) ctx?.waitUntil(preparing);
    }
    return plainAnswer(config, table, calls, plain, facts);
  }
  async function serve(request: Request, env: RuntimeEnv, ctx?: WaitUntil): Promise<Response> {
    useEnv(env);
    // A body of unknown or excessive length is left to the SDK, which reads it within its bound.
    const length = Number(request.headers.get("content-length") ?? Number.NaN);
    if (request.method !== "POST" || !(length <= MAX_BODY_BYTES)) {
      if (readsWholeText(config, null)) await toolsRead(env);
      return (await sdk()).unread(request);
    }
    const text = await request.text();
    let parsedBody: unknown;
    try {
      parsedBody = text ? JSON.parse(text) : undefined;
    } catch {}
    if (parsedBody === undefined) {
      if (readsWholeText(config, null)) await toolsRead(env);
      return (await sdk()).unread(
        new Request(request.url, { method: "POST", headers: request.headers, body: text, signal: request.signal }),
      );
    }
    // A plain request names a 2025 protocol version (or none) and carries no envelope: the SDK's
    // classification would call it legacy, so it is answered without one.
    const plain = fastPath ? answeredPlainly(request, parsedBody, calls.knownTool) : null;
    if (plain) {
      const { status, body } = await answerPlain(plain, { report: reportOf(request), headers: request.headers }, env, ctx);
      return new Response(body, body === null ? { status } : { status, headers: { "content-type": "application/json" } });
    }
    if (readsWholeText(config, null)) await toolsRead(env);
    return (await sdk()).parsed(request, parsedBody);
  }
  return { serve, answerPlain };
}
