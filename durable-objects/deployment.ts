// Deployment: one server's deployment as a job. The portal records it and arms the alarm; the alarm
// runs it (activation through the hosting provider). While it runs this object owns its status and
// timestamped log (SQLite storage, so both survive restarts; GET /api/servers/{id}/deployment reads
// them) and writes the outcome to D1 once. Every way a deployment fails — an error, the time-out,
// a cancel, a newer deployment, a run cut off by a restart — goes through one method, `fail`.
import { DurableObject } from "cloudflare:workers";
import { activateDeployment, recordDeploymentOutcome, type DeploymentJob, type DeploymentOutcome } from "../worker/deploy/job";
import type { Activation } from "../worker/hosting/types";

export type DeploymentStatus = "generated" | "deploying" | "deployed" | "failed";
export type DeploymentLogEntry = { at: string; message: string };
export type DeploymentState = {
  deploymentId: string | null;
  status: DeploymentStatus | null;
  error: string | null;
  startedAt: string | null;
  updatedAt: string | null;
  log: DeploymentLogEntry[];
};

/** How long a deployment may stay in 'deploying' before it is failed. */
export const DEPLOYMENT_TIMEOUT_MS = 10 * 60 * 1000;
export const DEPLOYMENT_TIMEOUT_MESSAGE = "Deployment timeout - please check status manually";
export const DEPLOYMENT_CANCELLED_MESSAGE = "Deployment cancelled";
export const DEPLOYMENT_SUPERSEDED_MESSAGE = "Replaced by a newer deployment of this server";
export const DEPLOYMENT_INTERRUPTED_MESSAGE =
  "Deployment interrupted: the portal restarted while it ran. Deploy again to retry; the previous deployment keeps serving.";
/** While a deployment runs, the alarm looks in this often, so a run cut off by a restart resumes. */
export const WATCHDOG_MS = 15_000;
/** A deployment runs at most this often: once, and once more after a run was cut off. */
export const MAX_RUNS = 2;
/** How soon a D1 write of the outcome that failed is tried again. */
const RECORD_RETRY_MS = 5_000;

