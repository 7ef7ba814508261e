// The deploy job's two steps with side effects, run by the Deployment Durable Object: generating the
// recorded deployment's modules and activating them through the hosting provider, and writing the
// deployment's outcome to D1.
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db";
import { authConfigs, deployments, servers } from "../db/schema";
import type { Bindings } from "../env";
import { getProvider } from "../hosting";
import { loadDeploymentConfig, loadStoredDeployment, loadToolsText, storeDeployment } from "../hosting/store";
import { generateServer, type GeneratedServer } from "./generate";
import type { Activation, ProviderName } from "../hosting/types";
import { invalidateServerLookups, managedCredentials } from "../servers/read-model";
import { recordNotification } from "../notifications/notifications";
import { embedDeploymentTools } from "../hosting/tool-vectors";
import type { RuntimeConfig } from "../runtime/types";

/** What the Deployment object needs to run a recorded deployment (its modules are kept in KV under its id). */
export type DeploymentJob = { deploymentId: string; serverId: string; slug: string; provider: ProviderName; toolCount: number };

/** The end of a deployment as D1 records it. */
export type DeploymentOutcome =
  | { deploymentId: string; serverId: string; status: "deployed"; activation: Activation }
  | { deploymentId: string; serverId: string; status: "failed"; error: string };

export const CONFIG_MISSING_MESSAGE = "The configuration this deployment was recorded with is missing: deploy again";
/** How long a run waits for the recorded config to be readable before it gives up. */
export const CONFIG_WAIT_MS = 5_000;

/**
 * Generates a recorded deployment's modules from its kept config (once: a run again after a restart
 * finds them kept) and activates them through its hosting provider; throws with a readable message on failure.
 */
export async function activateDeployment(env: Bindings, job: DeploymentJob, log: (message: string) => Promise<void>): Promise<Activation> {
  let config = await loadDeploymentConfig(env, job.deploymentId);
  // KV is eventually consistent: a config kept by a request elsewhere may take a moment to show here.
  for (let wait = 0; !config && wait < CONFIG_WAIT_MS; wait += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    config = await loadDeploymentConfig(env, job.deploymentId);
  }
  if (!config) throw new Error(CONFIG_MISSING_MESSAGE);
  const generated = (await keptServer(env, job.deploymentId, config)) ?? (await generateAndKeep(env, job.deploymentId, config));
  await log(`Stored ${config.tools.length} tools and the generated modules`);
  await embedForSearch(env, job.deploymentId, config, log);
  const db = getDb(env.DB);
  const credentials = async () =>
    managedCredentials(env.SECRETS_KEY, (await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, job.serverId) })) ?? null);
  return getProvider(env, job.provider).activate(env, generated, job.slug, log, credentials);
}

/** A deployment's modules as an earlier run kept them, or null. */
async function keptServer(env: Bindings, deploymentId: string, config: RuntimeConfig): Promise<GeneratedServer | null> {
  const stored = await loadStoredDeployment(env, deploymentId);
  const text = stored && (await loadToolsText(env, deploymentId));
  if (!stored || text === null) return null;
  return { deploymentId, config, packed: stored.packed, modules: stored.modules, text, allowedHosts: stored.allowedHosts };
}

/** Generates a deployment's modules and keeps them, so any isolate can load them. */
async function generateAndKeep(env: Bindings, deploymentId: string, config: RuntimeConfig) {
  const generated = await generateServer(config, deploymentId);
  await storeDeployment(env, generated);
  return generated;
}

/** Search mode's semantic ranking is optional: when embedding fails, the deployment goes on and ranks by words alone. */
async function embedForSearch(env: Bindings, deploymentId: string, config: RuntimeConfig, log: (message: string) => Promise<void>) {
  try {
    const embedded = await embedDeploymentTools(env, deploymentId, config);
    if (embedded > 0) await log(`Embedded ${embedded} tools for search by meaning`);
  } catch (err) {
    await log(`Search by meaning is off for this deployment (search by words still works): ${(err as Error).message}`);
  }
}

/**
 * Writes a deployment's outcome to its D1 row (only while the row is still under way, so a repeated
 * write changes nothing); a deployed one also takes the server's traffic, in the same batch.
 */
export async function recordDeploymentOutcome(env: Bindings, outcome: DeploymentOutcome) {
  const db = getDb(env.DB);
  const underWay = and(eq(deployments.id, outcome.deploymentId), inArray(deployments.status, ["generated", "deploying"]));
  if (outcome.status === "failed") {
    const failed = await db
      .update(deployments)
      .set({ status: "failed", error: outcome.error.slice(0, 1000), updatedAt: new Date() })
      .where(underWay);
    if (failed.meta.changes > 0) await notifyDeployment(db, outcome);
    return;
  }
  const [deployed] = await db.batch([
    db
      .update(deployments)
      .set({ status: "deployed", error: null, ...outcome.activation, updatedAt: new Date() })
      .where(underWay),
    // Switch traffic only to a deployment that really ended as deployed.
    db
      .update(servers)
      .set({ activeDeploymentId: outcome.deploymentId })
      .where(
        and(
          eq(servers.id, outcome.serverId),
          sql`exists (select 1 from deployments where id = ${outcome.deploymentId} and status = 'deployed')`,
        ),
      ),
  ]);
  // The gateway serves the new deployment from the next call on.
  invalidateServerLookups();
  if (deployed.meta.changes > 0) await notifyDeployment(db, outcome);
}

/** Tells the organization how its deployment ended (once: only the write that ended it calls this). */
async function notifyDeployment(db: ReturnType<typeof getDb>, outcome: DeploymentOutcome) {
  const server = await db.query.servers.findFirst({
    where: eq(servers.id, outcome.serverId),
    columns: { name: true, organizationId: true },
  });
  if (!server) return;
  const link = `/servers/${outcome.serverId}`;
  await recordNotification(
    db,
    server.organizationId,
    outcome.status === "deployed"
      ? {
          kind: "deploy_succeeded",
          title: `${server.name} deployed`,
          message: "Its MCP endpoint answers with the latest tools and configuration.",
          link,
        }
      : { kind: "deploy_failed", title: `${server.name}: deployment failed`, message: outcome.error.slice(0, 300), link },
  );
}
