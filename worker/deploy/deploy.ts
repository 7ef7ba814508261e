// Deployments: keep a server's config, record the deployment (id = the config's hash) and hand it to
// the Deployment Durable Object, which runs it as a job (generating the modules, activating them
// through the hosting provider), reports progress and writes the outcome.
import { and, desc, eq } from "drizzle-orm";
import { DEPLOYMENT_CANCELLED_MESSAGE } from "../../durable-objects/deployment";
import type { Database } from "../db";
import { deployments, servers } from "../db/schema";
import type { Bindings } from "../env";
import { getProvider } from "../hosting";
import { deployedRuntime, loadStoredDeployment, markRedeployNeeded, storeDeploymentConfig } from "../hosting/store";
import type { ProviderName } from "../hosting/types";
import { REDEPLOY_NEEDS_DEPLOY_SCOPE } from "../api-keys/scopes";
import { fail } from "../lib/errors";
import { checkPublicUrl } from "../lib/safe-fetch";
import { toDeploymentAnswer } from "../servers/answer";
import { deploymentIdOf, loadServerConfig, type GenerateOptions } from "./generate";
import { invalidateServerLookups } from "../servers/read-model";

export type ApiConfig = { baseUrl?: string; authType?: string; headers?: Record<string, string> };
export type DeployOptions = GenerateOptions & {
  /** Hosting provider; defaults to the HOSTING_PROVIDER variable. */
  provider?: ProviderName;
  apiConfig?: ApiConfig;
  /** Public origin of the portal, for the deployment URL (defaults to PUBLIC_URL). */
  origin?: string;
  /** How long the deployment may run before it is failed (defaults to DEPLOYMENT_TIMEOUT_MS). */
  timeoutMs?: number;
};

export { DEPLOYMENT_CANCELLED_MESSAGE };

type Started = { serverId: string; slug: string; deploymentId: string; provider: ProviderName; deploymentUrl: string };

const deploymentStub = (env: Bindings, serverId: string) => env.DEPLOYMENT.getByName(serverId);

/** The root-info URL of a server: the MCP endpoint is this plus /mcp. */
export const serverRootUrl = (origin: string, slug: string) => `${origin.replace(/(?<!\/)\/+$/, "")}/s/${slug}`;

/**
 * Validates the server's config and keeps it under its hash (the deployment id), records the
 * deployment as 'generated' and hands it to the server's Deployment object ('deploying'), whose job
 * generates the modules and activates them. Answers at once.
 */
export async function startDeployment(db: Database, env: Bindings, serverId: string, options: DeployOptions = {}): Promise<Started> {
  const server = await db.query.servers.findFirst({ where: eq(servers.id, serverId) });
  if (!server) fail(404, "Server not found");
  const provider = getProvider(env, options.provider).name;
  const suppliedBaseUrl = options.baseUrl ?? options.apiConfig?.baseUrl;
  if (!server.baseUrl && suppliedBaseUrl) checkPublicUrl(suppliedBaseUrl, env);
  const config = await loadServerConfig(db, serverId, { ...options, baseUrl: suppliedBaseUrl });
  // A description without servers gets its base URL at deploy time: kept, so later deploys have it too.
  if (!server.baseUrl) await db.update(servers).set({ baseUrl: config.baseUrl }).where(eq(servers.id, serverId));
  const deploymentUrl = serverRootUrl(options.origin ?? env.PUBLIC_URL ?? "http://localhost:8787", server.slug);
  const id = await deploymentIdOf(config);
  await storeDeploymentConfig(env, id, config);
  const row = {
    status: "generated" as const,
    provider,
    apiConfig: options.apiConfig ?? {},
    error: null,
    deploymentUrl,
    updatedAt: new Date(),
  };
  await db
    .insert(deployments)
    .values({ id, serverId, contentHash: id, ...row })
    .onConflictDoUpdate({ target: deployments.id, set: row });
  await deploymentStub(env, serverId).begin(
    { deploymentId: id, serverId, slug: server.slug, provider, toolCount: config.tools.length },
    options.timeoutMs,
  );
  // From here the Deployment object owns it: it alone writes how it ends.
  await db
    .update(deployments)
    .set({ status: "deploying", updatedAt: new Date() })
    .where(and(eq(deployments.id, id), eq(deployments.status, "generated")));
  return { serverId, slug: server.slug, deploymentId: id, provider, deploymentUrl };
}

