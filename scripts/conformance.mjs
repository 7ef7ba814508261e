// Runs the official MCP conformance suite (npx @modelcontextprotocol/conformance) against a deployed
// public Toolport server. With a URL it tests that server (e.g. one under `npm run dev`); without one
// it starts `wrangler dev` on a free port with throw-away local state, creates and deploys a public
// server there, tests it, and stops.
//   node scripts/conformance.mjs [http://localhost:8787/s/<slug>/mcp]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SCENARIOS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];
const CONFORMANCE = "@modelcontextprotocol/conformance@0.1.16";

function runConformance(url) {
  let failed = 0;
  for (const scenario of SCENARIOS) {
    console.log(`\n── ${scenario} ──`);
    const result = spawnSync("npx", ["-y", CONFORMANCE, "server", "--url", url, "--scenario", scenario], { stdio: "inherit" });
    if (result.status !== 0) failed++;
  }
  console.log(failed === 0 ? `\nAll ${SCENARIOS.length} scenarios passed against ${url}` : `\n${failed} of ${SCENARIOS.length} scenarios failed against ${url}`);
  return failed === 0;
}

const sqlString = (value) => `'${String(value).replace(/'/g, "''")}'`;

async function withLocalServer() {
  const state = mkdtempSync(join(tmpdir(), "toolport-conformance-"));
  const port = 8790 + Math.floor(Math.random() * 100);
  const origin = `http://localhost:${port}`;
  const wrangler = (args) => spawnSync("npx", ["wrangler", ...args, "--persist-to", state], { stdio: ["ignore", "ignore", "inherit"] });
  wrangler(["d1", "migrations", "apply", "DB", "--local"]);
  const dev = spawn("npx", ["wrangler", "dev", "--port", String(port), "--persist-to", state], { stdio: ["ignore", "ignore", "inherit"], detached: true });
  const stop = () => {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {}
    rmSync(state, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${origin}/s/none`)).status === 404) break;
      } catch {}
      if (i > 120) throw new Error("wrangler dev did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
    const email = `conformance-${Date.now()}@example.com`;
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password: "conformance password", name: "Conformance" }),
    });
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const id = crypto.randomUUID();
    const slug = `conformance-${id.slice(0, 8)}`;
    const now = Date.now();
    const tool = { type: "object", properties: { q: { type: "string", description: "Search text" } } };
    const mapping = { method: "get", path: "/search", parameters: [{ arg: "q", in: "query", name: "q", required: false }] };
    const sql = [
      `INSERT INTO servers (id, organization_id, name, description, slug, base_url, created_at, updated_at)
       SELECT ${sqlString(id)}, m.organization_id, 'Conformance API', 'A public server for the MCP conformance suite', ${sqlString(slug)}, 'https://example.com', ${now}, ${now}
       FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ${sqlString(email)};`,
      `INSERT INTO tools (id, server_id, name, description, input_schema, mapping, endpoint, created_at, updated_at)
       VALUES (${sqlString(crypto.randomUUID())}, ${sqlString(id)}, 'search', 'Searches the example API', ${sqlString(JSON.stringify(tool))}, ${sqlString(JSON.stringify(mapping))}, '{"method":"get","path":"/search"}', ${now}, ${now});`,
      `INSERT INTO auth_configs (server_id, expose_to_public, updated_at) VALUES (${sqlString(id)}, 1, ${now});`,
    ].join("\n");
    wrangler(["d1", "execute", "DB", "--local", "--command", sql]);
    const deployed = await fetch(`${origin}/api/servers/${id}/deploy/cloudflare`, { method: "POST", headers: { "content-type": "application/json", origin, cookie }, body: "{}" });
    const answer = await deployed.json();
    if (answer.data?.status !== "deployed") throw new Error(`deploy failed: ${JSON.stringify(answer)}`);
    return runConformance(`${origin}/s/${slug}/mcp`);
  } finally {
    stop();
  }
}

const url = process.argv[2];
const ok = url ? runConformance(url) : await withLocalServer();
process.exit(ok ? 0 : 1);
