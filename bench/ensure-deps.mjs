// `node bench/ensure-deps.mjs`: installs the benchmarks' own packages (bench/package.json: corpora and
// documentation generators the portal and its tests never load) into bench/node_modules, with
// `npm ci` from bench/package-lock.json, when they are missing or the lockfile has changed since.
// Node resolves a bench script's imports from bench/node_modules first, then from the portal's.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const BENCH = import.meta.dirname;
const STAMP = join(BENCH, "node_modules", ".installed-lock");

/** Installs bench/node_modules unless it was installed from the current lockfile. */
export function ensureBenchDeps() {
  const lock = createHash("sha256")
    .update(readFileSync(join(BENCH, "package-lock.json")))
    .digest("hex");
  if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === lock) return;
  console.log("Installing the benchmarks' packages into bench/node_modules (once; about 1.3 GB)…");
  const npm = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: BENCH, stdio: "inherit" });
  if (npm.status !== 0) throw new Error(`npm ci in bench/ failed (exit ${npm.status})`);
  writeFileSync(STAMP, lock);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) ensureBenchDeps();
