// Hosting provider "loader": the Worker Loader binding runs each generated server in its own
// isolate, cached by deployment id, on the runtime it was deployed with, with outbound fetches
// limited to the API's host.
import { exports } from "cloudflare:workers";
import { isLocalDev, type Bindings } from "../env";
import { GatewayError, rpcError } from "../gateway/jsonrpc";
import { MAIN_MODULE, runtimeModules } from "../deploy/generate";
import { RUNTIME_HASH, RUNTIME_SDK_MODULES } from "../deploy/runtime-bundle";
import { SEARCH_MODE_NAMES } from "../runtime/search-mode";
import { answeredPlainly } from "../runtime/wire";
import { deployedRuntime, loadStoredDeployment, markRedeployNeeded, REDEPLOY_NEEDED_MESSAGE, type StoredDeployment } from "./store";

/** The current runtime without the modules only the SDK's leg imports. */
const leanRuntime = (runtime: Record<string, string>) =>
  Object.fromEntries(Object.entries(runtime).filter(([name]) => !RUNTIME_SDK_MODULES.includes(name)));
import { scriptNameOf, type HostingProvider, type ServedDeployment } from "./types";

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

/**
 * Whether a request is served by the deployment's lean isolate, whose modules leave out the SDK's leg
 * (RUNTIME_SDK_MODULES, 292 KB that a new isolate would otherwise load at start): on the current
 * runtime, a request its runtime answers without the SDK (the runtime's own answeredPlainly decides).
 */
const servedLean = (stored: StoredDeployment | null, request: Request, parsedBody: unknown) =>
  stored?.runtimeHash === RUNTIME_HASH && answeredPlainly(request, parsedBody, knowsTool(stored.packed)) !== null;

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
  async fetch(env, deployment, request, parsedBody) {
    // Checked before the isolate is asked for: a deployment whose runtime is gone answers why, not a 500.
    const stored = await loadStoredDeployment(env, deployment.deploymentId);
    if (stored && !(await deployedRuntime(env, stored))) {
      await markRedeployNeeded(env, deployment.deploymentId);
      return rpcError(503, GatewayError.NotDeployed, REDEPLOY_NEEDED_MESSAGE);
    }
    return stubOf(env, deployment, servedLean(stored, request, parsedBody))
      .getEntrypoint()
      .fetch(request);
  },
};
