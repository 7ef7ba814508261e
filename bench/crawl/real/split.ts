// Splits the real corpus in two halves by a fixed seed, once, before any tuning: `development` is what
// the extractor may be tuned against, `test` is measured only. Run again only to add sites (new
// sites go to the half the seeded draw gives them; the existing assignment is kept).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadManifest } from "./render";

export const SEED = 20261126;
const FILE = join(import.meta.dirname, "split.json");
export type Split = { seed: number; development: string[]; test: string[] };

/** mulberry32: a small seeded generator, so the split is the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The committed split. */
export async function loadSplit(): Promise<Split> {
  return JSON.parse(await readFile(FILE, "utf8"));
}

/** Assigns every manifest site not yet in the split, by the seeded draw. */
export async function writeSplit(): Promise<Split> {
  const names = (await loadManifest()).map((s) => s.name).sort();
  const known: Split = await loadSplit().catch(() => ({ seed: SEED, development: [], test: [] }));
  const next = random(SEED);
  const shuffled = names
    .map((n) => ({ n, r: next() }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.n);
  const half = Math.ceil(shuffled.length / 2);
  for (const [i, name] of shuffled.entries()) {
    if (known.development.includes(name) || known.test.includes(name)) continue;
    (i < half ? known.development : known.test).push(name);
  }
  await writeFile(FILE, `${JSON.stringify(known, null, 1)}\n`);
  return known;
}

if (process.argv.includes("--write")) console.log(await writeSplit());
