// `npm run dev`: local secrets generated on first run, migrations applied, the SPA built and
// rebuilt on change, and the MCP gateway and portal Workers served at http://localhost:8787 (or
// $PORT, or --port N). Extra arguments go to `wrangler dev`; a `--persist-to <dir>` among them also
// receives the migrations, and `--var NAME:VALUE` settings reach both Workers. Once they answer, it
// prints the commands that fire the portal's Cron Triggers.
// When the watch build or wrangler ends, the other is ended too.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { devArgs, runTogether } from "./dev-process.mjs";
import { cronCommands, takeVars, workerConfigArgs } from "./dev-workers.mjs";

const DEV_VARS = ".dev.vars";
const generated = {
  ENVIRONMENT: () => "development",
  BETTER_AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  SECRETS_KEY: () => randomBytes(32).toString("base64"),
};

function ensureDevVars() {
  const text = existsSync(DEV_VARS) ? readFileSync(DEV_VARS, "utf8") : "";
  const present = new Set(text.split("\n").map((line) => line.split("=")[0].trim()));
  const missing = Object.entries(generated).filter(([name]) => !present.has(name));
  if (missing.length === 0) return;
  const lines = missing.map(([name, make]) => `${name}=${make()}`);
  const prefix = text && !text.endsWith("\n") ? "\n" : "";
  writeFileSync(DEV_VARS, `${text}${prefix}${lines.join("\n")}\n`);
  console.log(`Generated ${missing.map(([n]) => n).join(", ")} in ${DEV_VARS}`);
}

// The project's tools, found after anything already on PATH (npm run puts them first anyway). Run
// directly rather than through npx, so a signal reaches wrangler itself, which stops its workerd.
process.env.PATH = `${process.env.PATH}${delimiter}${join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".bin")}`;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { port, persist, wranglerArgs } = devArgs(process.argv.slice(2), process.env.PORT);
let split;
try {
  split = takeVars(wranglerArgs);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const { vars, rest } = split;

ensureDevVars();
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist]);
run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);

/**
 * Both Workers' configs. With --var settings, copies that carry them beside .dev.vars' own; the copies
 * live outside the project, so the local state is named where it is by default.
 */
async function configArgs() {
  if (Object.keys(vars).length === 0) return workerConfigArgs();
  const dir = mkdtempSync(join(tmpdir(), "toolport-dev-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  if (persist.length === 0) rest.push("--persist-to", ".wrangler/state");
  return workerConfigArgs({ ...parseEnv(readFileSync(DEV_VARS, "utf8")), ...vars }, dir);
}
const configs = await configArgs();

runTogether([
  { command: "vite", args: ["build", "--watch", "--config", "web/vite.config.ts", "--logLevel", "warn"], ownGroup: true },
  { command: "wrangler", args: ["dev", ...configs, ...rest] },
]);
printCronCommands();

/** Once the portal answers, says how to fire its Cron Triggers (after wrangler's own banner, so it stays in view). */
async function printCronCommands() {
  const at = rest.indexOf("--ip");
  const host = at >= 0 ? rest[at + 1] : "localhost";
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  for (;;) {
    if (await fetch(`${origin}/api/auth/profile`).then(() => true, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 1000).unref());
  }
  console.log(["", "Cron Triggers do not fire by themselves here; fire one with:", ...cronCommands(origin), ""].join("\n"));
}
