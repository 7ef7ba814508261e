// Hosting provider "loader": the Worker Loader binding runs each generated server in its own
// isolate, cached by deployment id, on the runtime it was deployed with, with outbound fetches
// limited to the API's host.
import { exports } from "cloudflare:workers";
import { isLocalDev, type Bindings } from "../env";
import { GatewayError, rpcError } from "../gateway/jsonrpc";
import { MAIN_MODULE, MAIN_SOURCE, runtimeModules } from "../deploy/generate";
import { RUNTIME_HASH, RUNTIME_SDK_MODULES } from "../deploy/runtime-bundle";
import { SEARCH_MODE_NAMES } from "../runtime/search-mode";
import type { ReportedAnswer } from "../runtime/index";
import { readReport } from "../runtime/report";
import { PASSTHROUGH_API_KEY_HEADER, PASSTHROUGH_AUTHORIZATION_HEADER } from "../runtime/types";
import { plainCall, type PlainRequest } from "../runtime/wire";
import { deployedRuntime, loadStoredDeployment, markRedeployNeeded, REDEPLOY_NEEDED_MESSAGE, type StoredDeployment } from "./store";

/** The current runtime without the modules only the SDK's leg imports. */
const leanRuntime = (runtime: Record<string, string>) =>
  Object.fromEntries(Object.entries(runtime).filter(([name]) => !RUNTIME_SDK_MODULES.includes(name)));
import { scriptNameOf, type HostingProvider, type McpCall, type ServedDeployment } from "./types";

export const GENERATED_COMPATIBILITY_DATE = "2026-10-20";
/** A generated server's fetch() to a host of the portal's own zone goes through Cloudflare's front door, not to the zone's origin. */
export const GENERATED_COMPATIBILITY_FLAGS = ["global_fetch_strictly_public"];

/**
 * The Worker Loader's name of a deployment's isolate, one per Worker that loads it. `npm run dev` runs
 * the gateway and the portal Worker in one workerd, whose inspector registers every loaded isolate
 * process-wide as `<binding>:<name>`; both bind LOADER, so one name loaded by both (a custom hostname is
 * served by the portal, /s/{slug}/mcp by the gateway) failed the second load ("inserted row already
 * exists in table"). The gateway is the Worker with the PORTAL binding.
 */
export function isolateNameOf(env: Bindings, deployment: Pick<ServedDeployment, "deploymentId" | "secretsTag">, lean = false) {
  return `${"PORTAL" in env ? "gateway" : "portal"}:${deployment.deploymentId}:${deployment.secretsTag}${lean ? ":lean" : ""}`;
}

/** A deployment's search-mode names or tool names, per stored config (deployments are immutable). */
const toolNames = new WeakMap<StoredDeployment["packed"], Set<string>>();
const knowsTool = (packed: StoredDeployment["packed"]) => (name: string) => {
  if (packed.toolMode === "search") return SEARCH_MODE_NAMES.has(name);
  let names = toolNames.get(packed);
  if (!names) toolNames.set(packed, (names = new Set(packed.toolNames)));
  return names.has(name);
};

/** Whether a deployment's main module is the current one, whose entrypoint answers a plain request by RPC. */
const answersByRpc = (stored: StoredDeployment) => (stored.modules[MAIN_MODULE] as { js?: string } | undefined)?.js === MAIN_SOURCE;

/**
 * The plain request (see runtime/wire.ts) of a call to a deployment on the current runtime and main
 * module, which its runtime answers without the SDK, by RPC: it is served by the deployment's lean
 * isolate, whose modules leave out the SDK's leg (RUNTIME_SDK_MODULES, 292 KB that a new isolate would
 * otherwise load at start). A tools/call the gateway checked carries its checked arguments (the
 * runtime, the same code, does not check them again). Null: the request goes over HTTP to the whole isolate.
 */
function plainOf(stored: StoredDeployment | null, call: McpCall): PlainRequest | null {
  if (stored?.runtimeHash !== RUNTIME_HASH || !answersByRpc(stored)) return null;
  const plain = plainCall(call.request, call.parsed, knowsTool(stored.packed));
  if (plain?.method !== "tools/call") return plain;
  const checked = call.checked?.get(call.parsed as object);
  return checked ? { ...plain, checked } : plain;
}

