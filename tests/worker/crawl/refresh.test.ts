// A deployed server made from a crawl, whose documentation changes: the re-crawl re-imports the
// tools (static parameter values kept), redeploys, and the MCP server then serves the new tools.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { NO_ENDPOINTS_RECRAWL_MESSAGE } from "../../../worker/crawl/refresh";
import type { JobMessage } from "../../../worker/jobs/messages";
import { authConfigs, servers } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { call, signedIn } from "../helpers";
import { crawlAndExtract, waitForRefresh } from "./helpers";
import { connectV2, db, echoOf, settledDeployment, upstream } from "../mcp-setup";
import { manyOperations, setPlan, uploadDescription } from "../servers/helpers";

const docsUrl = () => `${inject("fixtureOrigin")}/_pages/${pageId}/widgets.html`;
const pageId = crypto.randomUUID();
const listWidgets = `<h2>List widgets</h2><p><code>GET /widgets</code></p>
<h3>Query parameters</h3><ul><li><code>account</code> (string, required): the account the widgets belong to.</li>
<li><code>limit</code> (integer, optional): how many widgets to answer.</li></ul>`;
const countWidgets = `<h2>Count widgets</h2><p><code>GET /widgets/count</code></p>
<h3>Query parameters</h3><ul><li><code>account</code> (string, required): the account to count.</li></ul>`;

/** Publishes the documentation page on the fixture server. */
async function publish(sections: string) {
  const html = `<!doctype html><html><head><title>Widgets API</title></head><body><nav>Home · Pricing</nav><main>
<h1>Widgets API</h1><p>Base URL: ${upstream()}/v1</p>${sections}</main></body></html>`;
  const res = await fetch(docsUrl(), { method: "PUT", body: html });
  expect(res.status).toBe(204);
}

const json = async (res: Response) => (await res.json()) as { success: boolean; data: any; error?: string };

let user: Awaited<ReturnType<typeof signedIn>>;
let server: { id: string; slug: string };
beforeAll(async () => {
  user = await signedIn();
  await publish(listWidgets);
  const { job } = await crawlAndExtract(user.cookie, docsUrl(), [docsUrl()]);
  const created = await json(
    await call("/api/servers/from-spec", { method: "POST", cookie: user.cookie, json: { specId: job.specId, name: "Widgets" } }),
  );
  server = created.data;
});

