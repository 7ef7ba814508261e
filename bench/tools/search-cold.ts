// The first search_tools of a new isolate, in Node: GitHub's tools packed in search mode as the portal
// packs them at deploy, then, in fresh Node processes (each a new V8 isolate, as a new server isolate
// is), the search part read and loaded, and the first query, another and the first again answered
// (search-cold-child.ts). Prints medians of wall-clock and CPU time (the main thread's: steadier on a busy machine).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importDescription } from "../../worker/openapi/import";
import { packConfig } from "../../worker/runtime/pack";
import { searchModeConfig } from "../../tests/search-mode-config";
import type { Timings } from "./search-cold-child";

const require = createRequire(import.meta.url);
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");
const PROCESSES = Number(process.env.BENCH_COLD_PROCESSES ?? 12);
/** The tools bench:tools:search keeps of each description version (bench/tools/search.ts). */
const CACHE = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "bench", "search-tools");

type Tool = Awaited<ReturnType<typeof importDescription>>["tools"][number];

async function githubTools(): Promise<Tool[]> {
  const cached = join(CACHE, `${GITHUB.replaceAll("/", "_")}-${statSync(GITHUB).mtimeMs}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as Tool[];
  const { tools } = await importDescription({ text: readFileSync(GITHUB, "utf8"), filename: "api.github.com.json" }, {
    ENVIRONMENT: "development",
  } as never);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, JSON.stringify(tools));
  return tools;
}

/** GitHub's search part, as a search-mode deployment keeps it. */
async function githubSearchPart(): Promise<{ part: string; count: number }> {
  const tools = await githubTools();
  const config = searchModeConfig("GitHub", "https://api.github.com", tools);
  const started = performance.now();
  const packed = packConfig(config);
  console.log(`packed GitHub's ${tools.length} tools in search mode in ${(performance.now() - started).toFixed(0)} ms`);
  return { part: packed.text.slice(...packed.config.spans.search!), count: tools.length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { part, count } = await githubSearchPart();
const file = join(mkdtempSync(join(tmpdir(), "bench-search-cold-")), "search-part.txt");
writeFileSync(file, part);
const runs: Timings[] = [];
for (let n = 0; n < PROCESSES; n++) {
  const args = [
    join(import.meta.dirname, "..", "run-ts.mjs"),
    join(import.meta.dirname, "search-cold-child.ts"),
    file,
    String(count),
    String(n),
  ];
  const out = spawnSync(process.execPath, args, { encoding: "utf8" });
  if (out.status !== 0) throw new Error(out.stderr);
  runs.push(JSON.parse(out.stdout.trim().split("\n").pop()!) as Timings);
}
const line = (label: string, key: keyof Timings) => {
  const ms = median(runs.map((r) => r[key].ms));
  const cpu = median(runs.map((r) => r[key].cpu));
  const each = runs.map((r) => `${r[key].ms.toFixed(0)}/${r[key].cpu.toFixed(0)}`).join(", ");
  const fewest = Math.min(...runs.map((r) => r[key].ms));
  return `  ${label.padEnd(32)} ${ms.toFixed(1).padStart(6)} ms wall (best ${fewest.toFixed(1)}), ${cpu.toFixed(1).padStart(6)} ms CPU (each, wall/CPU: ${each})`;
};
console.log(
  `search part ${(part.length / 1e6).toFixed(2)} MB; ${PROCESSES} new processes, medians (load average ${(await import("node:os")).loadavg()[0].toFixed(2)}):`,
);
console.log(line("load (read the search part)", "load"));
console.log(line('first query ("create an issue")', "first"));
console.log(line("then another query", "second"));
console.log(line("the first query again", "warm"));
