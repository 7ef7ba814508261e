// Deploy as a job: GET /api/servers/{id}/deployment/ws pushes the deployment's status and log while
// its Durable Object runs it, for the server's own organization only; a newer deployment ends the one
// under way failed, once, and a run cut off by a restart is run again.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEPLOYMENT_INTERRUPTED_MESSAGE, DEPLOYMENT_SUPERSEDED_MESSAGE, type DeploymentState } from "../../../durable-objects/deployment";
import { deployments, tools } from "../../../worker/db/schema";
import { completeDeployment, startDeployment } from "../../../worker/deploy/deploy";
import { call, signedIn } from "../helpers";
import { createServer, db, echoTool, upstream, useProviderSettings } from "../mcp-setup";

/** Opens the deployment's WebSocket and collects its messages until the server closes it. */
async function listen(serverId: string, cookie: string) {
  const res = await call(`/api/servers/${serverId}/deployment/ws`, { cookie, headers: { upgrade: "websocket", origin: "http://toolport.test" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: { success: boolean; data: DeploymentState }[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })));
  ws.addEventListener("message", (e) => void messages.push(JSON.parse(e.data as string)));
  ws.accept();
  return { messages, closed };
}

/** Cloudflare's API (the local fake) answering each upload after `ms`, for this server's deployments. */
const slowUploads = (serverId: string, ms: number) =>
  useProviderSettings(serverId, {
    CLOUDFLARE_ACCOUNT_ID: "acc-123",
    CLOUDFLARE_API_TOKEN: "cf-test-token",
    CLOUDFLARE_DISPATCH_NAMESPACE: "toolport-servers",
    CLOUDFLARE_API_BASE: `${upstream()}/_slow-cloudflare/${ms}/client/v4`,
  });

describe("deployment WebSocket", () => {
  it("pushes the status and log while the deployment runs, then closes once it is deployed", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    await slowUploads(server.id, 800);
    await startDeployment(env, db, server.id, { provider: "cloudflare" });
    const { messages, closed } = await listen(server.id, user.cookie);
    expect(await closed).toEqual({ code: 1000, reason: "Deployment deployed" });
    expect(messages[0].data.status).toBe("deploying");
    const last = messages.at(-1)!.data;
    expect(last.status).toBe("deployed");
    expect(last.log.map((l) => l.message)).toEqual([
      "Deployment started",
      `Generated 1 active tool (deployment ${last.deploymentId})`,
      `Uploading toolport-${server.slug} to the dispatch namespace toolport-servers`,
      expect.stringMatching(new RegExp(`^Uploaded toolport-${server.slug} \\(etag etag-\\d+\\)$`)),
      "Deployment completed",
    ]);
    // Each message carried the log as it stood: it only grew.
    expect(messages.map((m) => m.data.log.length)).toEqual([...messages.map((m) => m.data.log.length)].sort((a, b) => a - b));
  });

  it("answers the state at once and closes for a deployment already over, and refuses other organizations", async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie: user.cookie, json: {} });
    const { deploymentId } = await env.DEPLOYMENT.getByName(server.id).state();
    await env.DEPLOYMENT.getByName(server.id).settle(deploymentId!);
    const { messages, closed } = await listen(server.id, user.cookie);
    await closed;
    expect(messages.map((m) => m.data.status)).toEqual(["deployed"]);
    const refused = await call(`/api/servers/${server.id}/deployment/ws`, { cookie: stranger.cookie, headers: { upgrade: "websocket", origin: "http://toolport.test" } });
    expect(refused.status).toBe(404);
    const foreign = await call(`/api/servers/${server.id}/deployment/ws`, { cookie: user.cookie, headers: { upgrade: "websocket", origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
  });
});

describe("deployment job", () => {
  it("ends the deployment under way failed, once, when a newer one starts; the newer one is deployed", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("first", {})]);
    await slowUploads(server.id, 1500);
    const older = await startDeployment(env, db, server.id, { provider: "cloudflare" });
    const olderRun = completeDeployment(env, db, older);
    await db.update(tools).set({ name: "second" }).where(eq(tools.serverId, server.id));
    const newer = await startDeployment(env, db, server.id, { provider: "cloudflare" });
    // The older deployment's upload is still under way: the newer one runs after it.
    await completeDeployment(env, db, newer);
    await olderRun;
    const row = (id: string) => db.query.deployments.findFirst({ where: eq(deployments.id, id) });
    expect(await row(older.generated.deploymentId)).toMatchObject({ status: "failed", error: DEPLOYMENT_SUPERSEDED_MESSAGE });
    expect(await row(newer.generated.deploymentId)).toMatchObject({ status: "deployed", error: null });
    const state = await env.DEPLOYMENT.getByName(server.id).state();
    expect(state).toMatchObject({ deploymentId: newer.generated.deploymentId, status: "deployed" });
    expect(state.log.filter((l) => l.message === "Deployment completed")).toHaveLength(1);
  });

  it("runs a deployment again when its run was cut off (marked running in storage, not in the object)", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    const stub = env.DEPLOYMENT.getByName(server.id);
    await slowUploads(server.id, 3000);
    const started = await startDeployment(env, db, server.id, { provider: "cloudflare" });
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
    expect(await db.query.deployments.findFirst({ where: eq(deployments.id, started.generated.deploymentId) })).toMatchObject({ status: "deployed" });
  });

  it("ends a deployment failed, once, with how to retry when its second run was cut off too", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("t", {})]);
    const stub = env.DEPLOYMENT.getByName(server.id);
    await slowUploads(server.id, 3000);
    const started = await startDeployment(env, db, server.id, { provider: "cloudflare" });
    await runInDurableObject(stub, async (instance, state) => {
      (instance as unknown as { running: Promise<void> | null }).running = null;
      state.storage.kv.put("runStarted", true);
      state.storage.kv.put("runs", 2);
    });
    await completeDeployment(env, db, started);
    const state = await stub.state();
    expect(state).toMatchObject({ status: "failed", error: DEPLOYMENT_INTERRUPTED_MESSAGE });
    expect(state.log.filter((l) => l.message.startsWith("Deployment failed"))).toEqual([{ at: expect.any(String), message: `Deployment failed: ${DEPLOYMENT_INTERRUPTED_MESSAGE}` }]);
    expect(await db.query.deployments.findFirst({ where: eq(deployments.id, started.generated.deploymentId) })).toMatchObject({ status: "failed", error: DEPLOYMENT_INTERRUPTED_MESSAGE });
  });
});
