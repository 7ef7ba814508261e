// Deployment lifecycle through the API: api-config, deploy (answered at once, run as a job by the
// server's Deployment object), status with progress log, redeploy, cancel, the time-out, and
// organization scoping.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEPLOYMENT_TIMEOUT_MESSAGE } from "../../../durable-objects/deployment";
import { deployments, memberships, servers, tools, users } from "../../../worker/db/schema";
import { completeDeployment, startDeployment } from "../../../worker/deploy/deploy";
import { call, signedIn } from "../helpers";
import { bearer, connectV2, createServer, createToken, db, echoOf, echoTool, upstream, useProviderSettings } from "../mcp-setup";

/** A signed-up user and their organization id. */
async function member() {
  const { cookie, email } = await signedIn();
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  const membership = await db.query.memberships.findFirst({ where: eq(memberships.userId, user!.id) });
  return { cookie, org: membership!.organizationId };
}

const json = async (res: Response) => (await res.json()) as { success: boolean; data: any; error?: string };

/** Waits until the server's deployment has run (through its Durable Object), then answers GET /deployment. */
async function settled(serverId: string, cookie: string) {
  const current = await json(await call(`/api/servers/${serverId}/deployment`, { cookie }));
  await env.DEPLOYMENT.getByName(serverId).settle(current.data.deploymentId);
  return json(await call(`/api/servers/${serverId}/deployment`, { cookie }));
}

/** Makes the server's Deployment object activate through Cloudflare's API at `base` (a slow or silent fake). */
const cloudflareAt = (serverId: string, base: string) =>
  useProviderSettings(serverId, {
    CLOUDFLARE_ACCOUNT_ID: "acc-123",
    CLOUDFLARE_API_TOKEN: "cf-test-token",
    CLOUDFLARE_DISPATCH_NAMESPACE: "toolport-servers",
    CLOUDFLARE_API_BASE: base,
  });

describe("deployment API: configuration, deploying and redeploying", () => {
  it("answers the api-config with masked secrets", async () => {
    const { cookie, org } = await member();
    const server = await createServer(org, [], {
      authType: "apiKey",
      secrets: { key: "very-secret-key-1234" },
      settings: { apiKey: { name: "X-Api-Key", in: "header" } },
    });
    const res = await call(`/api/servers/${server.id}/api-config`, { cookie });
    expect(await json(res)).toEqual({
      success: true,
      data: {
        baseUrl: server.baseUrl,
        authType: "apiKey",
        authStrategy: "managed",
        headers: { Accept: "application/json", "X-Api-Key": "••••••••" },
        instanceExample: null,
      },
    });
  });

  it("deploys, reports status with a progress log, and 404s before the first deployment", async () => {
    const { cookie, org } = await member();
    const server = await createServer(org, [echoTool("list_items", {})]);
    expect((await call(`/api/servers/${server.id}/deployment`, { cookie })).status).toBe(404);

    const res = await call(`/api/servers/${server.id}/deploy/cloudflare`, {
      method: "POST",
      cookie,
      json: { apiConfig: { baseUrl: server.baseUrl, authType: "none", headers: {} } },
    });
    const answered = await json(res);
    expect(res.status).toBe(200);
    // The request answers at once with the deployment recorded; its Durable Object runs it.
    expect(answered.data).toMatchObject({ error: null, deploymentUrl: `http://toolport.test/s/${server.slug}`, provider: "loader" });
    expect(["deploying", "deployed"]).toContain(answered.data.status);
    expect(answered.data.log.slice(0, 2).map((l: { message: string }) => l.message)).toEqual([
      "Deployment started",
      "Generated 1 active tool (deployment " + answered.data.deploymentId + ")",
    ]);
    const deployed = await settled(server.id, cookie);
    expect(deployed.data).toMatchObject({
      status: "deployed",
      error: null,
      deploymentUrl: `http://toolport.test/s/${server.slug}`,
      mcpUrl: `http://toolport.test/s/${server.slug}/mcp`,
      cloudflareProjectId: `toolport-${server.slug}`,
      provider: "loader",
    });
    expect(deployed.data.cloudflareDeploymentId).toBe(deployed.data.deploymentId);
    expect(deployed.data.activeDeploymentId).toBe(deployed.data.deploymentId);
    expect(deployed.data.log.map((l: { message: string }) => l.message)).toEqual([
      "Deployment started",
      "Generated 1 active tool (deployment " + deployed.data.deploymentId + ")",
      "Stored 1 tools and the generated modules",
      "Loaded the server's isolate and checked it answers MCP initialize",
      "Deployment completed",
    ]);
    const status = await json(await call(`/api/servers/${server.id}/deployment`, { cookie }));
    expect(status.data).toEqual(deployed.data);
  });

  it("redeploys from the latest tools: a toggled tool appears and disappears", async () => {
    const { cookie, org } = await member();
    const server = await createServer(org, [
      echoTool("first", {}),
      echoTool("second", {}, {}, []),
      { ...echoTool("third", {}), active: false },
    ]);
    const { token } = await createToken(org, [server.id]);
    await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie, json: {} });
    const first = await settled(server.id, cookie);
    const client = await connectV2(server.slug, bearer(token));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["first", "second"]);

    await db
      .update(tools)
      .set({ active: true })
      .where(and(eq(tools.serverId, server.id), eq(tools.name, "third")));
    await db
      .update(tools)
      .set({ active: false })
      .where(and(eq(tools.serverId, server.id), eq(tools.name, "first")));
    // Until the redeploy, the running deployment is unchanged.
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["first", "second"]);
    await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie, json: {} });
    const second = await settled(server.id, cookie);
    expect(second.data.deploymentId).not.toBe(first.data.deploymentId);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["second", "third"]);
    await client.close();
  });
});

