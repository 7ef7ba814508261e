// Killing the portal mid-job: a deployment (its upload to Cloudflare's API held) and a crawl (its
// pages after the first held) are under way when `wrangler dev` is killed with SIGKILL; started again on
// the same local state, each job ends in exactly one final status, written once, and the API shows it.
// A deployment is run again once after a restart; one cut off twice (wrangler also restarts its runtime
// on its own, when it reloads) ends failed as interrupted: both are correct outcomes.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { untracedEnv as portalEnv } from "../../scripts/local-portal.mjs";
// @ts-expect-error a plain .mjs script without types
import { migrateLocal } from "../../scripts/migrate-local.mjs";
import { freePort } from "../e2e/dev-server";
import { startFixtureServer } from "../fixture-server";
import { startGate } from "../gate-server";
import { FAKE_CLOUDFLARE_TOKEN, startUpstreamServer } from "../upstream-server";

const state = mkdtempSync(join(tmpdir(), "toolport-restart-"));
const PAGES = ["index", "list-notes", "get-note", "create-note", "update-note", "delete-note", "authentication"];
const DEPLOY_END_LINES = /^(Deployment completed|Deployment failed|Deployment interrupted|Deployment timeout|Deployment cancelled)/;
const RERUN_LINE = "The portal restarted during the deployment: running it again";
const INTERRUPTED = /^Deployment interrupted: the portal restarted while it ran/;

let portal: ChildProcess | null = null;
afterAll(async () => {
  await stop("SIGKILL");
  rmSync(state, { recursive: true, force: true });
});

