// Converts OpenAPI schema objects (2.0-upgraded, 3.0 or 3.1) into standalone JSON Schema 2020-12:
// `$ref`s inlined with cycles cut, 3.0 dialect translated, unknown or invalid keywords dropped.
import { applyDiscriminator } from "./discriminator";
import { isLinearPattern } from "./safe-pattern";
import { type RefResolver, refName } from "./refs";
import { summarize } from "./summary";
import { isObject, type JsonObject } from "./json-value";

export type JsonSchema = Record<string, unknown>;
export type CachedSchema = { schema: JsonSchema; nodes: number };

/** State shared while building one tool's inputSchema. */
export type SchemaContext = {
  resolver: RefResolver;
  /** Degradations of this tool, e.g. "schema cut at a cycle (Node)". */
  notes: Set<string>;
  /** Keys of the `$ref`s being expanded, to cut cycles. */
  stack: string[];
  /** Nodes still allowed in this tool's schema. */
  budget: number;
  cuts: number;
  /** Converted `$ref` targets that needed no cut, with their node counts, shared between tools of one import. */
  cache: Map<string, CachedSchema>;
  /** Converting a response: read-only properties are kept and write-only ones dropped (the reverse of inputs). */
  output?: boolean;
  /** Where the full schema can be read, named in the words that replace a part cut from it. */
  seeAlso?: string;
  /**
   * Levels of fields still converted below the current schema (an outline's depth, see output.ts):
   * properties and additionalProperties are a level down, items and allOf/anyOf/oneOf branches the
   * same level; at 0 only the schema's own keywords. Undefined: every level.
   */
  levels?: number;
};

const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);
const MAX_DEPTH = 40;
const NESTED = [
  "$ref",
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "patternProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
];
const ANNOTATIONS = new Set(["description", "title", "default", "example", "examples", "deprecated", "readOnly", "writeOnly", "nullable"]);
const COUNTS = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"];
const NUMBERS = ["minimum", "maximum"];
const STRINGS = ["title", "description", "format", "contentMediaType", "contentEncoding"];
const BOOLEANS = ["uniqueItems", "deprecated", "readOnly", "writeOnly"];

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const validRegex = (p: unknown): p is string => {
  if (typeof p !== "string") return false;
  try {
    new RegExp(p, "u");
    return true;
  } catch {
    return false;
  }
};

/** Nodes one tool's inputSchema may hold: enough for real request bodies, small enough for a model and a D1 row. */
export const SCHEMA_NODE_BUDGET = 4000;

export function newSchemaContext(resolver: RefResolver, cache: Map<string, CachedSchema>, budget = SCHEMA_NODE_BUDGET): SchemaContext {
  return { resolver, notes: new Set(), stack: [], budget, cuts: 0, cache };
}

/** Converts one schema found in the file at `base`; always answers a valid JSON Schema object. */
export function convertSchema(schema: unknown, base: string, ctx: SchemaContext, depth = 0): JsonSchema {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  if (!isObject(schema)) return {};
  // Past the budget a leaf is still converted (its parent was, so they are few); anything nested is summarised.
  if (--ctx.budget < 0 && NESTED.some((k) => schema[k] !== undefined))
    return cut(ctx, "schema too large, truncated", summarize(schema, ctx.seeAlso));
  if (depth > MAX_DEPTH) return cut(ctx, `schema nested deeper than ${MAX_DEPTH} levels, truncated`, summarize(schema, ctx.seeAlso));
  if (typeof schema.$ref === "string") return convertRef(schema, schema.$ref, base, ctx, depth);
  return convertPlain(schema, base, ctx, depth);
}

function cut(ctx: SchemaContext, note: string, replacement: JsonSchema): JsonSchema {
  ctx.notes.add(note);
  ctx.cuts++;
  return replacement;
}

