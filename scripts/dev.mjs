// `npm run dev`: local secrets generated on first run, migrations applied, the SPA built and
// rebuilt on change, and the MCP gateway and portal Workers served at http://localhost:8787 (or
// $PORT, or --port N). Extra arguments go to `wrangler dev`; a `--persist-to <dir>` among them also
// receives the migrations, and `--var NAME:VALUE` settings reach both Workers. Once they answer, it
// prints the commands that fire the portal's Cron Triggers.
// When the watch build or wrangler ends, the other is ended too.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { devArgs, runTogether } from "./dev-process.mjs";
import { DEV_VARS, ensureDevVars } from "./dev-vars.mjs";
import { migrateLocal } from "./migrate-local.mjs";
import { cronCommands, takeVars, workerConfigArgs } from "./dev-workers.mjs";
import { runCommand } from "./spawn.mjs";

// The project's tools, found after anything already on PATH (npm run puts them first anyway). Run
// directly rather than through npx, so a signal reaches wrangler itself, which stops its workerd.
process.env.PATH = `${process.env.PATH}${delimiter}${join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".bin")}`;

/**
 * What the SPA is built from: its own files, the Worker's shared modules it takes values from (the rest
 * of worker/ only lends types; tests/node/web-worker-imports.test.ts), the lockfile.
 */
const SPA_SOURCES = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "worker/lib", "package-lock.json"];

/** Runs a command to its end; a failure ends `npm run dev` with its code. */
const run = (command, args) => runCommand(command, args).then(({ code }) => code === 0 || process.exit(code));

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
// below brings it up to date once the portal answers.
await Promise.all([
  migrateLocal(persist[1]).then((code) => code === 0 || process.exit(code)),
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

const answering = portalAnswers();
runTogether([
  { command: "wrangler", args: ["dev", ...configs, ...rest] },
  // The watch build starts once the portal answers, so its first build does not slow wrangler's start,
  // and only when the SPA needs building: at once when it is older than its sources, else at their first
  // change. It writes only the files that changed (web/vite.config.ts), so wrangler reloads only for a change.
  {
    command: "vite",
    args: ["build", "--watch", "--config", "web/vite.config.ts", "--logLevel", "warn"],
    ownGroup: true,
    after: answering.then(spaSourcesChange),
  },
]);
// After wrangler's own banner, so it stays in view.
answering.then((origin) =>
  console.log(["", "Cron Triggers do not fire by themselves here; fire one with:", ...cronCommands(origin), ""].join("\n")),
);

/** Resolves with the portal's origin once it answers. */
async function portalAnswers() {
  const at = rest.indexOf("--ip");
  const host = at >= 0 ? rest[at + 1] : "localhost";
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  for (;;) {
    const answered = await fetch(`${origin}/api/auth/profile`).then(
      () => true,
      () => false,
    );
    if (answered) return origin;
    await new Promise((resolve) => setTimeout(resolve, 250).unref());
  }
}

/** The newest modification time of the files at `paths` (0 when there are none). */
function newest(paths) {
  let time = 0;
  for (const path of paths.filter((p) => existsSync(p))) {
    const files = statSync(path).isDirectory() ? readdirSync(path, { recursive: true }).map((name) => join(path, name)) : [path];
    for (const file of files) time = Math.max(time, statSync(file).mtimeMs);
  }
  return time;
}

/** Resolves at once when the built SPA is missing or not newer than every source, else at the first change of one. */
function spaSourcesChange() {
  if (newest(["web/dist"]) <= newest(SPA_SOURCES)) return undefined;
  return new Promise((resolve) => {
    const watchers = SPA_SOURCES.filter((p) => existsSync(p)).map((path) =>
      watch(path, { recursive: true }, () => {
        watchers.forEach((watcher) => watcher.close());
        resolve();
      }),
    );
  });
}
