// A tool's outputSchema, from the operation's success response. MCP 2025-11-25 says a server that
// declares an outputSchema MUST return structuredContent conforming to it (and clients such as the
// SDK's refuse a result without it unless isError). Upstream APIs often answer a little off their
// documentation (nulls, new enum values, missing "required" fields, other formats), so we declare one
// only when every documented 2xx answer is JSON of one object (or array) schema, and declare it leniently:
// types and structure only, every nested value nullable, no required/enum/format/bounds/closed
// objects. The runtime still checks each answer against it, and says so with isError when one
// does not conform, rather than claim structuredContent it cannot give (see runtime/answer.ts).
import { fitSchema } from "./budget";
import { convertSchema, type JsonSchema, type SchemaContext } from "./schema";
import type { JsonSchemaObject } from "./types";

/** The one property of an outputSchema for a JSON array answer (the runtime wraps such answers alike). */
export const ARRAY_WRAPPER = "result";

const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);
const isJsonMedia = (type: string) => {
  const base = type.split(";")[0].trim().toLowerCase();
  return base === "application/json" || base.endsWith("+json");
};
/** Keywords that assert more than type and structure: dropped from output schemas. */
const STRICT = ["required", "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "not", "dependentRequired",
  "contentEncoding", "contentMediaType", "readOnly", "writeOnly", "default", "examples", "deprecated"];

// Converted schemas share subtrees (one object per `$ref` target), so each is made lenient once.
const lenientOf = new WeakMap<JsonSchema, JsonSchema>();

/** A schema that keeps types and structure but accepts what real APIs answer around them. */
export function lenient(schema: JsonSchema, root = false, depth = 0): JsonSchema {
  if (depth > 64) return {};
  const known = root ? undefined : lenientOf.get(schema);
  if (known) return known;
  const out = lenientCopy(schema, root, depth);
  if (!root) lenientOf.set(schema, out);
  return out;
}

function lenientCopy(schema: JsonSchema, root: boolean, depth: number): JsonSchema {
  const out: JsonSchema = { ...schema };
  for (const k of STRICT) delete out[k];
  if (out.additionalProperties === false) delete out.additionalProperties;
  if (Array.isArray(out.oneOf)) {
    // Lenient branches overlap, which `oneOf` would refuse.
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  const types = (Array.isArray(out.type) ? out.type : out.type === undefined ? [] : [out.type]).map((t) => (t === "integer" ? "number" : t)) as string[];
  if (types.length) out.type = [...new Set(root ? types : [...types, "null"])];
  if (Array.isArray(out.type) && out.type.length === 1) out.type = out.type[0];
  const child = (s: unknown) => (isObject(s) ? lenient(s, false, depth + 1) : s);
  for (const k of ["properties", "patternProperties"]) if (isObject(out[k])) out[k] = Object.fromEntries(Object.entries(out[k]).map(([n, s]) => [n, child(s)]));
  for (const k of ["items", "additionalProperties"]) if (isObject(out[k])) out[k] = child(out[k]);
  for (const k of ["allOf", "anyOf", "prefixItems"]) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map(child);
  return out;
}

/** The raw JSON schema all documented 2xx answers share, or null when they differ or one is not JSON. */
function successSchema(op: Record<string, any>, base: string, ctx: SchemaContext): { schema: unknown; url: string } | null {
  const responses = ctx.resolver.deref(op.responses, base);
  if (!responses) return null;
  const success = Object.entries(responses.value).filter(([code]) => /^2(\d\d|XX)$/i.test(code));
  let found: { schema: unknown; url: string; key: string } | null = null;
  for (const [, raw] of success) {
    const response = ctx.resolver.deref(raw, responses.url);
    const content = response?.value.content;
    if (!response || !isObject(content)) return null;
    const type = Object.keys(content).find(isJsonMedia);
    const schema = type ? content[type]?.schema : undefined;
    if (!isObject(schema)) return null;
    const key = JSON.stringify(schema);
    if (found && found.key !== key) return null;
    found = { schema, url: response.url, key };
  }
  return found;
}

/** The outputSchema of a tool, or undefined when its answers cannot be promised reliably. */
export function buildOutputSchema(op: Record<string, any>, base: string, ctx: SchemaContext): JsonSchemaObject | undefined {
  const found = successSchema(op, base, ctx);
  if (!found) return undefined;
  const converted = convertSchema(found.schema, found.url, ctx);
  if (converted.type === "array" && isObject(converted.items) && Object.keys(converted.items).length > 0) {
    // MCP output schemas are objects: a documented list answer is given as { result: [...] }.
    const result = { ...lenient(converted, true), description: "The API's answer (a JSON array)." };
    return fitSchema({ type: "object", properties: { [ARRAY_WRAPPER]: result }, required: [ARRAY_WRAPPER] }, ctx.seeAlso ?? "the API documentation").schema as JsonSchemaObject;
  }
  const hasFields = (isObject(converted.properties) && Object.keys(converted.properties).length > 0) || Array.isArray(converted.allOf);
  // A free-form object says nothing a model could use; anything but an object cannot be an outputSchema.
  if (!hasFields || (converted.type !== undefined && converted.type !== "object")) return undefined;
  const schema = lenient({ ...converted, type: "object" }, true) as JsonSchemaObject;
  return fitSchema(schema, ctx.seeAlso ?? "the API documentation").schema;
}
