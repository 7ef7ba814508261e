// `npm run dev`: local secrets generated on first run, migrations applied, the SPA built and
// rebuilt on change, and the MCP gateway and portal Workers served at http://localhost:8787 (or
// $PORT, or --port N). Extra arguments go to `wrangler dev`; a `--persist-to <dir>` among them also
// receives the migrations, and `--var NAME:VALUE` settings reach both Workers. Once they answer, it
// prints the commands that fire the portal's Cron Triggers.
// When the watch build or wrangler ends, the other is ended too.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** Runs a command to its end; a failure ends `npm run dev` with its code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.once("error", (err) => {
      console.error(`Could not start ${command}: ${err.message}`);
      process.exit(1);
    });
    child.once("exit", (code) => (code === 0 ? resolve() : process.exit(code ?? 1)));
  });
}

/**
 * Applies the migrations to the local database unless this state already has exactly these
 * migrations: a stamp beside the database holds the hash of the files wrangler applied last, so a second start
 * skips wrangler's own start-up.
 */
async function migrate(persist) {
  const d1 = join(persist[1] ?? join(".wrangler", "state"), "v3", "d1");
  const stamp = join(d1, "toolport-migrations.sha256");
  const files = existsSync("migrations")
    ? readdirSync("migrations")
        .filter((f) => f.endsWith(".sql"))
        .sort()
    : [];
  const applied = createHash("sha256")
    .update(JSON.stringify(files.map((f) => [f, readFileSync(join("migrations", f), "utf8")])))
    .digest("hex");
  const database = join(d1, "miniflare-D1DatabaseObject");
  const hasDatabase = existsSync(database) && readdirSync(database).some((f) => f.endsWith(".sqlite"));
  if (hasDatabase && existsSync(stamp) && readFileSync(stamp, "utf8") === applied) return;
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist]);
  if (files.length > 0) {
    mkdirSync(d1, { recursive: true });
    writeFileSync(stamp, applied);
  }
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
// The migrations and a first build of the SPA side by side; with an SPA built before, the watch build
// below brings it up to date while wrangler starts.
await Promise.all([
  migrate(persist),
  existsSync("web/dist/index.html") ? undefined : run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]),
]);

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
    if (
      await fetch(`${origin}/api/auth/profile`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 1000).unref());
  }
  console.log(["", "Cron Triggers do not fire by themselves here; fire one with:", ...cronCommands(origin), ""].join("\n"));
}
