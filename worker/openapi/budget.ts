// The size budget of one tool's schemas: when an inputSchema (or outputSchema) is larger, its deepest
// parts are replaced by a summary in words (see summary.ts), level by level, until it fits.
import { summarize } from "./summary";

type Schema = Record<string, unknown>;

/** Bytes (UTF-8 JSON) one tool's inputSchema, and separately its outputSchema, may take. */
export const INPUT_SCHEMA_BUDGET_BYTES = 16 * 1024;
/** When even one level of nesting does not fit, argument descriptions are cut to these lengths in turn. */
const SHORT_DESCRIPTIONS = [160, 60];

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const encoder = new TextEncoder();
/** The size a schema takes in a tools/list answer (UTF-8 bytes of its JSON). */
export const schemaBytes = (schema: unknown) => encoder.encode(JSON.stringify(schema)).length;

/** The JSON of each schema that was measured and fits: its tool row reuses it (a fitted schema is not changed after). */
const fittedJson = new WeakMap<object, string>();

/** Whether a schema fits `maxBytes` (UTF-8 JSON), encoding only when the character count cannot tell (1 to 3 bytes each). */
export function fits(schema: unknown, maxBytes: number) {
  const json = JSON.stringify(schema);
  const fit = json.length <= maxBytes && (json.length * 3 <= maxBytes || encoder.encode(json).length <= maxBytes);
  if (fit && isObject(schema)) fittedJson.set(schema, json);
  return fit;
}

/** A schema's JSON: the text made when it was fitted, else made now. */
export const schemaJson = (schema: object) => fittedJson.get(schema) ?? JSON.stringify(schema);

const MAP_KEYS = ["properties", "patternProperties", "$defs"];
const ONE_KEYS = ["items", "additionalProperties", "not", "contains"];
const LIST_KEYS = ["allOf", "anyOf", "oneOf", "prefixItems"];

const hasChildren = (s: Schema) => [...MAP_KEYS, ...ONE_KEYS, ...LIST_KEYS].some((k) => s[k] !== undefined);

/** A copy of `schema` with every nested subschema `levels` below it (or deeper) replaced by its summary. */
function cutBelow(schema: Schema, levels: number, seeAlso: string): Schema {
  const child = (s: unknown) =>
    !isObject(s) ? s : levels > 1 ? cutBelow(s, levels - 1, seeAlso) : hasChildren(s) ? summarize(s, seeAlso) : s;
  const out: Schema = { ...schema };
  for (const k of MAP_KEYS)
    if (isObject(schema[k])) out[k] = Object.fromEntries(Object.entries(schema[k] as Schema).map(([n, s]) => [n, child(s)]));
  for (const k of ONE_KEYS) if (isObject(schema[k])) out[k] = child(schema[k]);
  for (const k of LIST_KEYS) if (Array.isArray(schema[k])) out[k] = (schema[k] as unknown[]).map(child);
  return out;
}

/** How many schema levels `schema` has (bounded: converted schemas are at most ~40 deep). */
function depthOf(schema: unknown, seen = 0): number {
  if (!isObject(schema) || seen > 64) return 0;
  let deepest = 0;
  const visit = (s: unknown) => (deepest = Math.max(deepest, depthOf(s, seen + 1)));
  for (const k of MAP_KEYS) if (isObject(schema[k])) Object.values(schema[k] as Schema).forEach(visit);
  for (const k of ONE_KEYS) visit(schema[k]);
  for (const k of LIST_KEYS) if (Array.isArray(schema[k])) (schema[k] as unknown[]).forEach(visit);
  return deepest + 1;
}

/** Arguments with descriptions cut to `max` characters (none at all for optional ones when `max` is 0), no examples. */
function shortened(schema: Schema, max: number): Schema {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = Object.fromEntries(
    Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([n, s]) => {
      const { examples: _examples, description, ...rest } = s as Schema;
      const limit = max === 0 && required.has(n) ? SHORT_DESCRIPTIONS[SHORT_DESCRIPTIONS.length - 1] : max;
      if (typeof description !== "string" || limit === 0) return [n, rest];
      return [n, { ...rest, description: description.length > limit ? `${description.slice(0, limit - 1)}…` : description }];
    }),
  );
  return { ...schema, properties };
}

/**
 * Fits a root object schema into `maxBytes`: keeps as many levels as fit, summarising the deeper ones
 * in words that name the fields and `seeAlso`. Answers the schema and whether anything was summarised.
 */
export function fitSchema<T extends Schema>(
  schema: T,
  seeAlso: string,
  maxBytes = INPUT_SCHEMA_BUDGET_BYTES,
): { schema: T; summarized: boolean } {
  if (fits(schema, maxBytes)) return { schema, summarized: false };
  // The root's arguments are level 1; find the most levels that fit (size grows with levels kept).
  let lo = 1;
  let hi = depthOf(schema) - 1;
  let best: Schema | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = cutBelow(schema, mid + 1, seeAlso);
    if (fits(candidate, maxBytes)) {
      best = candidate;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best) return { schema: best as T, summarized: true };
  // Too many arguments for one level: their words go before any argument would.
  const flat = cutBelow(schema, 1, seeAlso);
  let small = flat;
  for (const max of [...SHORT_DESCRIPTIONS, 0]) {
    small = shortened(flat, max);
    if (fits(small, maxBytes)) break;
  }
  return { schema: small as T, summarized: true };
}
