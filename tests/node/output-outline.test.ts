// A tool's outputSchema is an outline of its documented answer: the answer's fields and theirs with
// their types, deeper values by type only, within OUTPUT_SCHEMA_BUDGET_BYTES, or none at all.
import { describe, expect, it } from "vitest";
import { schemaBytes } from "../../worker/openapi/budget";
import { importDescription } from "../../worker/openapi/import";
import { OUTPUT_SCHEMA_BUDGET_BYTES } from "../../worker/openapi/output";

const env = { ENVIRONMENT: "development" };
const answering = (schema: unknown) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Outline", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/thing": {
        get: { operationId: "getThing", responses: { 200: { description: "ok", content: { "application/json": { schema } } } } },
      },
    },
  });
const outputOf = async (schema: unknown) =>
  (await importDescription({ text: answering(schema), filename: "outline.json" }, env)).tools[0].outputSchema;

const deep = {
  type: "object",
  description: "A thing of the API",
  required: ["id"],
  properties: {
    id: { type: "integer", description: "The id", minimum: 1 },
    owner: {
      type: "object",
      description: "Who owns it",
      properties: { login: { type: "string", format: "email" }, plan: { type: "object", properties: { name: { type: "string" } } } },
    },
    labels: { type: "array", items: { type: "object", properties: { name: { type: "string", enum: ["a", "b"] } } } },
  },
};

describe("outputSchema outline", () => {
  it("keeps two levels of fields with their types, deeper values by type only, and nothing but types, structure and what the thing is", async () => {
    expect(await outputOf(deep)).toEqual({
      description: "A thing of the API",
      type: "object",
      properties: {
        id: { type: ["number", "null"] },
        owner: { type: ["object", "null"], properties: { login: { type: ["string", "null"] }, plan: { type: ["object", "null"] } } },
        labels: { type: ["array", "null"], items: { type: ["object", "null"], properties: { name: { type: ["string", "null"] } } } },
      },
    });
  });

  it("outlines a list answer's items as its own level, under { result }", async () => {
    expect(await outputOf({ type: "array", items: deep })).toMatchObject({
      type: "object",
      required: ["result"],
      properties: {
        result: {
          type: "array",
          description: "The API's answer (a JSON array).",
          items: {
            description: "A thing of the API",
            type: ["object", "null"],
            properties: { owner: { properties: { plan: { type: ["object", "null"] } } } },
          },
        },
      },
    });
  });

  it("keeps one level when two do not fit the budget, and declares none when one does not", async () => {
    const wide = (n: number, nested: boolean) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          `field_${i}`,
          nested
            ? { type: "object", properties: { a_long_nested_name: { type: "string" }, another_one: { type: "integer" } } }
            : { type: "string" },
        ]),
      );
    const oneLevel = await outputOf({ type: "object", properties: wide(30, true) });
    expect(schemaBytes(oneLevel)).toBeLessThanOrEqual(OUTPUT_SCHEMA_BUDGET_BYTES);
    expect(oneLevel?.properties.field_0).toEqual({ type: ["object", "null"] });
    expect(await outputOf({ type: "object", properties: wide(200, false) })).toBeUndefined();
  });

  it("gives operations that answer the same schema the same outline, and each its own when their schemas differ", async () => {
    const text = JSON.stringify({
      openapi: "3.0.3",
      info: { title: "Shared", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      components: { schemas: { Thing: deep } },
      paths: Object.fromEntries(
        ["a", "b", "c"].map((p) => [
          `/${p}`,
          {
            get: {
              operationId: `get_${p}`,
              responses: {
                200: {
                  description: "ok",
                  content: {
                    "application/json": {
                      schema:
                        p === "c"
                          ? { type: "array", items: { $ref: "#/components/schemas/Thing" } }
                          : { $ref: "#/components/schemas/Thing" },
                    },
                  },
                },
              },
            },
          },
        ]),
      ),
    });
    const [a, b, c] = (await importDescription({ text, filename: "shared.json" }, env)).tools.map((t) => t.outputSchema);
    expect(a).toEqual(await outputOf(deep));
    expect(b).toEqual(a);
    expect(c?.properties.result).toMatchObject({ type: "array", items: { type: ["object", "null"], description: "A thing of the API" } });
  });
});

describe("outputSchema outline of values", () => {
  it("leaves out branches whose outline is empty: an allOf's that only describe, an anyOf that accepts anything", async () => {
    const described = { allOf: [{ type: "string" }, { description: "The error, if any" }] };
    const anything = { anyOf: [{ type: "integer" }, { description: "Anything" }] };
    expect(await outputOf({ type: "object", properties: { error: described, value: anything } })).toEqual({
      type: "object",
      properties: { error: { allOf: [{ type: ["string", "null"] }] }, value: {} },
    });
  });

  it("says nothing of the values' constraints, not even a pattern kept in words for inputs", async () => {
    const path = { type: "string", description: "A path", pattern: "^(?:/(?:\\.[-\\w]+|[-\\w]+))+/?$", enum: ["/a", "/b"] };
    expect(await outputOf({ type: "object", properties: { paths: { type: "array", items: path } } })).toEqual({
      type: "object",
      properties: { paths: { type: ["array", "null"], items: { description: "A path", type: ["string", "null"] } } },
    });
  });
});
