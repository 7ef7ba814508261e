// Against `npm run dev`: the daily Cron fired the way `npm run dev` prints it (GET /cdn-cgi/handler/scheduled
// on the MCP gateway Worker, handed to the portal). A crawled server's due re-crawl picks up a newly
// documented endpoint and keeps a switched-off tool off; a URL server's due sync applies a change that
// breaks no call and holds a breaking one; each run shows on the server page and in the notifications.
// MCP calls use the SDK client.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import { promisify } from "node:util";
import type { APIRequestContext, Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFixtureServer } from "../fixture-server";
import { expectedSignedOut, connectChromium, sharedPortal, shoot, watchConsole } from "./browser";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const dev = sharedPortal();
let browser: Browser;
let context: BrowserContext;
let api: APIRequestContext;
let docs: { server: Server; origin: string };
let upstream: { server: Server; origin: string };
const consoleErrors: string[] = [];

/** The API the servers call: answers every request with its method and path. */
async function startUpstream() {
  const server = createServer((req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ method: req.method, path: req.url })),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

beforeAll(async () => {
  [docs, upstream] = await Promise.all([startFixtureServer(), startUpstream()]);
  browser = await connectChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  api = context.request;
  // A Growth organization: sign up, sign in (the context keeps the session), then the local checkout.
  const account = { email: `cron-${Date.now()}@toolport.test`, password: "correct horse battery", name: "Carl Cron" };
  await send("POST", "/api/auth/sign-up/email", account);
  await send("POST", "/api/auth/sign-in/email", account);
  const { url } = await send("POST", "/api/billing/checkout", { planType: "growth" });
  expect((await api.post(new URL(url, dev.url).href, { headers: { origin: dev.url }, maxRedirects: 0 })).status()).toBe(303);
});

afterAll(async () => {
  await browser?.close();
  for (const s of [docs?.server, upstream?.server]) {
    s?.closeAllConnections();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }
});

/** Calls the portal's API with the session; answers `data` (or the whole body when there is none) and fails on an error status. */
async function send(method: string, path: string, data?: unknown) {
  const res = await api.fetch(`${dev.url}${path}`, { method, headers: { origin: dev.url }, ...(data === undefined ? {} : { data }) });
  const text = await res.text();
  expect(res.status(), `${method} ${path}: ${text}`).toBeLessThan(300);
  const body = text ? JSON.parse(text) : {};
  return body.data ?? body;
}

/** Polls `check` until it answers something truthy; fails with `what` at the deadline. */
async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Publishes a page (or a description) on the docs site. */
async function publish(path: string, body: string) {
  expect((await fetch(`${docs.origin}/_pages/${path}`, { method: "PUT", body })).status).toBe(204);
}

/** Makes the server's next automated run due, in the local D1 (as the sweep finds it on its day). */
async function makeDue(serverId: string) {
  const sql = `UPDATE servers SET next_crawl_at = ${Date.now() - 60_000} WHERE id = '${serverId}'`;
  await promisify(execFile)("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", dev.persistTo, "--command", sql]);
}

/** Fires the daily sweep with the command `npm run dev` printed for it; answers when it was fired. */
async function fireDailySweep() {
  const command = dev.output().match(/curl "(\S+\/cdn-cgi\/handler\/scheduled\?cron=0\+3\+\*\+\*\+\*)"/);
  expect(command, "npm run dev prints the daily sweep's command").not.toBeNull();
  const firedAt = Date.now();
  const res = await fetch(command![1]);
  expect(`${res.status} ${await res.text()}`).toBe("200 ok");
  return firedAt;
}

/** The server's newest automated run once one has finished after `since`. */
const finishedRun = (serverId: string, since: number) =>
  until(`an automated run of ${serverId} to finish`, async () => {
    const { runs } = await send("GET", `/api/servers/${serverId}/automated-runs`);
    const run = runs[0];
    return run && run.finishedAt && Date.parse(run.startedAt) >= since - 1000 ? run : null;
  });

/** The tools the deployed server lists once they include `name`. */
const listedOnceWith = (slug: string, name: string) =>
  until(`the redeployed server to list ${name}`, async () => {
    const names = await listedTools(slug);
    return names.includes(name) && names;
  });