export class Deployment extends DurableObject<Env> {
  private sql = this.ctx.storage.sql;
  /** The run of this instance under way: a run marked in storage without one here was cut off. */
  private running: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, message TEXT NOT NULL)`);
    // Work left over from before a restart (a run, an unwritten outcome) is picked up by the alarm.
    ctx.blockConcurrencyWhile(async () => {
      if (this.pending() && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  private get kv() {
    return this.ctx.storage.kv;
  }

  /**
   * Starts a recorded deployment: clears the previous log and arms the alarm that runs it. A
   * deployment still under way is failed first; starting the same deployment again changes nothing.
   */
  async begin(job: DeploymentJob, timeoutMs = DEPLOYMENT_TIMEOUT_MS): Promise<DeploymentState> {
    const current = this.kv.get("deploymentId") as string | undefined;
    if (this.kv.get("status") === "deploying") {
      if (current === job.deploymentId) return this.state();
      await this.fail(current!, DEPLOYMENT_SUPERSEDED_MESSAGE);
    }
    const now = Date.now();
    this.sql.exec(`DELETE FROM log`);
    this.kv.put("deploymentId", job.deploymentId);
    this.kv.put("job", job);
    this.kv.put("status", "deploying");
    this.kv.put("startedAt", new Date(now).toISOString());
    this.kv.put("deadline", now + timeoutMs);
    this.kv.put("runs", 0);
    for (const key of ["error", "runStarted", "outcome"]) this.kv.delete(key);
    this.append("Deployment started");
    this.append(`Generated ${job.toolCount} active tool${job.toolCount === 1 ? "" : "s"} (deployment ${job.deploymentId})`);
    await this.ctx.storage.setAlarm(now);
    return this.state();
  }

  /** Adds a line to the progress log. */
  log(message: string) {
    this.append(message);
  }

  /** Runs the deployment now if its alarm has not yet, or waits for the run under way; answers the state. */
  async settle(deploymentId: string): Promise<DeploymentState> {
    if (this.kv.get("deploymentId") === deploymentId) await this.driveCurrent();
    return this.state();
  }

  /** Cancels a running deployment: it ends failed, and traffic stays on the previous one. */
  async cancel(): Promise<DeploymentState> {
    if (this.kv.get("status") === "deploying")
      await this.fail(this.kv.get("deploymentId") as string, DEPLOYMENT_CANCELLED_MESSAGE, "Deployment cancelled by the user");
    return this.state();
  }

  state(): DeploymentState {
    const log = this.sql
      .exec<{ at: string; message: string }>(`SELECT at, message FROM log ORDER BY seq`)
      .toArray()
      .map(({ at, message }) => ({ at, message }));
    return {
      deploymentId: (this.kv.get("deploymentId") as string) ?? null,
      status: (this.kv.get("status") as DeploymentStatus) ?? null,
      error: (this.kv.get("error") as string) ?? null,
      startedAt: (this.kv.get("startedAt") as string) ?? null,
      updatedAt: log.at(-1)?.at ?? null,
      log,
    };
  }

  async alarm() {
    await this.driveCurrent();
    // Still under way (a run longer than the watchdog's period): look in again.
    if (this.pending())
      await this.ctx.storage.setAlarm(Date.now() + (this.kv.get("status") === "deploying" ? WATCHDOG_MS : RECORD_RETRY_MS));
  }

  /** Whether anything is left to do: a deployment under way, or an outcome not yet written to D1. */
  private pending() {
    return this.kv.get("status") === "deploying" || this.kv.get("outcome") !== undefined;
  }

  /** One step at a time per instance: whoever comes while a step runs waits for it. */
  private drive(): Promise<void> {
    this.running ??= this.step().finally(() => (this.running = null));
    return this.running;
  }

  /** Drives the current deployment: the step under way may be a replaced deployment's, then this one's follows. */
  private async driveCurrent() {
    await this.drive();
    if (this.kv.get("status") === "deploying" && !this.kv.get("runStarted")) await this.drive();
  }

  private async step() {
    await this.recordOutcome();
    if (this.kv.get("status") !== "deploying") return;
    const job = this.kv.get("job") as DeploymentJob;
    const deadline = this.kv.get("deadline") as number;
    const runs = (this.kv.get("runs") as number | undefined) ?? 0;
    if (this.kv.get("runStarted")) {
      // Marked as running in storage but not in this instance: the portal stopped during the run.
      if (runs >= MAX_RUNS || Date.now() >= deadline) return this.fail(job.deploymentId, DEPLOYMENT_INTERRUPTED_MESSAGE);
      this.append("The portal restarted during the deployment: running it again");
    } else if (Date.now() >= deadline) return this.fail(job.deploymentId, DEPLOYMENT_TIMEOUT_MESSAGE, DEPLOYMENT_TIMEOUT_MESSAGE);
    this.kv.put("runStarted", true);
    this.kv.put("runs", runs + 1);
    await this.ctx.storage.setAlarm(Math.min(deadline, Date.now() + WATCHDOG_MS));
    let activation: Activation;
    try {
      activation = await withDeadline(
        // A replaced deployment's late progress stays out of the newer one's log.
        activateDeployment(this.env, job, async (message) => {
          if (this.kv.get("deploymentId") === job.deploymentId) this.log(message);
        }),
        deadline,
      );
    } catch (err) {
      const message = (err as Error).message || "Deployment failed";
      return this.fail(job.deploymentId, message, message === DEPLOYMENT_TIMEOUT_MESSAGE ? message : undefined);
    }
    if (!this.isRunning(job.deploymentId)) return; // cancelled or replaced meanwhile: it never takes traffic
    this.kv.put("status", "deployed");
    this.kv.delete("runStarted");
    this.append("Deployment completed");
    await this.conclude({ deploymentId: job.deploymentId, serverId: job.serverId, status: "deployed", activation });
  }

  /** The one place a deployment is marked failed (ignored when it is no longer the one under way). */
  private async fail(deploymentId: string, error: string, logLine = `Deployment failed: ${error}`) {
    if (!this.isRunning(deploymentId)) return;
    const job = this.kv.get("job") as DeploymentJob;
    this.kv.put("status", "failed");
    this.kv.put("error", error);
    this.kv.delete("runStarted");
    this.append(logLine);
    await this.conclude({ deploymentId, serverId: job.serverId, status: "failed", error });
  }

  private isRunning(deploymentId: string) {
    return this.kv.get("deploymentId") === deploymentId && this.kv.get("status") === "deploying";
  }

  /** Keeps the outcome until D1 has it, and writes it. */
  private async conclude(outcome: DeploymentOutcome) {
    this.kv.put("outcome", outcome);
    await this.recordOutcome();
    if (!this.pending()) await this.ctx.storage.deleteAlarm();
  }

  /** Writes a kept outcome to D1; when that fails, the alarm tries again shortly. */
  private async recordOutcome() {
    const outcome = this.kv.get("outcome") as DeploymentOutcome | undefined;
    if (!outcome) return;
    try {
      await recordDeploymentOutcome(this.env, outcome);
      this.kv.delete("outcome");
    } catch (err) {
      console.error("deployment outcome not recorded yet", outcome.deploymentId, (err as Error).message);
      await this.ctx.storage.setAlarm(Date.now() + RECORD_RETRY_MS);
    }
  }

  private append(message: string) {
    this.sql.exec(`INSERT INTO log (at, message) VALUES (?, ?)`, new Date().toISOString(), message);
  }
}

/** `work`, or a rejection with the time-out message once `deadline` (epoch ms) passes. */
async function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(DEPLOYMENT_TIMEOUT_MESSAGE)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