describe("deployment API: cancelling, time limits and failures", () => {
  it("cancels a running deployment: it ends failed and traffic stays on the previous one", async () => {
    const { cookie, org } = await member();
    const server = await createServer(org, [echoTool("old_tool", {})]);
    const { token } = await createToken(org, [server.id]);
    await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie, json: {} });
    const first = await settled(server.id, cookie);

    await db.update(tools).set({ name: "new_tool" }).where(eq(tools.serverId, server.id));
    // The next activation takes 1.5 s: long enough to cancel it while it runs.
    await cloudflareAt(server.id, `${upstream()}/_slow-cloudflare/1500/client/v4`);
    const started = await startDeployment(db, env, server.id, { origin: "http://toolport.test", provider: "cloudflare" });
    const activation = completeDeployment(env, db, started);
    expect((await json(await call(`/api/servers/${server.id}/deployment`, { cookie }))).data.status).toBe("deploying");

    // The cancel call has no /api prefix and checks the origin like /api does.
    expect(
      (await call(`/servers/${server.id}/deployment`, { method: "DELETE", cookie, headers: { origin: "https://evil.example" } })).status,
    ).toBe(403);
    expect((await call(`/servers/${server.id}/deployment`, { method: "DELETE" })).status).toBe(401);
    const cancelled = await json(await call(`/servers/${server.id}/deployment`, { method: "DELETE", cookie }));
    expect(cancelled.data).toMatchObject({ status: "failed", error: "Deployment cancelled", activeDeploymentId: first.data.deploymentId });
    expect(cancelled.data.log.at(-1).message).toBe("Deployment cancelled by the user");

    // The activation that was under way finishes, but a cancelled deployment never takes traffic.
    await activation;
    const log = (await env.DEPLOYMENT.getByName(server.id).state()).log.map((l) => l.message);
    expect(log.some((m) => m.startsWith(`Uploaded toolport-${server.slug}`))).toBe(true);
    const after = await json(await call(`/api/servers/${server.id}/deployment`, { cookie }));
    expect(after.data).toMatchObject({ status: "failed", error: "Deployment cancelled", activeDeploymentId: first.data.deploymentId });
    const client = await connectV2(server.slug, bearer(token));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["old_tool"]);
    await client.close();
  });

  it("fails a deployment that hangs past its time limit, in D1 too", async () => {
    const { org } = await member();
    const server = await createServer(org, [echoTool("t", {})]);
    await cloudflareAt(server.id, `${upstream()}/hang?`);
    const started = await startDeployment(db, env, server.id, { provider: "cloudflare", timeoutMs: 300 });
    await completeDeployment(env, db, started);
    const row = await db.query.deployments.findFirst({ where: eq(deployments.id, started.deploymentId) });
    expect(row).toMatchObject({ status: "failed", error: DEPLOYMENT_TIMEOUT_MESSAGE });
    expect((await env.DEPLOYMENT.getByName(server.id).state()).log.at(-1)?.message).toBe(DEPLOYMENT_TIMEOUT_MESSAGE);
  });

  it("records a deployment as generated, then deploying; a stuck generated one is cancelled or timed out too", async () => {
    const { cookie, org } = await member();
    const server = await createServer(org, [echoTool("t", {})]);
    await cloudflareAt(server.id, `${upstream()}/hang?`);
    const started = await startDeployment(db, env, server.id, { provider: "cloudflare", timeoutMs: 500 });
    const id = started.deploymentId;
    expect(await db.query.deployments.findFirst({ where: eq(deployments.id, id) })).toMatchObject({ status: "deploying" });
    // As if the Worker stopped between generating the code and handing it on.
    await db.update(deployments).set({ status: "generated" }).where(eq(deployments.id, id));
    expect((await json(await call(`/api/servers/${server.id}/deployment`, { cookie }))).data.status).toBe("generated");
    await completeDeployment(env, db, started);
    expect(await db.query.deployments.findFirst({ where: eq(deployments.id, id) })).toMatchObject({
      status: "failed",
      error: DEPLOYMENT_TIMEOUT_MESSAGE,
    });

    const again = await startDeployment(db, env, server.id, { provider: "cloudflare" });
    await db.update(deployments).set({ status: "generated" }).where(eq(deployments.id, again.deploymentId));
    const cancelled = await json(await call(`/servers/${server.id}/deployment`, { method: "DELETE", cookie }));
    expect(cancelled.data).toMatchObject({ status: "failed", error: "Deployment cancelled" });
  });

  it("reports a failed deployment with its error", async () => {
    const { cookie, org } = await member();
    const server = await createServer(org, [echoTool("t", {})]);
    await db.update(servers).set({ baseUrl: null }).where(eq(servers.id, server.id));
    const res = await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie, json: {} });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toContain("no base URL");
  });
});

