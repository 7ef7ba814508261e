// A schema part too large or too deep to show, said in words a model can act on: its type, its
// fields (and which are required), and where the full schema is — never a silent `{}`.
import { refName } from "./refs";
import { isObject } from "./json-value";

type Schema = Record<string, unknown>;
const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);
const MAX_NAMES = 12;
const MAX_DESCRIPTION = 200;

/** The valid JSON Schema type(s) of a raw or converted schema, if it says. */
function typeOf(schema: Schema): string | string[] | undefined {
  const raw = (Array.isArray(schema.type) ? schema.type : [schema.type]).map((t) => (t === "file" ? "string" : t));
  const types = [...new Set(raw.filter((t): t is string => typeof t === "string" && TYPES.has(t)))];
  if (schema.nullable === true && types.length && !types.includes("null")) types.push("null");
  return types.length === 0 ? undefined : types.length === 1 ? types[0] : types;
}

/** Property names of an object schema, its `allOf` parts included (one level). */
function fieldsOf(schema: Schema): { names: string[]; required: string[] } {
  const names = new Set<string>();
  const required = new Set<string>();
  for (const part of [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])]) {
    if (!isObject(part)) continue;
    if (isObject(part.properties)) for (const n of Object.keys(part.properties)) names.add(n);
    if (Array.isArray(part.required)) for (const n of part.required) if (typeof n === "string") required.add(n);
  }
  return { names: [...names], required: [...required].filter((n) => names.has(n)) };
}

const list = (names: string[]) =>
  names
    .slice(0, MAX_NAMES)
    .map((n) => n.slice(0, 40))
    .join(", ") + (names.length > MAX_NAMES ? ` and ${names.length - MAX_NAMES} more` : "");

/** One sentence about a schema's shape, e.g. "Object with fields id, name; required: id". */
export function shapeWords(schema: Schema, depth = 0): string {
  if (typeof schema.$ref === "string") return `${refName(schema.$ref).slice(0, 60)} object`;
  const type = typeOf(schema);
  const { names, required } = fieldsOf(schema);
  if (names.length) return `Object with fields ${list(names)}${required.length ? `; required: ${list(required)}` : ""}`;
  if (type === "array" || schema.items !== undefined) {
    return depth < 2 && isObject(schema.items) ? `Array of: ${shapeWords(schema.items, depth + 1)}` : "Array";
  }
  const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : []) as unknown[];
  if (branches.length) return `One of ${branches.length} shapes`;
  if (Array.isArray(schema.enum)) return `One of ${list(schema.enum.map((v) => JSON.stringify(v) ?? "null"))}`;
  return typeof type === "string" ? `A ${type}` : "Any value";
}

/** A short, valid schema standing in for `schema`: same type, the shape in words, and where to read the rest. */
export function summarize(schema: unknown, seeAlso?: string): Schema {
  if (!isObject(schema)) return { description: "Any value." };
  const out: Schema = {};
  const type = typeOf(schema);
  if (type !== undefined) out.type = type;
  const own = typeof schema.description === "string" ? schema.description.trim() : "";
  const words = [
    own ? (own.length > MAX_DESCRIPTION ? `${own.slice(0, MAX_DESCRIPTION - 1)}…` : own) : "",
    `${shapeWords(schema)}.`,
    `Full schema not shown (size limit)${seeAlso ? `: see ${seeAlso}` : ""}.`,
  ];
  out.description = words.filter(Boolean).join(" ");
  return out;
}
