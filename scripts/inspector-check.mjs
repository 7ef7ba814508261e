// Lists a deployed server's tools with the official MCP Inspector CLI, after a real round trip
// through the portal's API: sign up, import a fixture description, create an access token, deploy.
// Without an origin it starts `wrangler dev` on a free port with throw-away local state, and stops it.
//   node scripts/inspector-check.mjs [http://localhost:8787]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const FIXTURE = "tests/fixtures/openapi/petstore-2.0.json";
// wrangler needs the project's Node 22, which npm scripts put first on PATH; do the same here.
const env = { ...process.env, PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter) };

/** Calls the portal's API like the SPA does; throws with the server's error text on failure. */
async function api(origin, path, { cookie, json, form, method = json || form ? "POST" : "GET" } = {}) {
  const headers = { origin, accept: "application/json", ...(cookie ? { cookie } : {}), ...(json ? { "content-type": "application/json" } : {}) };
  const res = await fetch(`${origin}${path}`, { method, headers, body: json ? JSON.stringify(json) : form });
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.success === false) throw new Error(`${method} ${path} answered ${res.status}: ${body?.error ?? JSON.stringify(body)}`);
  return { res, body };
}

/** Signs up, imports the fixture, creates a token for the server and deploys it; answers the MCP URL and token. */
async function deployFixture(origin) {
  const email = `inspector-${Date.now()}@example.com`;
  const { res } = await api(origin, "/api/auth/sign-up/email", { json: { email, password: "inspector password", name: "Inspector" } });
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const form = new FormData();
  form.append("file", new Blob([readFileSync(FIXTURE)], { type: "application/json" }), "petstore-2.0.json");
  form.append("name", "Inspector Petstore");
  const { body: created } = await api(origin, "/api/servers", { cookie, form });
  const server = created.data;
  console.log(`Imported ${FIXTURE} as server ${server.id} (${server.slug})`);
  const { body: issued } = await api(origin, "/api/access-tokens", { cookie, json: { name: "Inspector", serverIds: [server.id] } });
  const { body: deployed } = await api(origin, `/api/servers/${server.id}/deploy/cloudflare`, { cookie, json: {} });
  if (deployed.data.status !== "deployed") throw new Error(`Deployment ended ${deployed.data.status}: ${deployed.data.error}`);
  console.log(`Deployed ${deployed.data.deploymentId} at ${deployed.data.mcpUrl}`);
  return { mcpUrl: deployed.data.mcpUrl, token: issued.data.token };
}

/** Runs `inspector --cli <url> --method tools/list` with the token header; answers the tool names. */
function listTools(mcpUrl, token) {
  const args = ["-y", INSPECTOR, "--cli", mcpUrl, "--method", "tools/list", "--header", `Authorization: Bearer ${token}`];
  console.log(`\n$ npx ${args.join(" ").replace(token, "<token>")}`);
  const result = spawnSync("npx", args, { env, encoding: "utf8" });
  process.stdout.write(result.stdout ?? "");
  if (result.status !== 0) throw new Error(`The inspector exited with ${result.status}: ${result.stderr}`);
  const jsonStart = result.stdout.indexOf("{");
  return JSON.parse(result.stdout.slice(jsonStart)).tools.map((t) => t.name);
}

async function withLocalPortal(run) {
  const state = mkdtempSync(join(tmpdir(), "toolport-inspector-"));
  const port = 8890 + Math.floor(Math.random() * 100);
  const origin = `http://localhost:${port}`;
  spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { env, stdio: ["ignore", "ignore", "inherit"] });
  const dev = spawn("npx", ["wrangler", "dev", "--port", String(port), "--persist-to", state], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${origin}/s/none`)).status === 404) break;
      } catch {}
      if (i > 120) throw new Error("wrangler dev did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
    return await run(origin);
  } finally {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {}
    rmSync(state, { recursive: true, force: true });
  }
}

const check = async (origin) => {
  const { mcpUrl, token } = await deployFixture(origin);
  const tools = listTools(mcpUrl, token);
  console.log(`\nThe inspector listed ${tools.length} tools: ${tools.join(", ")}`);
  return tools.length > 0;
};

try {
  const origin = process.argv[2]?.replace(/\/+$/, "");
  process.exit((origin ? await check(origin) : await withLocalPortal(check)) ? 0 : 1);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
