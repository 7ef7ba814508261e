// Generated modules kept in KV by deployment id, so any isolate can (re)load a deployment.
import type { Bindings } from "../env";
import type { GeneratedServer } from "../mcp/generate";

export type StoredDeployment = { configModule: string; allowedHosts: string[]; config: GeneratedServer["config"] };

const key = (deploymentId: string) => `mcp-deployment:${deploymentId}`;

export const storeDeployment = (env: Bindings, server: GeneratedServer) =>
  env.KV.put(key(server.deploymentId), JSON.stringify({ configModule: server.configModule, allowedHosts: server.allowedHosts, config: server.config }));

// An in-isolate copy: deployments are immutable (id = content hash), so caching never goes stale.
const memo = new Map<string, StoredDeployment>();

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
