// A tool's outputSchema, from the operation's success response. MCP 2025-11-25 says a server that
// declares an outputSchema MUST return structuredContent conforming to it (and clients such as the
// SDK's refuse a result without it unless isError). Upstream APIs often answer a little off their
// documentation (nulls, new enum values, missing "required" fields, other formats), so we declare one
// only when every documented 2xx answer is JSON of one object (or array) schema, and declare it as an
// outline: the answer's fields and theirs with their types, every nested value nullable, nothing
// else (no required, enum, format, bounds, closed objects or descriptions). The runtime still checks
// each answer against it, and says so with isError when one does not conform, rather than claim
// structuredContent it cannot give (see runtime/answer.ts).
//
// An outline is small on purpose: clients such as the official SDK compile every outputSchema of a
// tools/list when they connect, and a model rarely needs more than the fields an answer has.
import { fits } from "./budget";
import { convertSchema, type JsonSchema, type SchemaContext } from "./schema";
import type { JsonSchemaObject } from "./types";
import { isObject, type JsonObject, memberOf } from "./json-value";

/** The one property of an outputSchema for a JSON array answer (the runtime wraps such answers alike). */
export const ARRAY_WRAPPER = "result";
/** Bytes (UTF-8 JSON) an outputSchema may take; an answer whose outline is larger declares none. */
export const OUTPUT_SCHEMA_BUDGET_BYTES = 2048;
/** Levels of fields an outline shows: the answer's fields, and their fields' types. */
const OUTLINE_LEVELS = 2;
/** Characters kept of what the answer's thing is (its title and description: search mode ranks by them). */
const THING_CHARS = 300;
/** Nodes an outline may have: every node takes at least ~10 bytes, so one with more cannot fit the budget. */
const MAX_OUTLINE_NODES = OUTPUT_SCHEMA_BUDGET_BYTES / 10;

const isJsonMedia = (type: string) => {
  const base = type.split(";")[0].trim().toLowerCase();
  return base === "application/json" || base.endsWith("+json");
};

/** A node's JSON types (integer as number), null allowed below the root; undefined when it names none. */
function typesOf(schema: JsonSchema, root: boolean): string | string[] | undefined {
  const asNumber = (t: unknown) => (t === "integer" ? "number" : (t as string));
  // Most nodes name one type (the list case gives the same answer for it).
  if (typeof schema.type === "string") {
    const type = asNumber(schema.type);
    return root || type === "null" ? type : [type, "null"];
  }
  if (!Array.isArray(schema.type) || schema.type.length === 0) return undefined;
  const named = schema.type.map(asNumber);
  const types = [...new Set(root ? named : [...named, "null"])];
  return types.length === 1 ? types[0] : types;
}

const isEmpty = (schema: JsonSchema) => Object.keys(schema).length === 0;

/**
 * The lenient outline of a converted schema: its type, and `levels` levels of fields below it (a list's
 * items are the list's own level; branches of allOf/anyOf/oneOf are the node's). Deeper values keep
 * their type only. Every keyword but types and structure is left out, so it accepts what real APIs
 * answer around their documentation; only the answer's thing (the root, or a list's item) keeps its
 * title and description, which say what it is.
 */
export function outline(
  schema: JsonSchema,
  levels: number,
  root = false,
  nesting = 0,
  thing = root,
  nodes = { left: Infinity },
): JsonSchema {
  const out: JsonSchema = {};
  // Past its node budget an outline stops growing (the caller sees `nodes.left < 0`).
  if (--nodes.left < 0) return out;
  if (thing) {
    for (const k of ["title", "description"])
      if (typeof schema[k] === "string" && schema[k]) out[k] = (schema[k] as string).slice(0, THING_CHARS);
  }
  const type = typesOf(schema, root);
  if (type !== undefined) out.type = type;
  if (levels <= 0 || nesting > 32) return out;
  const below = (s: unknown) => (isObject(s) ? outline(s, levels - 1, false, nesting + 1, false, nodes) : {});
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, below(s)]));
  }
  if (isObject(schema.additionalProperties)) out.additionalProperties = below(schema.additionalProperties);
  if (isObject(schema.items)) out.items = outline(schema.items, levels, false, nesting + 1, true, nodes);
  // Outlined branches overlap, which `oneOf` would refuse: any branch will do.
  const branches = (k: string) =>
    Array.isArray(schema[k])
      ? (schema[k] as unknown[]).filter(isObject).map((s) => outline(s, levels, false, nesting + 1, thing, nodes))
      : [];
  // An empty outline accepts any value: it adds nothing to allOf, and makes an anyOf accept anything.
  const all = branches("allOf").filter((s) => !isEmpty(s));
  const any = [...branches("anyOf"), ...branches("oneOf")];
  if (all.length) out.allOf = all;
  if (any.length && !any.some(isEmpty)) out.anyOf = any;
  return out;
}

