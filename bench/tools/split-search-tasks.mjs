// Splits each API's search tasks into a development and a test half by a fixed seed, once, before any
// tuning: writes "half" into every task of bench/tools/search-tasks/*.json (run again, it changes nothing).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dirname, "search-tasks");
const SEED = 20261126;

/** mulberry32: a small seeded generator, so the split is the same on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

for (const file of readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const path = join(DIR, file);
  const tasks = JSON.parse(readFileSync(path, "utf8"));
  const next = random(SEED);
  const order = tasks.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  order.forEach((taskIndex, rank) => (tasks[taskIndex].half = rank < Math.floor(tasks.length / 2) ? "dev" : "test"));
  writeFileSync(path, `[\n${tasks.map((t) => `  ${JSON.stringify({ task: t.task, expect: t.expect, half: t.half })}`).join(",\n")}\n]\n`);
  console.log(`${file}: ${tasks.length} tasks, ${tasks.filter((t) => t.half === "test").length} in the test half`);
}