/** The entrypoint of a generated server whose main module offers `answer` (see deploy/generate.ts). */
type AnsweringEntrypoint = { answer(plain: PlainRequest, headers: Record<string, string>): Promise<ReportedAnswer> };

/** The headers a plain request's runtime reads: a passthrough credential the caller sends for the API. */
function passthroughHeaders(headers: Headers): Record<string, string> {
  const read: Record<string, string> = {};
  for (const name of [PASSTHROUGH_AUTHORIZATION_HEADER, PASSTHROUGH_API_KEY_HEADER]) {
    const value = headers.get(name);
    if (value !== null) read[name] = value;
  }
  return read;
}

function stubOf(env: Bindings, deployment: ServedDeployment, lean = false) {
  return env.LOADER.get(isolateNameOf(env, deployment, lean), async () => {
    const stored = await loadStoredDeployment(env, deployment.deploymentId);
    if (!stored) throw new Error(`The modules of deployment ${deployment.deploymentId} are missing: redeploy the server`);
    const runtime = await deployedRuntime(env, stored);
    if (!runtime) throw new Error(REDEPLOY_NEEDED_MESSAGE);
    const credentials = await deployment.credentials();
    return {
      compatibilityDate: GENERATED_COMPATIBILITY_DATE,
      compatibilityFlags: GENERATED_COMPATIBILITY_FLAGS,
      mainModule: MAIN_MODULE,
      // The runtime it was deployed with, never the portal's current one: a deployment is immutable.
      modules: { ...stored.modules, ...runtimeModules(lean ? leanRuntime(runtime) : runtime) },
      env: {
        // Its tools text, read when a request first needs it (see tools-source.ts).
        TOOLS: exports.DeploymentTools({ props: { deploymentId: deployment.deploymentId } }),
        ...(Object.keys(credentials).length > 0 ? { UPSTREAM_CREDENTIALS: JSON.stringify(credentials) } : {}),
        // Only a local portal lets its servers call internal hosts (a local upstream); otherwise they are refused.
        ...(isLocalDev(env) ? { ENVIRONMENT: "development" } : {}),
      },
    };
  });
}

export const loaderProvider: HostingProvider = {
  name: "loader",
  async activate(env, server, slug, log) {
    // Load the isolate once and ping it, so a broken module fails the deployment, not the first call.
    const res = await stubOf(env, { deploymentId: server.deploymentId, slug, secretsTag: "probe", credentials: async () => ({}) })
      .getEntrypoint()
      .fetch("http://mcp.internal/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "toolport-probe", version: "1.0.0" } },
        }),
      });
    if (!res.ok) throw new Error(`The generated server did not start (HTTP ${res.status}: ${(await res.text()).slice(0, 300)})`);
    await res.body?.cancel();
    await log("Loaded the server's isolate and checked it answers MCP initialize");
    return { cloudflareDeploymentId: server.deploymentId, cloudflareProjectId: scriptNameOf(slug) };
  },
  async serve(env, deployment, call) {
    // Checked before the isolate is asked for: a deployment whose runtime is gone answers why, not a 500.
    const stored = await loadStoredDeployment(env, deployment.deploymentId);
    if (stored && !(await deployedRuntime(env, stored))) {
      await markRedeployNeeded(env, deployment.deploymentId);
      return { response: rpcError(503, GatewayError.NotDeployed, REDEPLOY_NEEDED_MESSAGE), reports: null };
    }
    const plain = plainOf(stored, call);
    const entrypoint = stubOf(env, deployment, plain !== null).getEntrypoint();
    if (plain === null) return readReport(await entrypoint.fetch(call.forwarded()));
    // By RPC: the message as the gateway parsed it, so the isolate builds no Request and reads and parses no body.
    const { status, body, report } = await (entrypoint as unknown as AnsweringEntrypoint).answer(
      plain,
      passthroughHeaders(call.request.headers),
    );
    const response = new Response(body, body === null ? { status } : { status, headers: { "content-type": "application/json" } });
    return { response, reports: report, text: body ?? undefined };
  },
};