/** The raw JSON schema all documented 2xx answers share, or null when they differ or one is not JSON. */
function successSchema(op: JsonObject, base: string, ctx: SchemaContext): { schema: unknown; url: string } | null {
  const responses = ctx.resolver.deref(op.responses, base);
  if (!responses) return null;
  const success = Object.entries(responses.value).filter(([code]) => /^2(\d\d|XX)$/i.test(code));
  let found: { schema: unknown; url: string } | null = null;
  for (const [, raw] of success) {
    const response = ctx.resolver.deref(raw, responses.url);
    const content = response?.value.content;
    if (!response || !isObject(content)) return null;
    const type = Object.keys(content).find(isJsonMedia);
    const schema = type ? memberOf(content[type], "schema") : undefined;
    if (!isObject(schema)) return null;
    // Most operations document one success answer: only a second one is compared (by its JSON).
    if (found && found.schema !== schema && JSON.stringify(found.schema) !== JSON.stringify(schema)) return null;
    found = { schema, url: response.url };
  }
  return found;
}

/** The outline of an answer `levels` deep, as an object schema (a list answer wrapped as { result: [...] }); null when it has too many nodes to fit. */
function outlineOf(converted: JsonSchema, levels: number): JsonSchemaObject | null {
  const nodes = { left: MAX_OUTLINE_NODES };
  if (converted.type !== "array") {
    const schema = outline({ ...converted, type: "object" }, levels, true, 0, true, nodes) as JsonSchemaObject;
    return nodes.left < 0 ? null : schema;
  }
  const result = { ...outline(converted, levels, true, 0, false, nodes), description: "The API's answer (a JSON array)." };
  return nodes.left < 0 ? null : { type: "object", properties: { [ARRAY_WRAPPER]: result }, required: [ARRAY_WRAPPER] };
}

/** Outputs already built in one import, by their success schema's text and file. */
export type OutputCache = Map<string, JsonSchemaObject | undefined>;
/** Longer success schemas (as JSON) are converted each time: GitHub's shared ones are a $ref or a list of one. */
const MAX_CACHED_SCHEMA_CHARS = 2000;

/**
 * The outputSchema of a tool, or undefined when its answers cannot be promised reliably or it would not
 * fit its budget. Operations that answer the same schema (half of GitHub's) share one, built once: an
 * output is the same for each unless a part of it was cut, whose words name the operation.
 */
export function buildOutputSchema(op: JsonObject, base: string, ctx: SchemaContext, built?: OutputCache): JsonSchemaObject | undefined {
  const found = successSchema(op, base, ctx);
  if (!found) return undefined;
  const text = built && JSON.stringify(found.schema);
  const key = text && text.length <= MAX_CACHED_SCHEMA_CHARS ? `${found.url} ${text}` : null;
  if (key !== null && built!.has(key)) return built!.get(key);
  // Converted only as deep as the outline reads it.
  const outlineCtx = { ...ctx, levels: OUTLINE_LEVELS };
  const output = outputOf(found, outlineCtx);
  if (key !== null && outlineCtx.cuts === ctx.cuts) built!.set(key, output);
  return output;
}

function outputOf(found: { schema: unknown; url: string }, ctx: SchemaContext): JsonSchemaObject | undefined {
  const converted = convertSchema(found.schema, found.url, ctx);
  const isList = converted.type === "array" && isObject(converted.items) && Object.keys(converted.items).length > 0;
  const hasFields = (isObject(converted.properties) && Object.keys(converted.properties).length > 0) || Array.isArray(converted.allOf);
  // A free-form object says nothing a model could use; anything but an object cannot be an outputSchema.
  if (!isList && (!hasFields || (converted.type !== undefined && converted.type !== "object"))) return undefined;
  for (let levels = OUTLINE_LEVELS; levels >= 1; levels--) {
    const schema = outlineOf(converted, levels);
    if (schema && fits(schema, OUTPUT_SCHEMA_BUDGET_BYTES)) return schema;
  }
  return undefined;
}
