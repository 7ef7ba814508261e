// Deployment: the live state of one server's deployment — status, a timestamped log, errors — kept
// in SQLite storage so it survives restarts, with an alarm that fails a deployment that hangs.
import { DurableObject } from "cloudflare:workers";

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

/** How long a deployment may stay in 'deploying' before the alarm marks it failed. */
export const DEPLOYMENT_TIMEOUT_MS = 10 * 60 * 1000;
export const DEPLOYMENT_TIMEOUT_MESSAGE = "Deployment timeout - please check status manually";

export class Deployment extends DurableObject<Env> {
  private sql = this.ctx.storage.sql;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, message TEXT NOT NULL)`);
  }

  private get kv() {
    return this.ctx.storage.kv;
  }

  /** Starts a new deployment: clears the previous log and arms the time-out. */
  async begin(deploymentId: string, timeoutMs = DEPLOYMENT_TIMEOUT_MS): Promise<DeploymentState> {
    const now = new Date().toISOString();
    this.sql.exec(`DELETE FROM log`);
    this.kv.put("deploymentId", deploymentId);
    this.kv.put("status", "deploying");
    this.kv.put("startedAt", now);
    this.kv.delete("error");
    this.append("Deployment started");
    await this.ctx.storage.setAlarm(Date.now() + timeoutMs);
    return this.state();
  }

  /** Adds a line to the progress log. */
  log(message: string) {
    this.append(message);
  }

  /** Ends the deployment as deployed or failed (ignored if another deployment has started since). */
  async finish(deploymentId: string, status: "deployed" | "failed", error?: string): Promise<DeploymentState> {
    if (this.kv.get("deploymentId") !== deploymentId || this.kv.get("status") !== "deploying") return this.state();
    this.kv.put("status", status);
    if (error) this.kv.put("error", error);
    this.append(status === "deployed" ? "Deployment completed" : `Deployment failed: ${error ?? "unknown error"}`);
    await this.ctx.storage.deleteAlarm();
    return this.state();
  }

  /** Cancels a running deployment. */
  async cancel(): Promise<DeploymentState> {
    if (this.kv.get("status") === "deploying") {
      this.kv.put("status", "failed");
      this.kv.put("error", "Deployment cancelled");
      this.append("Deployment cancelled by the user");
      await this.ctx.storage.deleteAlarm();
    }
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
    if (this.kv.get("status") !== "deploying") return;
    this.kv.put("status", "failed");
    this.kv.put("error", DEPLOYMENT_TIMEOUT_MESSAGE);
    this.append(DEPLOYMENT_TIMEOUT_MESSAGE);
    // The D1 row is what the API answers: mark it failed too (unless it finished meanwhile).
    const deploymentId = this.kv.get("deploymentId") as string | undefined;
    if (deploymentId) {
      await this.env.DB.prepare(`UPDATE deployments SET status = 'failed', error = ?, updated_at = ? WHERE id = ? AND status IN ('generated', 'deploying')`)
        .bind(DEPLOYMENT_TIMEOUT_MESSAGE, Date.now(), deploymentId)
        .run();
    }
  }

  private append(message: string) {
    this.sql.exec(`INSERT INTO log (at, message) VALUES (?, ?)`, new Date().toISOString(), message);
  }
}