/** Starts `wrangler dev` on `port` with the local state of this test (persisted D1, KV, Durable Objects, alarms); resolves once it answers. */
async function start(port: number, vars: string[]) {
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, ...vars.flatMap((v) => ["--var", v])];
  // wrangler itself (portalEnv puts the project's tools first on PATH), not through npx: one Node start less;
  // without its local trace collector, which this test does not read.
  portal = spawn("wrangler", args, { env: portalEnv, stdio: ["ignore", "ignore", "inherit"], detached: true });
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/s/none`)).status,
    (status) => status === 404,
    "wrangler dev to answer",
    240_000,
  );
}

/** Signals wrangler and its workerd (their whole process group) and waits until the process has ended. */
async function stop(signal: NodeJS.Signals) {
  const child = portal;
  portal = null;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {}
  await exited;
}

/** Whether anything still accepts connections on `port` (a killed workerd has let go of it once this is false). */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Applies the migrations to this test's local D1 database. */
async function applyMigrations() {
  expect(await migrateLocal(state)).toBe(0);
}

/** The rows of each query on this test's local D1 database, read in one `wrangler d1 execute` (each starts a runtime) once the portal has ended. */
function query(...sql: string[]) {
  const out = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql.join("; ")], {
    env: portalEnv,
    encoding: "utf8",
  });
  return (JSON.parse(out.stdout) as { results: Record<string, unknown>[] }[]).map((statement) => statement.results);
}

/** The portal's variables: development, with Cloudflare hosting whose API is at `cloudflareOrigin`. */
const portalVars = (cloudflareOrigin: string) => [
  "ENVIRONMENT:development",
  `BETTER_AUTH_SECRET:${randomBytes(32).toString("base64url")}`,
  `SECRETS_KEY:${randomBytes(32).toString("base64")}`,
  "HOSTING_PROVIDER:cloudflare",
  "CLOUDFLARE_ACCOUNT_ID:acc-restart",
  `CLOUDFLARE_API_TOKEN:${FAKE_CLOUDFLARE_TOKEN}`,
  "CLOUDFLARE_DISPATCH_NAMESPACE:toolport-servers",
  `CLOUDFLARE_API_BASE:${cloudflareOrigin}/client/v4`,
];

/** The portal's API at `origin`, called as a signed-in account, and new accounts to call it as. */
function portalClient(origin: string) {
  const api = async (path: string, cookie: string, init: { method?: string; json?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = { origin, cookie, ...(init.json ? { "content-type": "application/json" } : {}) };
    const res = await fetch(`${origin}${path}`, {
      method: init.method ?? (init.json || init.form ? "POST" : "GET"),
      headers,
      body: init.json ? JSON.stringify(init.json) : init.form,
    });
    const body = (await res.json()) as any;
    if (!res.ok || body?.success === false) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  /** A new account (each gets its own organization on the free plan: one server each). */
  const account = async () => {
    const email = `restart-${randomBytes(4).toString("hex")}@example.com`;
    const json = { email, password: "restart password 123", name: "Restart" };
    await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify(json),
    });
    const res = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify(json),
    });
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };
  return { api, account };
}

it("leaves a deployment and a crawl each with exactly one final status after the portal is killed mid-job", async () => {
  const docs = await startFixtureServer();
  const upstream = await startUpstreamServer();
  // Cloudflare's API holds every upload, and the documentation site every page but the first, until opened.
  const cloudflareGate = await startGate(upstream.origin, () => true);
  const docsGate = await startGate(docs.origin, (path) => path.startsWith("/docs-reference/") && path !== "/docs-reference/index.html");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  await applyMigrations();
  const vars = portalVars(cloudflareGate.origin);
  await start(port, vars);
  const { api, account } = portalClient(origin);

  // The deployment: under way once its upload reaches (and waits at) Cloudflare's API.
  const deployer = await account();
  const form = new FormData();
  form.append(
    "file",
    new Blob([readFileSync("tests/fixtures/openapi/petstore-2.0.json")], { type: "application/json" }),
    "petstore-2.0.json",
  );
  const server = (await api("/api/servers", deployer, { form })).data;
  const answered = (await api(`/api/servers/${server.id}/deploy/cloudflare`, deployer, { json: {} })).data;
  // The deploy call answers at once, with the deployment under way.
  expect(answered.status).toBe("deploying");
  const deployment = async () => (await api(`/api/servers/${server.id}/deployment`, deployer)).data;
  await waitFor(
    async () => cloudflareGate.held(),
    (held) => held >= 1,
    "the upload to Cloudflare's API",
  );

  // The crawl (started second: a held page must not reach the crawler's page time-out): its first page done, the others held.
  const crawler = await account();
  const selectedUrls = PAGES.map((p) => `${docsGate.origin}/docs-reference/${p}.html`);
  const { crawlId } = await api("/api/crawl/crawl", crawler, {
    json: { url: `${docsGate.origin}/docs-reference/index.html`, selectedUrls },
  });
  const crawlStatus = () => api(`/api/crawl/${crawlId}`, crawler);
  const midCrawl = await waitFor(crawlStatus, (s) => s.completed >= 1, "the crawl's first page");
  const midDeploy = await deployment();

  await stop("SIGKILL");
  expect(midDeploy.status).toBe("deploying");
  expect(midCrawl).toMatchObject({ status: "crawling", completed: 1 });
  await waitFor(
    () => listening(port),
    (busy) => !busy,
    "the killed portal to let go of its port",
  );

  // Started again on the same state, with Cloudflare and the site answering: each job ends on its own.
  cloudflareGate.open();
  docsGate.open();
  await start(port, vars);
  const final = await waitFor(deployment, (d) => d.status !== "deploying" && d.status !== "generated", "the deployment after the restart");
  const crawled = await waitFor(crawlStatus, (s) => s.status !== "crawling", "the crawl after the restart");

  // The deployment ran again after the restart and ended once: completed by that run, or, when a run was
  // cut off again, failed as interrupted (never served); the crawl finished its open pages.
  const messages: string[] = final.log.map((l: { message: string }) => l.message);
  expect(messages).toContain(RERUN_LINE);
  const ends = messages.filter((m) => DEPLOY_END_LINES.test(m));
  if (final.status === "deployed") {
    expect(final).toMatchObject({ error: null, activeDeploymentId: answered.deploymentId });
    expect(ends).toEqual(["Deployment completed"]);
  } else {
    expect(final).toMatchObject({ status: "failed", error: expect.stringMatching(INTERRUPTED), activeDeploymentId: null });
    expect(ends).toEqual([`Deployment failed: ${final.error}`]);
    expect(messages.filter((m) => m === RERUN_LINE)).toHaveLength(1);
  }
  expect(crawled).toMatchObject({ status: "completed", completed: PAGES.length, total: PAGES.length });

  // Once the portal has ended, D1 holds the same outcome, once, written by the job's Durable Object.
  await stop("SIGTERM");
  const [deploymentRows, serverRows, crawlRows] = query(
    `SELECT status, error FROM deployments WHERE server_id = '${server.id}'`,
    `SELECT active_deployment_id FROM servers WHERE id = '${server.id}'`,
    `SELECT status, completed, error_count FROM crawls WHERE id = '${crawlId}'`,
  );
  expect(deploymentRows).toEqual([{ status: final.status, error: final.error }]);
  expect(serverRows).toEqual([{ active_deployment_id: final.activeDeploymentId }]);
  expect(crawlRows).toEqual([{ status: "completed", completed: PAGES.length, error_count: 0 }]);
  await Promise.all([cloudflareGate.close(), docsGate.close()]);
  docs.server.close();
  upstream.server.closeAllConnections();
  upstream.server.close();
}, 420_000);
