// Generated modules kept in KV by deployment id, and each runtime bundle once by its hash, so any
// isolate can (re)load a deployment with exactly the runtime it was deployed with. The config a
// deployment was generated from is kept apart: the gateway, which serves every call, reads only the
// modules (the packed config and the tools text), never the config the portal's pages show.
import type { Bindings } from "../env";
import { TOOLS_MODULE, type GeneratedServer } from "../deploy/generate";
import { RUNTIME_HASH, RUNTIME_SOURCE } from "../deploy/runtime-bundle";
import { ToolTable } from "../runtime/packed";

export type StoredDeployment = {
  /** Every module but the runtime. */
  modules: GeneratedServer["modules"];
  /** The config module's value. */
  packed: GeneratedServer["packed"];
  allowedHosts: string[];
  /** SHA-256 of the runtime bundle it was deployed with. */
  runtimeHash: string;
};

/** What the gateway answers for a deployment whose runtime is gone: only a redeploy helps. */
export const REDEPLOY_NEEDED_MESSAGE =
  "This MCP server was deployed with an earlier Toolport runtime that is no longer available: redeploy it from the portal";

const key = (deploymentId: string) => `mcp-deployment:${deploymentId}`;
const configKey = (deploymentId: string) => `mcp-deployment-config:${deploymentId}`;
const runtimeKey = (hash: string) => `mcp-runtime:${hash}`;

/** Keeps a generated server's modules, its config, and (once per runtime version) the runtime bundle it runs on. */
export async function storeDeployment(env: Bindings, server: GeneratedServer) {
  const stored: StoredDeployment = {
    modules: server.modules,
    packed: server.packed,
    allowedHosts: server.allowedHosts,
    runtimeHash: RUNTIME_HASH,
  };
  await env.KV.put(runtimeKey(RUNTIME_HASH), RUNTIME_SOURCE);
  await Promise.all([
    env.KV.put(key(server.deploymentId), JSON.stringify(stored)),
    env.KV.put(configKey(server.deploymentId), JSON.stringify(server.config)),
  ]);
}

/** In-isolate copies, bounded by their JSON's size: deployments are immutable (ids are content hashes), so they never go stale. */
function sizedMemo<T>(maxChars: number) {
  const entries = new Map<string, { value: T; chars: number }>();
  let chars = 0;
  return {
    get: (id: string) => entries.get(id)?.value,
    set(id: string, value: T, size: number) {
      if (chars + size > maxChars) {
        entries.clear();
        chars = 0;
      }
      entries.set(id, { value, chars: size });
      chars += size;
    },
  };
}
/** GitHub's 1,223 tools take about 2.5 MB of modules: a few dozen large deployments per isolate. */
const memo = sizedMemo<StoredDeployment>(64 * 1024 * 1024);
const configs = sizedMemo<GeneratedServer["config"]>(16 * 1024 * 1024);
const runtimes = new Map<string, string>();

/** A JSON value kept in KV, through `cache`; null when absent. */
async function readJson<T>(env: Bindings, kvKey: string, id: string, cache: ReturnType<typeof sizedMemo<T>>): Promise<T | null> {
  const hit = cache.get(id);
  if (hit) return hit;
  const text = await env.KV.get(kvKey);
  if (text === null) return null;
  const value = JSON.parse(text) as T;
  cache.set(id, value, text.length);
  return value;
}

/** The stored modules of a deployment, or null. */
export const loadStoredDeployment = (env: Bindings, deploymentId: string) => readJson(env, key(deploymentId), deploymentId, memo);

/** The config a deployment was generated from (what the portal's pages show of it), or null. */
export const loadDeploymentConfig = (env: Bindings, deploymentId: string) => readJson(env, configKey(deploymentId), deploymentId, configs);

/** The tools of a stored deployment, read one at a time (see runtime/packed.ts) from the text module generate.ts writes. */
export const toolTableOf = (stored: StoredDeployment) =>
  new ToolTable(stored.packed, (stored.modules[TOOLS_MODULE] as { text: string }).text);

const marked = new Set<string>();

/** Records on the deployment's row that it needs a redeploy, so the server card says so (once per isolate). */
export async function markRedeployNeeded(env: Bindings, deploymentId: string) {
  if (marked.has(deploymentId)) return;
  if (marked.size > 500) marked.clear();
  marked.add(deploymentId);
  await env.DB.prepare(`UPDATE deployments SET error = ?1 WHERE id = ?2 AND status = 'deployed' AND error IS NULL`)
    .bind(REDEPLOY_NEEDED_MESSAGE, deploymentId)
    .run();
}

/** The runtime bundle a deployment was deployed with, or null when it is no longer available (it then needs a redeploy). */
export async function deployedRuntime(env: Bindings, stored: StoredDeployment): Promise<string | null> {
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