/** The names of the tools the deployed server lists to an MCP client. */
async function listedTools(slug: string) {
  const client = new Client({ name: "scheduled-runs-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${dev.url}/s/${slug}/mcp`)));
  try {
    return (await client.listTools()).tools.map((t) => t.name).sort();
  } finally {
    await client.close();
  }
}

/** Saves public access with no API authentication and deploys; answers once the deployment is live. */
async function deploy(server: { id: string }, baseUrl: string) {
  await send("POST", `/api/servers/${server.id}/auth-config`, { authType: "none", authStrategy: "passthrough", exposeToPublic: true });
  await send("POST", `/api/servers/${server.id}/deploy/cloudflare`, { apiConfig: { baseUrl, authType: "none", headers: {} } });
  return until("the deployment", async () => (await send("GET", `/api/servers/${server.id}/deployment`)).status === "deployed");
}

const section = (title: string, method: string, path: string) =>
  `<h2>${title}</h2><p><code>${method} ${path}</code></p><p>${title} of the account.</p>`;
const widgetsPage = (sections: string[]) =>
  `<!doctype html><html><head><title>Widgets API</title></head><body><main><h1>Widgets API</h1><p>Base URL: ${upstream.origin}/v1</p>${sections.join("\n")}</main></body></html>`;

it("re-crawls a due crawled server when the daily Cron fires: the new endpoint becomes a tool, a switched-off one stays off", async () => {
  const page = `${crypto.randomUUID()}/widgets.html`;
  const docsUrl = `${docs.origin}/_pages/${page}`;
  await publish(page, widgetsPage([section("List widgets", "GET", "/widgets"), section("Count widgets", "GET", "/widgets/count")]));
  const { crawlId } = await send("POST", "/api/crawl/crawl", { url: docsUrl, selectedUrls: [docsUrl] });
  await until("the crawl", async () => (await send("GET", `/api/crawl/${crawlId}`)).status === "completed");
  const { jobId } = await send("POST", `/api/crawl/${crawlId}/extract`);
  const job = await until("the extraction", async () => {
    const { job } = await send("GET", `/api/crawl/extract/job/${jobId}`);
    return job.status === "completed" && job;
  });
  const server = await send("POST", "/api/servers/from-spec", { specId: job.specId, name: "Widgets" });
  await send("PATCH", `/api/servers/${server.id}/tools`, { toolName: "countWidgets", active: false });
  await deploy(server, `${upstream.origin}/v1`);
  expect(await listedTools(server.slug)).toEqual(["listWidgets"]);
  await send("PATCH", `/api/servers/${server.id}/automated-crawl`, { enabled: true, frequency: "weekly" });

  await publish(
    page,
    widgetsPage([
      section("List widgets", "GET", "/widgets"),
      section("Count widgets", "GET", "/widgets/count"),
      section("Delete widget", "DELETE", "/widgets/{widgetId}"),
    ]),
  );
  await makeDue(server.id);
  const firedAt = await fireDailySweep();

  const run = await finishedRun(server.id, firedAt);
  expect(run).toMatchObject({
    kind: "crawl",
    outcome: "applied",
    toolsAdded: 1,
    toolsRemoved: 0,
    changes: [{ kind: "added", tool: "deleteWidget" }],
  });
  expect(await listedOnceWith(server.slug, "deleteWidget")).toEqual(["deleteWidget", "listWidgets"]);
  const after = await send("GET", `/api/servers/${server.id}`);
  expect(after.automatedCrawlEnabled).toBe(true);
  const schedule = await send("GET", `/api/servers/${server.id}/automated-runs`);
  expect(Date.parse(schedule.nextRunAt) - firedAt).toBeGreaterThanOrEqual(WEEK_MS - 60_000);
  expect(Date.parse(schedule.nextRunAt) - firedAt).toBeLessThanOrEqual(WEEK_MS + 60_000);

  const { notifications } = await send("GET", "/api/notifications");
  expect(notifications).toContainEqual(
    expect.objectContaining({
      kind: "crawl_finished",
      title: "Widgets: automated crawl applied",
      link: `/servers/${server.id}?tab=automation`,
    }),
  );

  // The run shows on the server's own page.
  const browserPage = watchConsole(await context.newPage(), consoleErrors, expectedSignedOut);
  await browserPage.goto(`${dev.url}/servers/${server.id}`);
  await browserPage.getByRole("tab", { name: "Automation" }).click();
  const panel = browserPage.getByRole("region", { name: "Automated crawls" });
  await panel.getByText("Applied and redeployed").waitFor();
  await panel.getByText("1 added").waitFor();
  await panel.getByText("deleteWidget").waitFor();
  await shoot(browserPage, "scheduled-runs-crawl");
  await browserPage.close();
  expect(consoleErrors).toEqual([]);
});

it("syncs a due URL server when the daily Cron fires: a change that breaks no call is applied and redeployed, a breaking one held for review", async () => {
  const path = `${crypto.randomUUID()}/notes.json`;
  const op = (operationId: string, parameters: unknown[] = []) => ({
    operationId,
    summary: operationId,
    parameters,
    responses: { 200: { description: "ok" } },
  });
  const noteId = { name: "noteId", in: "path", required: true, schema: { type: "string" } };
  const describe = (paths: Record<string, unknown>) =>
    JSON.stringify({ openapi: "3.0.3", info: { title: "Synced Notes", version: "1" }, servers: [{ url: upstream.origin }], paths });
  await publish(path, describe({ "/notes": { get: op("listNotes") }, "/notes/{noteId}": { get: op("getNote", [noteId]) } }));
  const server = await send("POST", "/api/servers", { url: `${docs.origin}/_pages/${path}` });
  await deploy(server, upstream.origin);
  expect(await listedTools(server.slug)).toEqual(["getNote", "listNotes"]);
  await send("PATCH", `/api/servers/${server.id}/automated-crawl`, { enabled: true, frequency: "weekly" });

  await publish(
    path,
    describe({ "/notes": { get: op("listNotes"), post: op("createNote") }, "/notes/{noteId}": { get: op("getNote", [noteId]) } }),
  );
  await makeDue(server.id);
  const firedAt = await fireDailySweep();
  expect(await finishedRun(server.id, firedAt)).toMatchObject({
    kind: "sync",
    outcome: "applied",
    toolsAdded: 1,
    versionId: null,
    changes: [{ kind: "added", tool: "createNote" }],
  });
  expect(await listedOnceWith(server.slug, "createNote")).toEqual(["createNote", "getNote", "listNotes"]);
  const schedule = await send("GET", `/api/servers/${server.id}/automated-runs`);
  expect(Math.abs(Date.parse(schedule.nextRunAt) - firedAt - WEEK_MS)).toBeLessThanOrEqual(60_000);

  await publish(path, describe({ "/notes": { get: op("listNotes"), post: op("createNote") } }));
  await makeDue(server.id);
  const heldAt = await fireDailySweep();
  const held = await finishedRun(server.id, heldAt);
  expect(held).toMatchObject({ kind: "sync", outcome: "held", toolsRemoved: 1, changes: [{ kind: "removed", tool: "getNote" }] });
  const versions = await send("GET", `/api/servers/${server.id}/spec/versions`);
  expect(versions.find((v: { id: string }) => v.id === held.versionId)).toMatchObject({ status: "pending", breaking: true });
  expect(await listedTools(server.slug)).toEqual(["createNote", "getNote", "listNotes"]);
  const { notifications } = await send("GET", "/api/notifications");
  expect(notifications.map((n: { kind: string; title: string }) => `${n.kind} ${n.title}`)).toEqual(
    expect.arrayContaining([
      "update_applied Synced Notes: automated update applied",
      "update_available Synced Notes: update held for review",
    ]),
  );

  const browserPage = watchConsole(await context.newPage(), consoleErrors, expectedSignedOut);
  await browserPage.goto(`${dev.url}/servers/${server.id}`);
  await browserPage.getByRole("tab", { name: "Automation" }).click();
  const panel = browserPage.getByRole("region", { name: "Automated updates" });
  await panel.getByText("Held for review").waitFor();
  await shoot(browserPage, "scheduled-runs-sync");
  await browserPage.close();
  expect(consoleErrors).toEqual([]);
});
