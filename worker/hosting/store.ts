// Generated modules kept in KV by deployment id, and each runtime bundle once by its hash, so any
// isolate can (re)load a deployment with exactly the runtime it was deployed with.
import type { Bindings } from "../env";
import type { GeneratedServer } from "../deploy/generate";
import { RUNTIME_HASH, RUNTIME_SOURCE } from "../deploy/runtime-bundle";

export type StoredDeployment = {
  /** Every module but the runtime (absent on deployments stored before the tools were packed: they need a redeploy). */
  modules?: GeneratedServer["modules"];
  allowedHosts: string[];
  config: GeneratedServer["config"];
  /** SHA-256 of the runtime bundle it was deployed with (absent on deployments stored before it was kept). */
  runtimeHash?: string;
  /** Its runtime checks its own outbound requests (absent on deployments that rely on the portal's OutboundGuard). */
  egressInRuntime?: true;
};

/** What the gateway answers for a deployment whose runtime is gone: only a redeploy helps. */
export const REDEPLOY_NEEDED_MESSAGE = "This MCP server was deployed with an earlier Toolport runtime that is no longer available: redeploy it from the portal";

const key = (deploymentId: string) => `mcp-deployment:${deploymentId}`;
const runtimeKey = (hash: string) => `mcp-runtime:${hash}`;

/** Keeps a generated server's modules and (once per runtime version) the runtime bundle it runs on. */
export async function storeDeployment(env: Bindings, server: GeneratedServer) {
  const stored: StoredDeployment = { modules: server.modules, allowedHosts: server.allowedHosts, config: server.config, runtimeHash: RUNTIME_HASH, egressInRuntime: true };
  await env.KV.put(runtimeKey(RUNTIME_HASH), RUNTIME_SOURCE);
  await env.KV.put(key(server.deploymentId), JSON.stringify(stored));
}

// In-isolate copies: deployments and runtimes are immutable (ids are content hashes), so they never go stale.
const memo = new Map<string, StoredDeployment>();
const runtimes = new Map<string, string>();

/** The stored modules of a deployment, or null. */
export async function loadStoredDeployment(env: Bindings, deploymentId: string): Promise<StoredDeployment | null> {
  const hit = memo.get(deploymentId);
  if (hit) return hit;
  const stored = await env.KV.get<StoredDeployment>(key(deploymentId), "json");
  if (stored) {
    if (memo.size > 500) memo.clear();
    memo.set(deploymentId, stored);
  }
  return stored;
}

const marked = new Set<string>();

/** Records on the deployment's row that it needs a redeploy, so the server card says so (once per isolate). */
export async function markRedeployNeeded(env: Bindings, deploymentId: string) {
  if (marked.has(deploymentId)) return;
  if (marked.size > 500) marked.clear();
  marked.add(deploymentId);
  await env.DB.prepare(`UPDATE deployments SET error = ?1 WHERE id = ?2 AND status = 'deployed' AND error IS NULL`).bind(REDEPLOY_NEEDED_MESSAGE, deploymentId).run();
}

/**
 * The runtime bundle a deployment was deployed with, or null when it is no longer available, or the
 * deployment was stored in an earlier form (it then needs a redeploy).
 */
export async function deployedRuntime(env: Bindings, stored: StoredDeployment): Promise<string | null> {
  if (!stored.runtimeHash || !stored.modules) return null;
  if (stored.runtimeHash === RUNTIME_HASH) return RUNTIME_SOURCE;
  const cached = runtimes.get(stored.runtimeHash);
  if (cached) return cached;
  const source = await env.KV.get(runtimeKey(stored.runtimeHash));
  if (source) {
    if (runtimes.size > 20) runtimes.clear();
    runtimes.set(stored.runtimeHash, source);
  }
  return source;
}
