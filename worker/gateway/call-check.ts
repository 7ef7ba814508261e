// Which tools/call messages of an MCP request will reach their tool, read from the body the gateway
// parsed once and the deployment's own tool list: only those are metered. Requests the generated
// server refuses (wrong media type, Accept or protocol version, malformed JSON-RPC, notifications,
// unknown tools, arguments its inputSchema refuses, path arguments that would leave their segment) never count.
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
import { checkArguments } from "../runtime/arguments";
import { pathArgumentProblem, requestArguments } from "../runtime/request";
import { CALL_TOOL, innerCall } from "../runtime/search-mode";
import type { ToolTable } from "../runtime/packed";
import type { CheckedCall } from "../runtime/wire";
import type { Bindings } from "../env";
import { toolTableOf, type StoredDeployment } from "../hosting/store";
import { acceptedByTransport, isJsonRpcMessage, isObject } from "../runtime/wire";

/** The generated server's SDK refuses larger batches as a whole. */
const MAX_BATCH_SIZE = 100;

/** Whether a call reaches its tool; `args` (as coerced) when the tool's checks ran and passed. */
type Verdict = { pass: boolean; args?: Record<string, unknown> };
type ArgumentCheck = (args: Record<string, unknown>) => Verdict;
/** Without the deployment's tools, every well-formed call counts (fail closed), and none is marked checked. */
const UNCHECKED: Verdict = { pass: true };
/** The tools/call messages of a request the gateway checked, with the arguments it checked (see CheckedCall). */
export type CheckedCalls = Map<object, CheckedCall>;
/** A deployment's tools with their argument validators, compiled on first use (deployments are immutable). */
export type ToolIndex = {
  /** Its tools, their text read when a call is first checked (search_tools and describe_tool never are); null when the text is not kept. */
  tools: () => Promise<ToolTable | null>;
  staticValues: Record<string, string>;
  searchMode: boolean;
  checks: Map<string, ArgumentCheck | null>;
};

const indexes = new Map<string, ToolIndex>();
const INDEX_LIMIT = 500;
const validator = new CfWorkerJsonSchemaValidator({ shortcircuit: false });

/** The tool index of a deployment, kept for the isolate's life. */
export function toolIndexOf(env: Bindings, deploymentId: string, stored: StoredDeployment): ToolIndex {
  let index = indexes.get(deploymentId);
  if (!index) {
    let table: Promise<ToolTable | null> | null = null;
    // A text not kept (yet: KV is eventually consistent) or not read is asked for again by the next call.
    const forget = () => void (table = null);
    const tools = () =>
      (table ??= toolTableOf(env, deploymentId, stored).then(
        (found) => (found ?? forget(), found),
        (err: unknown) => (forget(), Promise.reject(err)),
      ));
    if (indexes.size >= INDEX_LIMIT) indexes.clear();
    index = { tools, staticValues: stored.packed.staticValues, searchMode: stored.packed.toolMode === "search", checks: new Map() };
    indexes.set(deploymentId, index);
  }
  return index;
}

/** The validator of a tool's listed inputSchema, or null when the deployment has no such tool. */
async function argumentCheck(index: ToolIndex, name: string): Promise<ArgumentCheck | null> {
  if (index.checks.has(name)) return index.checks.get(name)!;
  const table = await index.tools();
  if (!table) return () => UNCHECKED;
  // A tool's entry lists its inputSchema without the static arguments, as the runtime checks it.
  const tool = table.get(name);
  const listed = tool?.inputSchema ?? null;
  const validate = listed ? validator.getValidator(listed as never) : null;
  // The runtime coerces before it validates ("3" → 3) and then checks the path arguments: the same checks decide what is metered.
  const check =
    tool && listed && validate
      ? (args: Record<string, unknown>) => {
          const checked = checkArguments(listed, validate, args);
          const pass =
            checked.ok && pathArgumentProblem(tool.mapping, requestArguments(tool.mapping, checked.args, index.staticValues)) === null;
          return pass ? { pass, args: checked.args } : { pass };
        }
      : null;
  // Only names the deployment has are remembered: a stream of made-up names cannot grow the map.
  if (check) index.checks.set(name, check);
  return check;
}

/**
 * How many tools/call of a POST body (parsed once by the gateway) will call their tool's API, and
 * those whose arguments passed the tool's checks here, with the arguments as coerced (each by its
 * message): the server's isolate, handed one by RPC, does not check them again.
 */
export async function reachingToolCalls(
  headers: Headers,
  parsed: unknown,
  index: ToolIndex | null,
): Promise<{ count: number; checked: CheckedCalls }> {
  const checked: CheckedCalls = new Map();
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const calls = messages.filter((m): m is Record<string, unknown> => isObject(m) && m.method === "tools/call");
  if (calls.length === 0 || !acceptedByTransport(headers)) return { count: 0, checked };
  if (messages.length === 0 || messages.length > MAX_BATCH_SIZE || !messages.every(isJsonRpcMessage)) return { count: 0, checked };
  let count = 0;
  for (const call of calls) {
    if (call.id === undefined) continue; // a notification: nobody waits for it, the server runs nothing
    const params = call.params;
    if (!isObject(params) || typeof params.name !== "string") continue;
    let name = params.name;
    const given = params.arguments ?? {};
    if (!isObject(given)) continue;
    let args = given;
    // In search mode only call_tool reaches the API (search_tools and describe_tool are not metered).
    if (index?.searchMode) {
      const inner = name === CALL_TOOL ? innerCall(args) : null;
      if (!inner) continue;
      [name, args] = [inner.name, inner.args];
    }
    // Without the deployment's tool list (modules missing), every well-formed call counts: fail closed.
    const verdict = index ? (await argumentCheck(index, name))?.(args) : UNCHECKED;
    if (!verdict?.pass) continue;
    count++;
    if (verdict.args) checked.set(call, { tool: name, args: verdict.args });
  }
  return { count, checked };
}
