// Killing the portal mid-job: a deployment (uploading to a slow Cloudflare API) and a crawl (of slow
// documentation pages) are under way when `wrangler dev` is killed with SIGKILL; started again on the
// same local state, each job ends in exactly one final status, and the API shows it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { env as portalEnv } from "../../scripts/local-portal.mjs";
import { freePort } from "../e2e/dev-server";
import { startFixtureServer } from "../fixture-server";
import { FAKE_CLOUDFLARE_TOKEN, startUpstreamServer } from "../upstream-server";

const state = mkdtempSync(join(tmpdir(), "toolport-restart-"));
const PAGES = ["index", "list-notes", "get-note", "create-note", "update-note", "delete-note", "authentication"];
/** How long the fake Cloudflare API holds each upload: the deployment is under way when the portal is killed. */
const UPLOAD_MS = 15_000;
const DEPLOY_END_LINES = /^(Deployment completed|Deployment failed|Deployment interrupted|Deployment timeout|Deployment cancelled)/;

let portal: ChildProcess | null = null;
afterAll(() => {
  stop("SIGKILL");
  rmSync(state, { recursive: true, force: true });
});


/** Starts `wrangler dev` on `port` with the local state of this test (persisted D1, KV, Durable Objects, alarms); resolves once it answers. */
async function start(port: number, vars: string[]) {
  const args = ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, ...vars.flatMap((v) => ["--var", v])];
  portal = spawn("npx", args, { env: portalEnv, stdio: ["ignore", "ignore", "inherit"], detached: true });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/s/none`)).status === 404) return;
    } catch {}
    if (i > 240) throw new Error("wrangler dev did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Kills wrangler and its workerd (their whole process group) and waits until they are gone. */
function stop(signal: NodeJS.Signals) {
  if (!portal?.pid) return;
  try {
    process.kill(-portal.pid, signal);
  } catch {}
  portal = null;
}

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

it("leaves a deployment and a crawl each with exactly one final status after the portal is killed mid-job", async () => {
  const docs = await startFixtureServer();
  const upstream = await startUpstreamServer();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { env: portalEnv, stdio: ["ignore", "ignore", "inherit"] });
  const vars = [
    "ENVIRONMENT:development",
    `BETTER_AUTH_SECRET:${randomBytes(32).toString("base64url")}`,
    `SECRETS_KEY:${randomBytes(32).toString("base64")}`,
    "HOSTING_PROVIDER:cloudflare",
    "CLOUDFLARE_ACCOUNT_ID:acc-restart",
    `CLOUDFLARE_API_TOKEN:${FAKE_CLOUDFLARE_TOKEN}`,
    "CLOUDFLARE_DISPATCH_NAMESPACE:toolport-servers",
    `CLOUDFLARE_API_BASE:${upstream.origin}/_slow-cloudflare/${UPLOAD_MS}/client/v4`,
  ];
  await start(port, vars);

  const api = async (path: string, cookie: string, init: { method?: string; json?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = { origin, cookie, ...(init.json ? { "content-type": "application/json" } : {}) };
    const res = await fetch(`${origin}${path}`, { method: init.method ?? (init.json || init.form ? "POST" : "GET"), headers, body: init.json ? JSON.stringify(init.json) : init.form });
    const body = (await res.json()) as any;
    if (!res.ok || body?.success === false) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  /** A new account (each gets its own organization on the free plan: one server each). */
  const account = async () => {
    const email = `restart-${randomBytes(4).toString("hex")}@example.com`;
    const json = { email, password: "restart password 123", name: "Restart" };
    await fetch(`${origin}/api/auth/sign-up/email`, { method: "POST", headers: { origin, "content-type": "application/json" }, body: JSON.stringify(json) });
    const res = await fetch(`${origin}/api/auth/sign-in/email`, { method: "POST", headers: { origin, "content-type": "application/json" }, body: JSON.stringify(json) });
    return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  };

  // The crawl: seven pages, each answering after 3 s, four at a time.
  const crawler = await account();
  const selectedUrls = PAGES.map((p) => `${docs.origin}/_slow/docs-reference/${p}.html?ms=3000`);
  const { crawlId } = await api("/api/crawl/crawl", crawler, { json: { url: `${docs.origin}/docs-reference/index.html`, selectedUrls } });
  const crawlStatus = () => api(`/api/crawl/${crawlId}`, crawler);

  // The deployment: its upload is held by the fake Cloudflare API.
  const deployer = await account();
  const form = new FormData();
  form.append("file", new Blob([readFileSync("tests/fixtures/openapi/petstore-2.0.json")], { type: "application/json" }), "petstore-2.0.json");
  const server = (await api("/api/servers", deployer, { form })).data;
  const answered = (await api(`/api/servers/${server.id}/deploy/cloudflare`, deployer, { json: {} })).data;
  // The deploy call answers at once, with the deployment under way.
  expect(answered.status).toBe("deploying");
  const deployment = async () => (await api(`/api/servers/${server.id}/deployment`, deployer)).data;
  const uploads = async () => (await (await fetch(`${upstream.origin}/_received?containing=_slow-cloudflare`)).json()) as string[];
  await waitFor(uploads, (u) => u.length === 1, "the upload to Cloudflare's API");
  const midCrawl = await waitFor(crawlStatus, (s) => s.completed >= 1, "the crawl's first page");
  const midDeploy = await deployment();

  stop("SIGKILL");
  expect(midDeploy.status).toBe("deploying");
  expect(midCrawl.status).toBe("crawling");
  expect(midCrawl.completed).toBeLessThan(PAGES.length);
  expect((await deployment().catch(() => null)) ?? "the portal is gone").toBe("the portal is gone");

  // Started again on the same state: each job resumes (or ends failed with why) on its own.
  await new Promise((r) => setTimeout(r, 1000));
  await start(port, vars);
  const deployed = await waitFor(deployment, (d) => d.status !== "deploying" && d.status !== "generated", "the deployment after the restart");
  const crawled = await waitFor(crawlStatus, (s) => s.status !== "crawling", "the crawl after the restart");

  // Exactly one outcome each, and it stays: the deployment completed by its second run, the crawl finished its open pages.
  expect(deployed).toMatchObject({ status: "deployed", error: null, activeDeploymentId: answered.deploymentId });
  const ends = deployed.log.map((l: { message: string }) => l.message).filter((m: string) => DEPLOY_END_LINES.test(m));
  expect(ends).toEqual(["Deployment completed"]);
  expect(deployed.log.map((l: { message: string }) => l.message)).toContain("The portal restarted during the deployment: running it again");
  expect(crawled).toMatchObject({ status: "completed", completed: PAGES.length, total: PAGES.length });
  await new Promise((r) => setTimeout(r, 2000));
  expect((await deployment()).status).toBe("deployed");
  expect((await crawlStatus()).status).toBe("completed");

  // D1 has each outcome once, written by the job's Durable Object.
  stop("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  const query = (sql: string) => {
    const out = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql], { env: portalEnv, encoding: "utf8" });
    return JSON.parse(out.stdout)[0].results as Record<string, unknown>[];
  };
  expect(query(`SELECT status, error FROM deployments WHERE server_id = '${server.id}'`)).toEqual([{ status: "deployed", error: null }]);
  expect(query(`SELECT status, completed, error_count FROM crawls WHERE id = '${crawlId}'`)).toEqual([{ status: "completed", completed: PAGES.length, error_count: 0 }]);
  docs.server.close();
  upstream.server.closeAllConnections();
  upstream.server.close();
}, 420_000);