describe("re-crawl of a deployed server", () => {
  it("keeps static values, redeploys, and serves the tools of the changed documentation", async () => {
    const saved = await call(`/api/servers/${server.id}/auth-config`, {
      method: "POST",
      cookie: user.cookie,
      json: { authType: "none", authStrategy: "passthrough", exposeToPublic: true, authContextValues: { account: "acct_42" } },
    });
    expect((await json(saved)).success).toBe(true);
    // The page names a loopback address, as a self-hosted product's documentation does: the crawl
    // names no server, keeps the example's /v1 in the paths, and the user gives their own address.
    const row = await db.query.servers.findFirst({ where: eq(servers.id, server.id) });
    expect(row!.baseUrl).toBeNull();
    // The deploy flow shows the docs' example address when it asks for the user's own.
    const apiConfig = (await json(await call(`/api/servers/${server.id}/api-config`, { cookie: user.cookie }))).data;
    expect(apiConfig).toMatchObject({ baseUrl: null, instanceExample: `${upstream()}/v1` });
    await call(`/api/servers/${server.id}/deploy/cloudflare`, {
      method: "POST",
      cookie: user.cookie,
      json: { apiConfig: { baseUrl: upstream(), authType: "none", headers: {} } },
    });
    const first = { data: await settledDeployment(server.id) };
    expect(first.data?.status).toBe("deployed");

    const before = await connectV2(server.slug);
    const listed = (await before.listTools()).tools;
    expect(listed.map((t) => t.name)).toEqual(["listWidgets"]);
    expect(Object.keys(listed[0].inputSchema.properties ?? {})).toEqual(["limit"]); // static: hidden from the model
    expect(echoOf(await before.callTool({ name: "listWidgets", arguments: { limit: 2 } }))).toMatchObject({
      method: "GET",
      path: "/v1/widgets",
      query: "account=acct_42&limit=2",
    });
    await before.close();

    await publish(`${listWidgets}\n${countWidgets}`);
    const restarted = await json(await call(`/api/servers/${server.id}/restart-crawl`, { method: "POST", cookie: user.cookie }));
    expect(restarted.data.urlCount).toBe(1);
    // The crawl's status says when the tools are refreshed and redeployed, not only when the pages are in.
    expect(await waitForRefresh(user.cookie, restarted.data.crawlId)).toMatchObject({
      status: "completed",
      refresh: { status: "done", error: null },
    });
    const deployment = (await json(await call(`/api/servers/${server.id}/deployment`, { cookie: user.cookie }))).data;
    expect(deployment).toMatchObject({ status: "deployed", activeDeploymentId: deployment.deploymentId });
    expect(deployment.deploymentId).not.toBe(first.data?.deploymentId);

    const auth = await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, server.id) });
    expect(auth!.authContextValues).toEqual({ account: "acct_42" });
    // The re-crawl keeps the address the user gave.
    expect((await db.query.servers.findFirst({ where: eq(servers.id, server.id) }))!.baseUrl).toBe(upstream());
    const after = await connectV2(server.slug);
    const tools = (await after.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(["countWidgets", "listWidgets"]);
    expect(tools.every((t) => !("account" in (t.inputSchema.properties ?? {})))).toBe(true);
    expect(echoOf(await after.callTool({ name: "countWidgets", arguments: {} }))).toMatchObject({
      method: "GET",
      path: "/v1/widgets/count",
      query: "account=acct_42",
    });
    await after.close();
    const refreshed = (await json(await call(`/api/servers/${server.id}`, { cookie: user.cookie }))).data;
    expect(refreshed).toMatchObject({ lastCrawlError: null, lastCrawledAt: expect.any(String) });
  });

  it("keeps the tools and says why when the re-crawled pages document no endpoints", async () => {
    const before = (await json(await call(`/api/servers/${server.id}`, { cookie: user.cookie }))).data;
    await publish("<h2>Moved</h2><p>This documentation now lives elsewhere. Thanks for reading.</p>");
    const restarted = await json(await call(`/api/servers/${server.id}/restart-crawl`, { method: "POST", cookie: user.cookie }));
    expect(await waitForRefresh(user.cookie, restarted.data.crawlId)).toMatchObject({
      status: "completed",
      refresh: { status: "failed", error: NO_ENDPOINTS_RECRAWL_MESSAGE },
    });
    const answer = (await json(await call(`/api/servers/${server.id}`, { cookie: user.cookie }))).data;
    expect(answer.lastCrawlError).toBe(NO_ENDPOINTS_RECRAWL_MESSAGE);
    expect(answer.lastCrawledAt).toBe(before.lastCrawledAt);
    expect(answer.toolCount).toBe(before.toolCount);
  });

  it("records why an automated re-crawl could not run once its last attempt fails", async () => {
    const owner = await signedIn();
    await setPlan(owner.email, "growth");
    const { data: created } = await json(await uploadDescription(owner.cookie, "docs.json", manyOperations(1, "Docs API")));
    const unreachable = `${inject("fixtureOrigin")}/_status/500`;
    await db.update(servers).set({ originalCrawlUrl: unreachable, automatedCrawlEnabled: true }).where(eq(servers.id, created.id));
    const deliver = async (attempts: number) => {
      const batch = createMessageBatch<JobMessage>("toolport-jobs", [
        { id: "recrawl-1", timestamp: new Date(), attempts, body: { kind: "recrawl", serverId: created.id } },
      ]);
      const ctx = createExecutionContext();
      await worker.queue!(batch, env, ctx);
      return getQueueResult(batch, ctx);
    };
    expect((await deliver(1)).retryMessages.map((m) => m.msgId)).toEqual(["recrawl-1"]);
    expect((await db.query.servers.findFirst({ where: eq(servers.id, created.id) }))!.lastCrawlError).toBeNull();
    expect(await deliver(3)).toMatchObject({ explicitAcks: ["recrawl-1"], retryMessages: [] });
    const answer = (await json(await call(`/api/servers/${created.id}`, { cookie: owner.cookie }))).data;
    expect(answer.lastCrawlError).toMatch(/^The re-crawl could not be completed: ./);
    const { runs } = (await json(await call(`/api/servers/${created.id}/automated-runs`, { cookie: owner.cookie }))).data;
    expect(runs).toEqual([
      expect.objectContaining({ kind: "crawl", outcome: "failed", error: answer.lastCrawlError, finishedAt: expect.any(String) }),
    ]);
  });
});