/** Runs a started deployment to its end now (or waits for the run under way). */
export async function completeDeployment(env: Bindings, _db: Database, started: Started) {
  await deploymentStub(env, started.serverId).settle(started.deploymentId);
  // The gateway of this isolate serves the outcome from the next call on.
  invalidateServerLookups();
}

/** Starts a deployment and answers it at once (status 'deploying'); progress is pushed and polled. */
export async function requestDeployment(db: Database, env: Bindings, serverId: string, options: DeployOptions = {}) {
  await startDeployment(db, env, serverId, options);
  return (await getDeployment(db, env, serverId))!;
}

/** Deploys (or redeploys, from the latest tools and configuration) a server and waits for the outcome. */
export async function deployServer(db: Database, env: Bindings, serverId: string, options: DeployOptions = {}) {
  const started = await startDeployment(db, env, serverId, options);
  await completeDeployment(env, db, started);
  return (await getDeployment(db, env, serverId))!;
}

type LiveState = Pick<typeof servers.$inferSelect, "id" | "activeDeploymentId" | "status">;

/** Who asks for a change that redeploys a live server: whether they may deploy, and the portal origin they called. */
export type Requester = { mayDeploy: boolean; origin?: string };
/** The portal itself (scheduled updates, re-crawls): it redeploys at PUBLIC_URL, else where the server was deployed. */
export const SYSTEM: Requester = { mayDeploy: true };

/** A server whose tool changes are redeployed at once: it serves a deployment and is not paused. */
export const isLive = (server: LiveState) => server.activeDeploymentId !== null && server.status === "active";

/** Refuses a change that would redeploy a live server to a requester who may not deploy (an API key without 'deploy'). */
export function refuseRedeployUnlessAllowed(requester: Requester, server: LiveState) {
  if (!requester.mayDeploy && isLive(server)) fail(403, REDEPLOY_NEEDS_DEPLOY_SCOPE);
}

/** Redeploys a live server from its latest tools with its last deployment's settings; null when it is not live. */
export async function redeployIfLive(db: Database, env: Bindings, server: LiveState, requester: Requester) {
  if (!isLive(server)) return null;
  refuseRedeployUnlessAllowed(requester, server);
  const last = await db.query.deployments.findFirst({ where: eq(deployments.id, server.activeDeploymentId!) });
  const lastOrigin = last?.deploymentUrl ? new URL(last.deploymentUrl).origin : undefined;
  return deployServer(db, env, server.id, { apiConfig: last?.apiConfig ?? {}, origin: requester.origin ?? env.PUBLIC_URL ?? lastOrigin });
}

/** Cancels a server's running deployment: it ends failed and traffic stays on the previous one. */
export async function cancelDeployment(db: Database, env: Bindings, serverId: string) {
  await deploymentStub(env, serverId).cancel();
  return getDeployment(db, env, serverId);
}

/** The latest deployment of a server with the Durable Object's progress log, or null when none. */
export async function getDeployment(db: Database, env: Bindings, serverId: string) {
  const [row] = await db.select().from(deployments).where(eq(deployments.serverId, serverId)).orderBy(desc(deployments.updatedAt)).limit(1);
  if (!row) return null;
  const server = await db.query.servers.findFirst({ where: eq(servers.id, serverId), columns: { activeDeploymentId: true } });
  const progress = await deploymentStub(env, serverId).state();
  const active = server?.activeDeploymentId ?? null;
  const stored = active ? await loadStoredDeployment(env, active) : null;
  const redeployNeeded = Boolean(active) && (!stored || !(await deployedRuntime(env, stored)));
  if (redeployNeeded) await markRedeployNeeded(env, active!);
  // The list's deployment summary, plus what the deploy modal follows.
  return {
    ...toDeploymentAnswer(row),
    deploymentId: row.id,
    mcpUrl: row.deploymentUrl ? `${row.deploymentUrl}/mcp` : null,
    provider: row.provider,
    activeDeploymentId: active,
    /** The serving deployment can no longer run as deployed (its runtime is gone): only a redeploy helps. */
    redeployNeeded,
    startedAt: progress.deploymentId === row.id ? progress.startedAt : null,
    log: progress.deploymentId === row.id ? progress.log : [],
  };
}

export type DeploymentView = NonNullable<Awaited<ReturnType<typeof getDeployment>>>;
