// The two Workers `wrangler dev` runs, as production does: the MCP gateway first (every request reaches
// it; it answers /s/{slug}/mcp and hands everything else to the portal), then the portal.
import { writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";

export const WORKER_CONFIGS = ["wrangler.gateway.toml", "wrangler.toml"];

/** What each of the portal's Cron Triggers (wrangler.toml [triggers]) runs. */
export const CRON_TRIGGERS = {
  "0 3 * * *": "daily sweep: due re-crawls and description syncs, pending custom domains, call-log retention",
  "5 0 1 * *": "monthly usage roll-over",
};

/**
 * The commands that fire each Cron Trigger under `wrangler dev`, which never fires them by itself: it
 * fires one on its first Worker, the gateway, which hands it to the portal.
 */
export function cronCommands(origin) {
  return Object.entries(CRON_TRIGGERS).map(
    ([cron, what]) => `  curl "${origin}/cdn-cgi/handler/scheduled?cron=${cron.replaceAll(" ", "+")}"   # ${what}`,
  );
}

/**
 * Splits the `--var NAME:VALUE …` (or `--var=NAME:VALUE`) settings out of wrangler arguments: answers
 * them as an object and the other arguments as they were.
 */
export function takeVars(args) {
  const vars = {};
  const rest = [];
  const add = (setting) => {
    const colon = setting.indexOf(":");
    if (colon <= 0) throw new Error(`--var expects NAME:VALUE, got "${setting}"`);
    vars[setting.slice(0, colon)] = setting.slice(colon + 1);
  };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--var") {
      while (i + 1 < args.length && !args[i + 1].startsWith("--")) add(args[++i]);
    } else if (args[i].startsWith("--var=")) add(args[i].slice("--var=".length));
    else rest.push(args[i]);
  }
  return { vars, rest };
}

/**
 * wrangler dev's `-c` arguments for both Workers. wrangler hands `--var` and `--env-file` to the first
 * Worker only, so settings go into throw-away JSON copies of both configs, written into `dir`, with
 * their paths made absolute; without settings both read the project's own configs (and `.dev.vars`).
 */
export async function workerConfigArgs(vars = {}, dir) {
  if (Object.keys(vars).length === 0) return WORKER_CONFIGS.flatMap((config) => ["-c", config]);
  const { experimental_readRawConfig: readRawConfig } = await import("wrangler");
  return WORKER_CONFIGS.flatMap((config) => {
    const { rawConfig } = readRawConfig({ config });
    const at = (path) => resolve(dirname(resolve(config)), path);
    const copy = {
      ...rawConfig,
      main: at(rawConfig.main),
      vars: { ...rawConfig.vars, ...vars },
      ...(rawConfig.assets && { assets: { ...rawConfig.assets, directory: at(rawConfig.assets.directory) } }),
      // wrangler reads watch_dir relative to the config's folder, even when it is absolute.
      ...(rawConfig.build && {
        build: { ...rawConfig.build, watch_dir: [rawConfig.build.watch_dir].flat().map((path) => relative(dir, at(path))) },
      }),
      ...(rawConfig.d1_databases && {
        d1_databases: rawConfig.d1_databases.map((d) => (d.migrations_dir ? { ...d, migrations_dir: at(d.migrations_dir) } : d)),
      }),
    };
    const file = join(dir, `${basename(config, ".toml")}.json`);
    writeFileSync(file, JSON.stringify(copy, null, 2));
    return ["-c", file];
  });
}
