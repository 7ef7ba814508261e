// Deploy as a job: GET /api/servers/{id}/deployment answers the deployment's status and log while
// its Durable Object runs it, for the server's own organization only; a newer deployment ends the one
// under way failed, once, and a run cut off by a restart is run again.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEPLOYMENT_INTERRUPTED_MESSAGE, DEPLOYMENT_SUPERSEDED_MESSAGE, type DeploymentState } from "../../../durable-objects/deployment";
import { deployments, tools } from "../../../worker/db/schema";
import { completeDeployment, startDeployment } from "../../../worker/deploy/deploy";
import { call, signedIn } from "../helpers";
import { createServer, db, echoTool, upstream, useProviderSettings } from "../mcp-setup";

/** Polls the server's deployment until it is over; answers every answer seen. */
async function pollUntilOver(serverId: string, cookie: string) {
  const seen: { success: boolean; data: DeploymentState }[] = [];
  await vi.waitFor(
    async () => {
      seen.push(await (await call(`/api/servers/${serverId}/deployment`, { cookie })).json());
      expect(seen.at(-1)!.data.status).not.toBe("deploying");
    },
    { timeout: 20_000, interval: 50 },
  );
  return seen;
}

/** Cloudflare's API (the local fake) answering each upload after `ms`, for this server's deployments. */
const slowUploads = (serverId: string, ms: number) =>
  useProviderSettings(serverId, {
    CLOUDFLARE_ACCOUNT_ID: "acc-123",
    CLOUDFLARE_API_TOKEN: "cf-test-token",
    CLOUDFLARE_DISPATCH_NAMESPACE: "toolport-servers",
    CLOUDFLARE_API_BASE: `${upstream()}/_slow-cloudflare/${ms}/client/v4`,
  });

describe("deployment progress", () => {
  it("answers the status and the log as it grows while the deployment runs, until it is deployed", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    await slowUploads(server.id, 800);
    await startDeployment(db, env, server.id, { provider: "cloudflare" });
    const seen = await pollUntilOver(server.id, user.cookie);
    expect(seen[0].data.status).toBe("deploying");
    const last = seen.at(-1)!.data;
    expect(last.status).toBe("deployed");
    expect(last.log.map((l) => l.message)).toEqual([
      "Deployment started",
      `Generated 1 active tool (deployment ${last.deploymentId})`,
      "Stored 1 tools and the generated modules",
      `Uploading toolport-${server.slug} to the dispatch namespace toolport-servers`,
      expect.stringMatching(new RegExp(`^Uploaded toolport-${server.slug} \\(etag etag-\\d+\\)$`)),
      "Deployment completed",
    ]);
    // Each answer carried the log as it stood: it only grew.
    expect(seen.map((m) => m.data.log.length)).toEqual([...seen.map((m) => m.data.log.length)].sort((a, b) => a - b));
  });

  it("refuses other organizations", async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie: user.cookie, json: {} });
    expect((await call(`/api/servers/${server.id}/deployment`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe("deployment job", () => {
  it("ends the deployment under way failed, once, when a newer one starts; the newer one is deployed", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("first", {})]);
    await slowUploads(server.id, 1500);
    const older = await startDeployment(db, env, server.id, { provider: "cloudflare" });
    const olderRun = completeDeployment(env, db, older);
    await db.update(tools).set({ name: "second" }).where(eq(tools.serverId, server.id));
    const newer = await startDeployment(db, env, server.id, { provider: "cloudflare" });
    // The older deployment's upload is still under way: the newer one runs after it.
    await completeDeployment(env, db, newer);
    await olderRun;
    const row = (id: string) => db.query.deployments.findFirst({ where: eq(deployments.id, id) });
    expect(await row(older.deploymentId)).toMatchObject({ status: "failed", error: DEPLOYMENT_SUPERSEDED_MESSAGE });
    expect(await row(newer.deploymentId)).toMatchObject({ status: "deployed", error: null });
    const state = await env.DEPLOYMENT.getByName(server.id).state();
    expect(state).toMatchObject({ deploymentId: newer.deploymentId, status: "deployed" });
    expect(state.log.filter((l) => l.message === "Deployment completed")).toHaveLength(1);
  });

  it("runs a deployment again when its run was cut off (marked running in storage, not in the object)", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    const stub = env.DEPLOYMENT.getByName(server.id);
    await slowUploads(server.id, 3000);
    const started = await startDeployment(db, env, server.id, { provider: "cloudflare" });
    // As a restart would leave it: the run marked in storage, none in the (new) object; Cloudflare answers at once now.
    await runInDurableObject(stub, async (instance, state) => {
      const object = instance as unknown as { running: Promise<void> | null; env: typeof env };
      object.env = { ...object.env, CLOUDFLARE_API_BASE: `${upstream()}/client/v4` } as typeof env;
      object.running = null;
      state.storage.kv.put("runStarted", true);
      state.storage.kv.put("runs", 1);
    });
    await completeDeployment(env, db, started);
    const state = await stub.state();
    expect(state.status).toBe("deployed");
    expect(state.log.map((l) => l.message)).toContain("The portal restarted during the deployment: running it again");
    expect(await db.query.deployments.findFirst({ where: eq(deployments.id, started.deploymentId) })).toMatchObject({
      status: "deployed",
    });
  });

  it("ends a deployment failed, once, with how to retry when its second run was cut off too", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    const stub = env.DEPLOYMENT.getByName(server.id);
    await slowUploads(server.id, 3000);
    const started = await startDeployment(db, env, server.id, { provider: "cloudflare" });
    await runInDurableObject(stub, async (instance, state) => {
      (instance as unknown as { running: Promise<void> | null }).running = null;
      state.storage.kv.put("runStarted", true);
      state.storage.kv.put("runs", 2);
    });
    await completeDeployment(env, db, started);
    const state = await stub.state();
    expect(state).toMatchObject({ status: "failed", error: DEPLOYMENT_INTERRUPTED_MESSAGE });
    expect(state.log.filter((l) => l.message.startsWith("Deployment failed"))).toEqual([
      { at: expect.any(String), message: `Deployment failed: ${DEPLOYMENT_INTERRUPTED_MESSAGE}` },
    ]);
    expect(await db.query.deployments.findFirst({ where: eq(deployments.id, started.deploymentId) })).toMatchObject({
      status: "failed",
      error: DEPLOYMENT_INTERRUPTED_MESSAGE,
    });
  });
});
