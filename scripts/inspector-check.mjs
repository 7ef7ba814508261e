// Lists a deployed server's tools with the official MCP Inspector CLI, after a real round trip
// through the portal's API: sign up, import a fixture description, create an access token, deploy.
// Without an origin it starts `wrangler dev` on a free port with throw-away local state, and stops it.
//   node scripts/inspector-check.mjs [http://localhost:8787]
import { spawnSync } from "node:child_process";
import { deployFixture, env, withLocalPortal } from "./local-portal.mjs";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

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
