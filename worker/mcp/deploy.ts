// Deployments: generate a server's modules, record the deployment (id = content hash), activate it
// through the hosting provider and report progress through the Deployment Durable Object.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, deployments, servers } from "../db/schema";
import type { Bindings } from "../env";
import { getProvider } from "../hosting";
import { deployedRuntime, loadStoredDeployment, markRedeployNeeded } from "../hosting/store";
import type { ProviderName } from "../hosting/types";
import { fail } from "../lib/errors";
import { checkPublicUrl } from "../lib/safe-fetch";
import { toDeploymentAnswer } from "../servers/answer";
import { generateServer, loadServerConfig, type GenerateOptions, type GeneratedServer } from "./generate";
import { invalidateServerLookups, managedCredentials } from "./lookup";

export type ApiConfig = { baseUrl?: string; authType?: string; headers?: Record<string, string> };
export type DeployOptions = GenerateOptions & {
  /** Hosting provider; defaults to the HOSTING_PROVIDER variable. */
  provider?: ProviderName;
  apiConfig?: ApiConfig;
  /** Public origin of the portal, for the deployment URL (defaults to PUBLIC_URL). */
  origin?: string;
};

export const DEPLOYMENT_CANCELLED_MESSAGE = "Deployment cancelled";

type Started = { serverId: string; slug: string; generated: GeneratedServer; provider: ProviderName; deploymentUrl: string };

const deploymentStub = (env: Bindings, serverId: string) => env.DEPLOYMENT.getByName(serverId);

/** The root-info URL of a server: the MCP endpoint is this plus /mcp. */
export const serverRootUrl = (origin: string, slug: string) => `${origin.replace(/(?<!\/)\/+$/, "")}/s/${slug}`;

/** Step 1: generates the modules, records the deployment as 'generated', then 'deploying' once tracked. */
export async function startDeployment(env: Bindings, db: Database, serverId: string, options: DeployOptions = {}): Promise<Started> {
  const server = await db.query.servers.findFirst({ where: eq(servers.id, serverId) });
  if (!server) fail(404, "Server not found");
  const provider = getProvider(env, options.provider).name;
  const suppliedBaseUrl = options.baseUrl ?? options.apiConfig?.baseUrl;
  if (!server.baseUrl && suppliedBaseUrl) checkPublicUrl(suppliedBaseUrl, env);
  const config = await loadServerConfig(db, serverId, { ...options, baseUrl: suppliedBaseUrl });
  const generated = await generateServer(config);
  // A description without servers gets its base URL at deploy time: kept, so later deploys have it too.
  if (!server.baseUrl) await db.update(servers).set({ baseUrl: config.baseUrl }).where(eq(servers.id, serverId));
  const deploymentUrl = serverRootUrl(options.origin ?? env.PUBLIC_URL ?? "http://localhost:8787", server.slug);
  const id = generated.deploymentId;
  const row = { status: "generated" as const, provider, apiConfig: options.apiConfig ?? {}, error: null, deploymentUrl, updatedAt: new Date() };
  await db
    .insert(deployments)
    .values({ id, serverId, contentHash: id, ...row })
    .onConflictDoUpdate({ target: deployments.id, set: row });
  const stub = deploymentStub(env, serverId);
  await stub.begin(id);
  await stub.log(`Generated ${config.tools.length} active tool${config.tools.length === 1 ? "" : "s"} (deployment ${id})`);
  // From here the Deployment object's alarm times it out; the hosting provider comes next.
  await db
    .update(deployments)
    .set({ status: "deploying", updatedAt: new Date() })
    .where(and(eq(deployments.id, id), eq(deployments.status, "generated")));
  return { serverId, slug: server.slug, generated, provider, deploymentUrl };
}

/** Step 2: activates the generated server and records the outcome (a cancelled one stays cancelled). */
export async function completeDeployment(env: Bindings, db: Database, started: Started) {
  const { serverId, generated, slug } = started;
  const id = generated.deploymentId;
  const stub = deploymentStub(env, serverId);
  try {
    const credentials = async () =>
      managedCredentials(env.SECRETS_KEY, (await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) })) ?? null);
    const log = async (message: string) => void (await stub.log(message));
    const activation = await getProvider(env, started.provider).activate(env, generated, slug, log, credentials);
    await db.batch([
      db
        .update(deployments)
        .set({ status: "deployed", ...activation, updatedAt: new Date() })
        .where(and(eq(deployments.id, id), eq(deployments.status, "deploying"))),
      // Switch traffic only if this deployment really ended as deployed (not cancelled meanwhile).
      db
        .update(servers)
        .set({ activeDeploymentId: id })
        .where(and(eq(servers.id, serverId), sql`exists (select 1 from deployments where id = ${id} and status = 'deployed')`)),
    ]);
    // The gateway serves the new deployment from the next call on.
    invalidateServerLookups();
    await stub.finish(id, "deployed");
  } catch (err) {
    const message = (err as Error).message || "Deployment failed";
    await db
      .update(deployments)
      .set({ status: "failed", error: message, updatedAt: new Date() })
      .where(and(eq(deployments.id, id), eq(deployments.status, "deploying")));
    await stub.finish(id, "failed", message);
  }
}

/** Deploys (or redeploys, from the latest tools and configuration) a server; answers its deployment. */
export async function deployServer(env: Bindings, db: Database, serverId: string, options: DeployOptions = {}) {
  const started = await startDeployment(env, db, serverId, options);
  await completeDeployment(env, db, started);
  return (await getDeployment(env, db, serverId))!;
}

/** Cancels a server's running deployment: it ends failed and traffic stays on the previous one. */
export async function cancelDeployment(env: Bindings, db: Database, serverId: string) {
  await deploymentStub(env, serverId).cancel();
  await db
    .update(deployments)
    .set({ status: "failed", error: DEPLOYMENT_CANCELLED_MESSAGE, updatedAt: new Date() })
    .where(and(eq(deployments.serverId, serverId), inArray(deployments.status, ["generated", "deploying"])));
  return getDeployment(env, db, serverId);
}

/** The latest deployment of a server with the Durable Object's progress log, or null when none. */
export async function getDeployment(env: Bindings, db: Database, serverId: string) {
  const [row] = await db.select().from(deployments).where(eq(deployments.serverId, serverId)).orderBy(desc(deployments.updatedAt)).limit(1);
  if (!row) return null;
  const server = await db.query.servers.findFirst({ where: eq(servers.id, serverId), columns: { activeDeploymentId: true } });
  const progress = await deploymentStub(env, serverId).state();
  const active = server?.activeDeploymentId ?? null;
  const stored = active ? await loadStoredDeployment(env, active) : null;
  const redeployNeeded = Boolean(active) && (!stored || !(await deployedRuntime(env, active!, stored)));
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