function convertRef(schema: JsonObject, ref: string, base: string, ctx: SchemaContext, depth: number): JsonSchema {
  const target = ctx.resolver.resolve(ref, base);
  let converted: JsonSchema;
  if (!target) {
    converted = cut(ctx, `unresolved reference ${ref}`, {
      description: `Any value: its schema (${ref.slice(0, 200)}) could not be resolved.`,
    });
  } else if (ctx.stack.includes(target.key)) {
    const type =
      isObject(target.value) && typeof target.value.type === "string" && TYPES.has(target.value.type) ? target.value.type : "object";
    converted = cut(ctx, `schema cut at a cycle (${refName(ref)})`, {
      type,
      description: `${refName(ref)} (recursive structure, not expanded further)`,
    });
  } else if (ctx.cache.has(cacheKey(target.key, ctx))) {
    const cached = ctx.cache.get(cacheKey(target.key, ctx))!;
    // A shared subtree still counts against this tool's budget: it is serialised in full.
    ctx.budget -= cached.nodes;
    converted =
      ctx.budget < 0 ? cut(ctx, "schema too large, truncated", summarize(cached.schema, ctx.seeAlso ?? refName(ref))) : cached.schema;
  } else {
    const cutsBefore = ctx.cuts;
    const budgetBefore = ctx.budget;
    ctx.stack.push(target.key);
    converted = convertSchema(target.value, target.url, ctx, depth + 1);
    ctx.stack.pop();
    if (ctx.cuts === cutsBefore) ctx.cache.set(cacheKey(target.key, ctx), { schema: converted, nodes: budgetBefore - ctx.budget });
  }
  const siblings = Object.keys(schema).filter((k) => k !== "$ref" && !k.startsWith("x-"));
  if (siblings.length === 0) return converted;
  const { $ref: _ignored, ...rest } = schema;
  const extra = convertPlain(rest, base, ctx, depth);
  if (siblings.every((k) => ANNOTATIONS.has(k))) {
    const merged = { ...converted, ...extra };
    if (extra.type === undefined && schema.nullable === true) merged.type = withNull(converted.type);
    return merged;
  }
  return { allOf: [converted], ...extra };
}

/** A converted target is kept per depth when conversions stop at a depth (see SchemaContext.levels). */
const cacheKey = (key: string, ctx: SchemaContext) => (ctx.levels === undefined ? key : `${ctx.levels} ${key}`);

function withNull(type: unknown) {
  if (typeof type === "string") return type === "null" ? type : [type, "null"];
  if (Array.isArray(type)) return type.includes("null") ? type : [...type, "null"];
  return undefined;
}

function convertType(schema: JsonObject, out: JsonSchema) {
  const raw: unknown[] = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  let binary = false;
  const types: string[] = [];
  for (const t of raw) {
    if (t === "file") {
      binary = true;
      if (!types.includes("string")) types.push("string");
    } else if (typeof t === "string" && TYPES.has(t) && !types.includes(t)) types.push(t);
  }
  if (schema.nullable === true && types.length && !types.includes("null")) types.push("null");
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1) out.type = types;
  if (schema.format === "binary" || binary) {
    out.contentEncoding = "base64";
    out.description = "Binary content, base64-encoded.";
  }
}

function convertPlain(schema: JsonObject, base: string, ctx: SchemaContext, depth: number): JsonSchema {
  const out: JsonSchema = {};
  convertType(schema, out);
  for (const k of STRINGS)
    if (typeof schema[k] === "string") out[k] = k === "description" && out.description ? `${schema[k]} ${out.description}` : schema[k];
  if (schema.format === "binary") delete out.format;
  for (const k of BOOLEANS) if (typeof schema[k] === "boolean") out[k] = schema[k];
  // An outline (levels set) reads types, structure, titles and descriptions only: the values' keywords are not converted for it.
  if (ctx.levels === undefined) convertValueKeywords(schema, out);
  convertChildren(schema, out, base, ctx, depth);
  return out;
}

