// One new isolate's first searches (see search-cold.ts): the search part read and loaded, then a first
// query, another one, and the first again, each timed by wall clock and by the CPU time of the thread
// that runs them (steadier than the wall clock on a busy machine; a compiler's or collector's other threads are not counted).
import { readFileSync } from "node:fs";
import { searchAnswers } from "../../worker/runtime/search-answers";

/** The first search (as bench:mcp's), then one of the others. */
const FIRST = "create an issue";
const OTHERS = [
  "who am I signed in as",
  "list the pull requests of a repository",
  "star this repo",
  "add a comment to a pull request review",
];

/** This thread's CPU time in ms (Node ≥ 22.13), else the process's. */
function threadCpu() {
  const { user, system } = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return (user + system) / 1000;
}

export type Timings = Record<"load" | "first" | "second" | "warm", { ms: number; cpu: number }>;

/** The search part in `file` of `count` tools loaded, then FIRST, OTHERS[n], and FIRST again (warm). */
async function run(file: string, count: number, n: number): Promise<Timings> {
  const part = readFileSync(file, "utf8");
  const answers = searchAnswers(count, async () => part);
  const timed = async (work: () => Promise<unknown>) => {
    const [wall, cpu] = [performance.now(), threadCpu()];
    await work();
    return { ms: performance.now() - wall, cpu: threadCpu() - cpu };
  };
  return {
    load: await timed(() => answers.prepare()),
    first: await timed(() => answers.search({ query: FIRST })),
    second: await timed(() => answers.search({ query: OTHERS[n % OTHERS.length] })),
    warm: await timed(() => answers.search({ query: FIRST })),
  };
}

const [file, count, n] = process.argv.slice(2);
console.log(JSON.stringify(await run(file, Number(count), Number(n))));
