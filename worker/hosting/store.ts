// Generated modules kept in KV by deployment id, and each runtime bundle once by its hash, so any
// isolate can (re)load a deployment with exactly the runtime it was deployed with. The tools text
// (runtime/packed.ts) is kept apart from the small modules: a request that reads no tool (initialize)
// and a new server isolate read only the modules, and the text is read through env.TOOLS when first
// needed (only an upload to Cloudflare's dispatch namespace carries it as a module: generate.ts
// embeddedModules). A search-mode deployment's search part (its index) is kept apart from the text
// too, so a search reads only it. The config a deployment was generated from is kept apart as well:
// the gateway never reads what the portal's pages show.
import type { Bindings } from "../env";
import { RUNTIME_MODULE, type GeneratedServer } from "../deploy/generate";
import { RUNTIME_HASH, RUNTIME_MODULES } from "../deploy/runtime-bundle";
import { ToolTable } from "../runtime/packed";

export type StoredDeployment = {
  /** Every module but the runtime's and the tools text. */
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
const toolsKey = (deploymentId: string) => `mcp-deployment-tools:${deploymentId}`;
const searchKey = (deploymentId: string) => `mcp-deployment-search:${deploymentId}`;
const configKey = (deploymentId: string) => `mcp-deployment-config:${deploymentId}`;
/** A runtime of one module (its source), as portals before the runtime's chunks kept it. */
const runtimeKey = (hash: string) => `mcp-runtime:${hash}`;
/** A runtime's modules by file name (JSON). */
const runtimeModulesKey = (hash: string) => `mcp-runtime-modules:${hash}`;

/**
 * Keeps a generated server's modules, its tools text and (once per runtime version) the runtime it runs
 * on; its config was kept by the deploy request (storeDeploymentConfig) before the job generated it.
 */
export async function storeDeployment(env: Bindings, server: GeneratedServer) {
  const stored: StoredDeployment = {
    modules: server.modules,
    packed: server.packed,
    allowedHosts: server.allowedHosts,
    runtimeHash: RUNTIME_HASH,
  };
  const search = server.packed.spans.search;
  // The modules last: whoever reads them finds the rest kept.
  await Promise.all([
    env.KV.put(runtimeModulesKey(RUNTIME_HASH), JSON.stringify(RUNTIME_MODULES)),
    env.KV.put(toolsKey(server.deploymentId), server.text),
    search ? env.KV.put(searchKey(server.deploymentId), server.text.slice(...search)) : null,
  ]);
  await env.KV.put(key(server.deploymentId), JSON.stringify(stored));
}

/** Keeps the config a deployment is generated from: the deploy job reads it, in whichever isolate it runs. */
export const storeDeploymentConfig = (env: Bindings, deploymentId: string, config: GeneratedServer["config"]) =>
  env.KV.put(configKey(deploymentId), JSON.stringify(config));

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
/** GitHub's 1,223 tools take about 2.3 MB of tools text (4 MB in search mode) and 90 KB of modules. */
const memo = sizedMemo<StoredDeployment>(16 * 1024 * 1024);
const texts = sizedMemo<string>(64 * 1024 * 1024);
const searchParts = sizedMemo<string>(16 * 1024 * 1024);
const configs = sizedMemo<GeneratedServer["config"]>(16 * 1024 * 1024);
const runtimes = new Map<string, Record<string, string>>();

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

/** The stored modules of a deployment (without its tools text), or null. */
export const loadStoredDeployment = (env: Bindings, deploymentId: string) => readJson(env, key(deploymentId), deploymentId, memo);

/** A deployment's tools text (see runtime/packed.ts), or null when it is not kept. */
export async function loadToolsText(env: Bindings, deploymentId: string): Promise<string | null> {
  const hit = texts.get(deploymentId);
  if (hit !== undefined) return hit;
  const text = await env.KV.get(toolsKey(deploymentId));
  if (text !== null) texts.set(deploymentId, text, text.length);
  return text;
}

/** A search-mode deployment's search part (see runtime/pack.ts), kept apart (else read from its tools text), or null when neither is kept. */
export async function loadSearchPart(env: Bindings, deploymentId: string, stored: StoredDeployment): Promise<string | null> {
  const span = stored.packed.spans.search;
  if (!span) return null;
  const hit = searchParts.get(deploymentId);
  if (hit !== undefined) return hit;
  const part = (await env.KV.get(searchKey(deploymentId))) ?? (await loadToolsText(env, deploymentId))?.slice(...span) ?? null;
  if (part !== null) searchParts.set(deploymentId, part, part.length);
  return part;
}

/** The config a deployment was generated from (what the portal's pages show of it), or null. */
export const loadDeploymentConfig = (env: Bindings, deploymentId: string) => readJson(env, configKey(deploymentId), deploymentId, configs);

/** The tools of a stored deployment, read one at a time (see runtime/packed.ts) from its tools text; null when the text is not kept. */
export async function toolTableOf(env: Bindings, deploymentId: string, stored: StoredDeployment): Promise<ToolTable | null> {
  const text = await loadToolsText(env, deploymentId);
  return text === null ? null : new ToolTable(stored.packed, text);
}

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

/** The runtime's modules a deployment was deployed with, or null when they are no longer available (it then needs a redeploy). */
export async function deployedRuntime(env: Bindings, stored: StoredDeployment): Promise<Record<string, string> | null> {
  if (stored.runtimeHash === RUNTIME_HASH) return RUNTIME_MODULES;
  const cached = runtimes.get(stored.runtimeHash);
  if (cached) return cached;
  const modules = await env.KV.get(runtimeModulesKey(stored.runtimeHash));
  const source = modules === null ? await env.KV.get(runtimeKey(stored.runtimeHash)) : null;
  const runtime =
    modules !== null ? (JSON.parse(modules) as Record<string, string>) : source !== null ? { [RUNTIME_MODULE]: source } : null;
  if (runtime) {
    if (runtimes.size > 20) runtimes.clear();
    runtimes.set(stored.runtimeHash, runtime);
  }
  return runtime;
}