/** The keywords that constrain a value: bounds, pattern, enum, const, default and examples. */
function convertValueKeywords(schema: JsonObject, out: JsonSchema) {
  for (const k of COUNTS) if (isCount(schema[k])) out[k] = schema[k];
  for (const k of NUMBERS) if (typeof schema[k] === "number") out[k] = schema[k];
  if (typeof schema.multipleOf === "number" && schema.multipleOf > 0) out.multipleOf = schema.multipleOf;
  for (const [k, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    const v = schema[k];
    if (typeof v === "number") out[k] = v;
    else if (v === true && typeof out[bound] === "number") {
      out[k] = out[bound];
      delete out[bound];
    }
  }
  if (validRegex(schema.pattern)) {
    // A pattern the server must not run on caller input is kept in words for the model.
    if (isLinearPattern(schema.pattern)) out.pattern = schema.pattern;
    else out.description = [out.description, `Must match the pattern ${schema.pattern.slice(0, 200)}.`].filter(Boolean).join(" ");
  }
  if (Array.isArray(schema.enum) && schema.enum.length) {
    const seen = new Set<string>();
    out.enum = schema.enum.filter((v: unknown) => {
      const key = JSON.stringify(v) ?? "undefined";
      return key !== "undefined" && !seen.has(key) && seen.add(key);
    });
    if (schema.nullable === true && !seen.has("null")) (out.enum as unknown[]).push(null);
  }
  if ("const" in schema && schema.const !== undefined) out.const = schema.const;
  if ("default" in schema && schema.default !== undefined) out.default = schema.default;
  if (Array.isArray(schema.examples)) out.examples = schema.examples.slice(0, 3);
  else if (schema.example !== undefined) out.examples = [schema.example];
}

function convertChildren(schema: JsonObject, out: JsonSchema, base: string, ctx: SchemaContext, depth: number) {
  const levels = ctx.levels;
  if (levels === 0) return;
  const child = (s: unknown) => convertSchema(s, base, ctx, depth + 1);
  /** A field's schema: a level down. */
  const field = (s: unknown) => {
    if (levels === undefined) return child(s);
    ctx.levels = levels - 1;
    try {
      return child(s);
    } finally {
      ctx.levels = levels;
    }
  };
  if (isObject(schema.properties)) {
    const properties: Record<string, JsonSchema> = {};
    for (const [name, s] of Object.entries(schema.properties)) {
      const converted = field(s);
      // Read-only properties come back from the API; they are never inputs (and write-only ones never outputs).
      if (ctx.output ? converted.writeOnly !== true : converted.readOnly !== true) properties[name] = converted;
    }
    out.properties = properties;
  }
  if (Array.isArray(schema.required)) {
    const names = [...new Set(schema.required.filter((n: unknown) => typeof n === "string"))] as string[];
    const props = out.properties as Record<string, unknown> | undefined;
    const kept = props ? names.filter((n) => n in props || !(isObject(schema.properties) && n in schema.properties)) : names;
    if (kept.length) out.required = kept;
  }
  // An outline (levels given) reads no tuple items, pattern properties or `not`.
  const all = levels === undefined;
  if (Array.isArray(schema.items)) {
    if (all) out.prefixItems = schema.items.map(child);
  } else if (schema.items !== undefined) out.items = child(schema.items);
  if (all && Array.isArray(schema.prefixItems)) out.prefixItems = schema.prefixItems.map(child);
  if (typeof schema.additionalProperties === "boolean") out.additionalProperties = schema.additionalProperties;
  else if (isObject(schema.additionalProperties)) out.additionalProperties = field(schema.additionalProperties);
  if (all && isObject(schema.patternProperties)) {
    const pp: Record<string, JsonSchema> = {};
    for (const [p, s] of Object.entries(schema.patternProperties)) if (validRegex(p) && isLinearPattern(p)) pp[p] = child(s);
    if (Object.keys(pp).length) out.patternProperties = pp;
  }
  for (const k of ["allOf", "anyOf", "oneOf"]) {
    if (Array.isArray(schema[k]) && schema[k].length) out[k] = schema[k].map(child);
  }
  if (isObject(schema.discriminator)) applyDiscriminator(schema, out);
  if (all && (isObject(schema.not) || typeof schema.not === "boolean")) out.not = child(schema.not);
}