describe("deployment API: base URL, other organizations and the SPA", () => {
  it("keeps the base URL given at deploy time for a server whose description named none", async () => {
    const { cookie, org } = await member();
    const server = await createServer(org, [echoTool("t", {})]);
    await db.update(servers).set({ baseUrl: null }).where(eq(servers.id, server.id));
    const deploy = (apiConfig: object) =>
      call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie, json: { apiConfig } });
    const refused = await deploy({ baseUrl: "ftp://files.example.com" });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toBe("Only http and https URLs are supported");

    await deploy({ baseUrl: upstream() });
    expect((await settled(server.id, cookie)).data.status).toBe("deployed");
    expect((await json(await call(`/api/servers/${server.id}/api-config`, { cookie }))).data.baseUrl).toBe(upstream());
    // A redeploy that names no base URL (the superadmin's, a re-crawl's) still has it.
    await deploy({});
    expect((await settled(server.id, cookie)).data.status).toBe("deployed");
    const { token } = await createToken(org, [server.id]);
    const client = await connectV2(server.slug, bearer(token));
    expect(echoOf(await client.callTool({ name: "t", arguments: {} }))).toMatchObject({ path: "/echo/t" });
    await client.close();
  });

  it("keeps other organizations' servers out of reach", async () => {
    const { org } = await member();
    const stranger = await member();
    const server = await createServer(org, [echoTool("t", {})]);
    for (const [path, method] of [
      [`/api/servers/${server.id}/api-config`, "GET"],
      [`/api/servers/${server.id}/deployment`, "GET"],
      [`/api/servers/${server.id}/deploy/cloudflare`, "POST"],
      [`/servers/${server.id}/deployment`, "DELETE"],
    ]) {
      const res = await call(path, { method, cookie: stranger.cookie, ...(method === "POST" ? { json: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it("leaves GET /servers/{id} pages to the SPA", async () => {
    const res = await call(`/servers/some-id`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
  });
});
