// Runs the official MCP conformance suite (npx @modelcontextprotocol/conformance) against a deployed
// public Toolport server. With a URL it tests that server (e.g. one under `npm run dev`); without one
// it starts a throw-away local portal, imports and deploys a public server there through the API,
// tests it, and stops.
//   node scripts/conformance.mjs [http://localhost:8787/s/<slug>/mcp]
import { spawnSync } from "node:child_process";
import { deployFixture, withLocalPortal } from "./local-portal.mjs";

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

/** Deploys the petstore fixture as a public server on a throw-away local portal and tests it. */
const withLocalServer = () => withLocalPortal(async (origin) => runConformance((await deployFixture(origin, { exposeToPublic: true })).mcpUrl));

const url = process.argv[2];
const ok = url ? runConformance(url) : await withLocalServer();
process.exit(ok ? 0 : 1);
