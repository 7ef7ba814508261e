// What the MCP check scripts share: a throw-away local portal (`wrangler dev` on a free port with its
// own state) and a fixture server deployed through the portal's API, as a user would.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { workerConfigArgs } from "./dev-workers.mjs";
import { migrateLocal } from "./migrate-local.mjs";

const FIXTURE = "tests/fixtures/openapi/petstore-2.0.json";
// wrangler needs the project's Node 22, which npm scripts put first on PATH; do the same here.
export const env = { ...process.env, PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter) };
/**
 * `env` for measurements: wrangler dev (4.155) attaches its local trace collector to every Worker it
 * runs unless X_LOCAL_OBSERVABILITY is false, whatever a config's [observability] says. Each invocation's
 * spans then go by RPC to a SQLite Durable Object in the same workerd: CPU and fsyncs that grow with the
 * spans a request makes, on the measured machine, where no deployed Worker pays them.
 */
export const untracedEnv = { ...env, X_LOCAL_OBSERVABILITY: "false" };

/** How long a local portal may take to answer its first request. */
const START_TIMEOUT_MS = 120_000;

/**
 * Runs `run(origin, { group })` against a fresh local portal (`group`: the process group of its
 * wrangler and workerd), then stops it and removes its state. `childEnv`: the environment wrangler runs in.
 */
export async function withLocalPortal(run, childEnv = env) {
  const state = mkdtempSync(join(tmpdir(), "toolport-local-"));
  const port = 8790 + Math.floor(Math.random() * 200);
  const origin = `http://localhost:${port}`;
  if ((await migrateLocal(state)) !== 0) throw new Error("The local database's migrations failed");
  // Development settings of its own, so it needs no .dev.vars (only ENVIRONMENT=development relaxes
  // anything), for both Workers (the MCP gateway in front, then the portal) as `npm run dev` serves them.
  const vars = {
    ENVIRONMENT: "development",
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    SECRETS_KEY: randomBytes(32).toString("base64"),
  };
  const args = ["wrangler", "dev", ...(await workerConfigArgs(vars, state)), "--port", String(port), "--persist-to", state];
  const dev = spawn("npx", args, { env: childEnv, stdio: ["ignore", "ignore", "inherit"], detached: true });
  try {
    // Each probe is bounded: while a Worker fails to build, wrangler holds a request instead of answering it.
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (dev.exitCode !== null || dev.signalCode !== null) throw new Error("wrangler dev exited before it answered");
      try {
        if ((await fetch(`${origin}/s/none`, { signal: AbortSignal.timeout(5_000) })).status === 404) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 500));
    }
    return await run(origin, { group: dev.pid });
  } finally {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {}
    rmSync(state, { recursive: true, force: true });
  }
}

/** Calls the portal's API like the SPA does; throws with the server's error text on failure. */
export async function api(origin, path, { cookie, json, form, method = json || form ? "POST" : "GET" } = {}) {
  const headers = {
    origin,
    accept: "application/json",
    ...(cookie ? { cookie } : {}),
    ...(json ? { "content-type": "application/json" } : {}),
  };
  const res = await fetch(`${origin}${path}`, { method, headers, body: json ? JSON.stringify(json) : form });
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.success === false)
    throw new Error(`${method} ${path} answered ${res.status}: ${body?.error ?? JSON.stringify(body)}`);
  return { res, body };
}

/** Signs up a new user (upgraded to `plan` through the development portal's test-mode checkout, as a user upgrading would); answers the session cookie. */
export async function signedUp(origin, plan = "free") {
  const email = `check-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await api(origin, "/api/auth/sign-up/email", { json: { email, password: "check password 123", name: "Check" } });
  const { res } = await api(origin, "/api/auth/sign-in/email", { json: { email, password: "check password 123" } });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (plan !== "free") {
    const { body: checkout } = await api(origin, "/api/billing/checkout", { cookie, json: { planType: plan } });
    const paid = await fetch(new URL(checkout.data.url, origin), { method: "POST", headers: { origin, cookie }, redirect: "manual" });
    if (paid.status !== 303) throw new Error(`The test-mode checkout answered ${paid.status}`);
  }
  return cookie;
}

/**
 * Signs up (and upgrades to `plan` through the test-mode checkout), imports a description (the petstore fixture unless given) and deploys it: exposed to the public when `exposeToPublic`,
 * else with an access token assigned. Answers the MCP URL, the token (null for a public server), the
 * signed-in user's session cookie and the server's id.
 */
export async function deployFixture(
  origin,
  {
    exposeToPublic = false,
    description = readFileSync(FIXTURE, "utf8"),
    fileName = "petstore-2.0.json",
    name = "Petstore",
    plan = "free",
  } = {},
) {
  const cookie = await signedUp(origin, plan);
  const form = new FormData();
  form.append("file", new Blob([description], { type: "application/json" }), fileName);
  form.append("name", name);
  const { body: created } = await api(origin, "/api/servers", { cookie, form });
  const server = created.data;
  console.log(`Imported ${fileName} as server ${server.id} (${server.slug})`);
  let token = null;
  if (exposeToPublic) {
    await api(origin, `/api/servers/${server.id}/auth-config`, {
      cookie,
      json: { authType: "none", authStrategy: "managed", exposeToPublic: true },
    });
  } else {
    token = (await api(origin, "/api/access-tokens", { cookie, json: { name: "Check", serverIds: [server.id] } })).body.data.token;
  }
  await api(origin, `/api/servers/${server.id}/deploy/cloudflare`, { cookie, json: {} });
  const deployed = await settledDeployment(origin, server.id, cookie);
  if (deployed.data.status !== "deployed") throw new Error(`Deployment ended ${deployed.data.status}: ${deployed.data.error}`);
  console.log(`Deployed ${deployed.data.deploymentId} at ${deployed.data.mcpUrl}`);
  return { mcpUrl: deployed.data.mcpUrl, token, cookie, serverId: server.id };
}

/** The deploy call answers at once and the deployment runs as a job: polls its status until it ends (at most 60 s). */
export async function settledDeployment(origin, serverId, cookie) {
  for (let i = 0; ; i++) {
    const { body } = await api(origin, `/api/servers/${serverId}/deployment`, { cookie });
    if (body.data.status !== "deploying" && body.data.status !== "generated") return body;
    if (i >= 240) throw new Error(`The deployment is still ${body.data.status} after 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
