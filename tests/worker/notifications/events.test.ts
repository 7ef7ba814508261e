// Each event of the bell is recorded where it happens, once: an import job's end, a crawl started by a
// user (from the wizard, its extraction, a server's re-crawl), and a server's active tools reaching the plan's limit.
import { createExecutionContext, createMessageBatch, getQueueResult, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { CRAWL_TIMEOUT_MESSAGE, type CrawlSession } from "../../../durable-objects/crawl-session";
import { MAX_JOB_ATTEMPTS } from "../../../worker/crawl/jobs";
import type { JobMessage } from "../../../worker/jobs/messages";
import { crawls, tools } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { NOT_CONVERTIBLE_MESSAGE } from "../../../worker/lib/messages";
import { crawlAndExtract, waitForRefresh } from "../crawl/helpers";
import { call, signedIn } from "../helpers";
import { createServer, db, echoTool } from "../mcp-setup";
import { manyOperations, uploadDescription } from "../servers/helpers";

type Listed = { kind: string; title: string; message: string; link: string | null; read: boolean };
const json = async (res: Response) => (await res.json()) as { success: boolean; data: any; error?: string };
const list = async (cookie: string): Promise<Listed[]> => (await json(await call("/api/notifications", { cookie }))).data.notifications;

/** The organization's notifications once `count` of them are recorded (some are written as a job or a session ends). */
async function notificationsOf(cookie: string, count: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = await list(cookie);
    if (listed.length >= count || Date.now() > deadline) return listed;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Delivers one import job message through the Worker's queue handler. */
async function deliverImport(jobId: string) {
  const batch = createMessageBatch<JobMessage>("toolport-jobs", [
    { id: `import-${jobId}`, timestamp: new Date(), attempts: 1, body: { kind: "import", jobId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function startImportJob(cookie: string, query: string, body: string) {
  const res = await call(`/api/imports?${query}`, {
    method: "POST",
    cookie,
    body,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(res.status).toBe(202);
  return (await json(res)).data.id as string;
}

/** Publishes a documentation page on the fixture server; answers its URL. */
async function publish(html: string) {
  const url = `${inject("fixtureOrigin")}/_pages/${crypto.randomUUID()}/api.html`;
  expect(
    (
      await fetch(url, {
        method: "PUT",
        body: `<!doctype html><html><head><title>Widgets API</title></head><body><main><h1>Widgets API</h1>${html}</main></body></html>`,
      })
    ).status,
  ).toBe(204);
  return url;
}
const widgetsPage = `<p>Base URL: https://widgets.example.com/v1</p><h2>List widgets</h2><p><code>GET /widgets</code></p>
<h3>Query parameters</h3><ul><li><code>limit</code> (integer, optional): how many widgets to answer.</li></ul>`;

describe("notifications of import jobs", () => {
  it("tells a finished import with its server and tools, and that the plan's active-tool limit left some off", async () => {
    const user = await signedIn();
    const jobId = await startImportJob(user.cookie, "filename=many.json&name=Many%20Ops", manyOperations(12));
    await deliverImport(jobId);
    const job = (await json(await call(`/api/imports/${jobId}`, { cookie: user.cookie }))).data;
    expect(job.status).toBe("completed");
    const listed = await list(user.cookie);
    expect(listed).toEqual([
      {
        kind: "tools_limit_reached",
        title: "Many Ops: active-tool limit reached",
        message: "10 of 12 tools are active, the most the plan allows per server (maxToolsPerServer). Upgrade the plan to turn more on.",
        link: `/servers/${job.serverId}`,
        read: false,
        id: expect.any(String),
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        kind: "import_finished",
        title: "Many Ops imported: 12 tools",
        message: "10 tools active, 2 off (the plan's active-tool limit).",
        link: `/servers/${job.serverId}`,
      }),
    ]);
    // A redelivered message finds the job over and tells nothing again.
    await deliverImport(jobId);
    expect(await list(user.cookie)).toHaveLength(2);
  });

  it("tells a failed import with the reason", async () => {
    const user = await signedIn();
    const jobId = await startImportJob(user.cookie, "filename=big.yaml", "openapi: 3.0.0\npaths: {}\n");
    await deliverImport(jobId);
    expect(await list(user.cookie)).toEqual([
      expect.objectContaining({
        kind: "import_failed",
        title: "big.yaml: import failed",
        message: "The description is not a JSON object: descriptions this large are imported from JSON (convert the YAML to JSON first)",
        link: "/servers",
      }),
    ]);
  });
});

describe("an import job's last attempt", () => {
  it("ends the job failed with the reason, and tells it, when the attempt fails before the import begins", async () => {
    const user = await signedIn();
    const jobId = await startImportJob(user.cookie, "filename=many.json", manyOperations(3));
    // D1 refuses the job's first write (marking it processing); the write that ends it failed still goes through.
    const failing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") {
          return (query: string) => {
            if (query.startsWith('update "import_jobs"') && !query.includes('"error"'))
              throw new Error("D1_ERROR: the database is unavailable");
            return target.prepare(query);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const batch = createMessageBatch<JobMessage>("toolport-jobs", [
      { id: `import-${jobId}`, timestamp: new Date(), attempts: MAX_JOB_ATTEMPTS, body: { kind: "import", jobId } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, DB: failing }, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`import-${jobId}`]);
    const job = (await json(await call(`/api/imports/${jobId}`, { cookie: user.cookie }))).data;
    expect(job).toMatchObject({ status: "failed", error: "The import could not be completed: D1_ERROR: the database is unavailable" });
    expect(await list(user.cookie)).toEqual([
      expect.objectContaining({
        kind: "import_failed",
        message: "The import could not be completed: D1_ERROR: the database is unavailable",
      }),
    ]);
  });
});

describe("notifications of the active-tool limit", () => {
  it("tells when an import in the request leaves tools off at the plan's limit", async () => {
    const user = await signedIn();
    const created = await json(await uploadDescription(user.cookie, "many.json", manyOperations(11, "Eleven")));
    expect(created.data.activeToolCount).toBe(10);
    expect(await list(user.cookie)).toEqual([
      expect.objectContaining({
        kind: "tools_limit_reached",
        title: "Eleven: active-tool limit reached",
        link: `/servers/${created.data.id}`,
      }),
    ]);
  });

  it("tells when enabling tools reaches the limit while the server has more, once a day", async () => {
    const user = await signedIn();
    // 12 tools, 8 of them active (inserted in two statements: D1 binds at most 100 values per statement).
    const server = await createServer(
      user.organizationId,
      Array.from({ length: 6 }, (_, i) => echoTool(`tool_${i}`, {})),
    );
    const more = Array.from({ length: 6 }, (_, i) => echoTool(`tool_${i + 6}`, {}));
    await db.insert(tools).values(
      more.map((t, i) => ({
        serverId: server.id,
        name: t.name,
        description: "More",
        active: i < 2,
        inputSchema: t.inputSchema,
        mapping: t.mapping,
        endpoint: { method: "get", path: t.mapping.path },
        position: 6 + i,
      })),
    );
    const toggle = (toolNames: string[], active: boolean) =>
      call(`/api/servers/${server.id}/tools`, { method: "PATCH", cookie: user.cookie, json: { toolNames, active } });
    expect((await json(await toggle(["tool_8"], true))).data.activeToolCount).toBe(9);
    expect(await list(user.cookie)).toEqual([]);
    expect((await json(await toggle(["tool_9"], true))).data.activeToolCount).toBe(10);
    expect(await list(user.cookie)).toEqual([
      expect.objectContaining({
        kind: "tools_limit_reached",
        title: `${server.name}: active-tool limit reached`,
        message: expect.stringContaining("10 of 12 tools are active"),
        link: `/servers/${server.id}`,
      }),
    ]);
    await toggle(["tool_9"], false);
    await toggle(["tool_9"], true);
    expect(await list(user.cookie)).toHaveLength(1);
  });
});

describe("notifications of crawls a user starts", () => {
  it("tells a finished crawl, and an extraction that found no API", async () => {
    const user = await signedIn();
    const url = await publish("<h2>Moved</h2><p>This documentation now lives elsewhere. Thanks for reading.</p>");
    const { job } = await crawlAndExtract(user.cookie, url, [url]);
    expect(job.status).toBe("failed");
    const site = new URL(url).host;
    const listed = await notificationsOf(user.cookie, 2);
    expect(listed.map(({ kind, title, message, link }) => ({ kind, title, message, link }))).toEqual([
      {
        kind: "crawl_failed",
        title: `${site}: no API description from the crawl`,
        message: `OpenAPI extraction failed: ${NOT_CONVERTIBLE_MESSAGE}`,
        link: "/servers",
      },
      { kind: "crawl_finished", title: `Crawl of ${site} finished`, message: "1 of 1 page read.", link: "/servers" },
    ]);
  });

  it("tells a crawl that ran out of time", async () => {
    const user = await signedIn();
    const crawlId = crypto.randomUUID();
    const url = `${inject("fixtureOrigin")}/docs-reference/index.html`;
    await db
      .insert(crawls)
      .values({ id: crawlId, organizationId: user.organizationId, url, status: "crawling", total: 1, selectedUrls: [url] });
    const session = env.CRAWL_SESSION.getByName(crawlId) as DurableObjectStub<CrawlSession>;
    await session.start(crawlId, [url], 1);
    expect(await runDurableObjectAlarm(session)).toBe(true);
    expect(await list(user.cookie)).toEqual([
      expect.objectContaining({
        kind: "crawl_failed",
        title: `Crawl of ${new URL(url).host} failed`,
        message: CRAWL_TIMEOUT_MESSAGE,
        link: "/servers",
      }),
    ]);
  });

  it("tells how a server's re-crawl started by hand ended, once, linking to the server", async () => {
    const user = await signedIn();
    const url = await publish(widgetsPage);
    const { job } = await crawlAndExtract(user.cookie, url, [url]);
    const server = (
      await json(
        await call("/api/servers/from-spec", { method: "POST", cookie: user.cookie, json: { specId: job.specId, name: "Widgets" } }),
      )
    ).data;
    await notificationsOf(user.cookie, 1);
    await fetch(url, {
      method: "PUT",
      body: `<html><body><main><h1>Widgets API</h1>${widgetsPage}<h2>Count widgets</h2><p><code>GET /widgets/count</code></p></main></body></html>`,
    });
    const restarted = (await json(await call(`/api/servers/${server.id}/restart-crawl`, { method: "POST", cookie: user.cookie }))).data;
    expect(await waitForRefresh(user.cookie, restarted.crawlId)).toMatchObject({ refresh: { status: "done" } });
    const listed = await notificationsOf(user.cookie, 2);
    expect(listed.map(({ kind, title, link }) => ({ kind, title, link }))).toEqual([
      { kind: "crawl_finished", title: "Widgets: re-crawl finished", link: `/servers/${server.id}` },
      { kind: "crawl_finished", title: `Crawl of ${new URL(url).host} finished`, link: "/servers" },
    ]);
    expect(listed[0].message).toBe("Tools: 1 added.");
  });
});
