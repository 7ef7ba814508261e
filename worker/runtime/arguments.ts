// Tool arguments checked as the model sent them: lossless coercions ("3" → 3, "true" → true, a single
// value → a one-item array) and, when they still fail, a message naming the argument and what was expected.
import type { JsonSchemaObject } from "../openapi/types";

type Schema = Record<string, unknown>;
/** How deep nested objects and arrays are coerced; deeper values are left for the validator. */
const MAX_DEPTH = 8;
// Decimal numbers only (no hex, no Infinity, no blanks); each part is bounded by a different character.
const DECIMAL = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const INTEGER = /^-?\d+$/;

const typesOf = (schema: Schema | undefined): string[] => {
  const type = schema?.type;
  return typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : [];
};
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One value coerced losslessly toward its schema's type; anything else is returned unchanged. */
function coerceValue(schema: Schema | undefined, value: unknown, depth: number): unknown {
  const types = typesOf(schema);
  if (types.length === 0 || depth > MAX_DEPTH) return value;
  if (typeof value === "string" && !types.includes("string")) {
    if (types.includes("integer") && INTEGER.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
    if (types.includes("number") && DECIMAL.test(value) && Number.isFinite(Number(value))) return Number(value);
    if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  }
  if (types.includes("array") && !Array.isArray(value) && value !== undefined && value !== null && !types.includes(jsonType(value))) {
    const item = coerceValue(schema?.items as Schema | undefined, value, depth + 1);
    const itemTypes = typesOf(schema?.items as Schema | undefined);
    if (itemTypes.length === 0 || itemTypes.some((t) => matchesType(t, item))) return [item];
  }
  if (Array.isArray(value) && types.includes("array"))
    return value.map((v) => coerceValue(schema?.items as Schema | undefined, v, depth + 1));
  if (isPlainObject(value) && types.includes("object")) return coerceObject(schema as Schema, value, depth + 1);
  return value;
}

function coerceObject(schema: Schema, value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = Object.hasOwn(properties, key) ? coerceValue(properties[key], v, depth) : v;
  return out;
}

/** The arguments with lossless coercions applied (the original object is not changed). */
export function coerceArguments(schema: JsonSchemaObject, args: Record<string, unknown>): Record<string, unknown> {
  return coerceObject(schema, args, 0);
}

/** The JSON Schema type name of a value. */
function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function matchesType(type: string, value: unknown): boolean {
  const actual = jsonType(value);
  return type === actual || (type === "number" && actual === "integer");
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const QUOTE_CHARS = 60;
/** A short description of a value the model sent, e.g. `the string "abc"`. */
function shown(value: unknown): string {
  const type = jsonType(value);
  const json = JSON.stringify(value) ?? String(value);
  const text = json.length > QUOTE_CHARS ? `${json.slice(0, QUOTE_CHARS)}…` : json;
  if (type === "object" || type === "array") return `${article(type === "array" ? "array" : "object")} ${text}`;
  if (type === "null") return "null";
  return `the ${type === "integer" ? "number" : type} ${text}`;
}

/** What one argument's schema expects, in words. */
function expected(schema: Schema): string {
  const types = typesOf(schema).filter((t) => t !== "null");
  const words = types.map((t) =>
    t === "array" && typesOf(schema.items as Schema).length ? `array of ${typesOf(schema.items as Schema)[0]}s` : t,
  );
  return words.length ? words.map(article).join(" or ") : "a value";
}

/**
 * Sentences naming the arguments that break the schema's top-level rules (missing, wrong type, not one
 * of an enum, unknown); empty when the problem is deeper, where the validator's own message is used.
 */
export function describeArgumentProblems(schema: JsonSchemaObject, args: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of schema.required ?? []) {
    if (args[name] === undefined) problems.push(`Argument "${name}" is required (${expected(properties[name] ?? {})}).`);
  }
  for (const [name, value] of Object.entries(args)) {
    const property = properties[name];
    if (!property) {
      if (schema.additionalProperties === false)
        problems.push(
          `Argument "${name}" is not an argument of this tool; its arguments are ${
            Object.keys(properties)
              .map((k) => `"${k}"`)
              .join(", ") || "none"
          }.`,
        );
      continue;
    }
    const types = typesOf(property);
    if (types.length && !types.some((t) => matchesType(t, value))) {
      problems.push(`Argument "${name}" must be ${expected(property)}; got ${shown(value)}.`);
      continue;
    }
    const choices = property.enum;
    if (Array.isArray(choices) && !choices.some((c) => JSON.stringify(c) === JSON.stringify(value))) {
      problems.push(
        `Argument "${name}" must be one of ${choices
          .slice(0, 20)
          .map((c) => JSON.stringify(c))
          .join(", ")}; got ${shown(value)}.`,
      );
    }
  }
  return problems;
}

/** A validator's `#/a/b: message; …` text with its locations said as argument names. */
function readableValidatorMessage(message: string): string {
  const parts = message.split("; ");
  const leaves = parts.filter((part) => !part.includes("does not match schema"));
  return (leaves.length ? leaves : parts)
    .slice(0, 5)
    .map((part) => {
      const colon = part.indexOf(": ");
      if (!part.startsWith("#/") || colon < 0) return part;
      return `Argument "${part.slice(2, colon).split("/").join(".")}": ${part.slice(colon + 2)}`;
    })
    .join("; ");
}

/** Validates a compiled schema's output: `{ valid, errorMessage }` as the SDK's validators answer. */
export type ArgumentValidator = (value: unknown) => { valid: boolean; errorMessage?: string };
export type ArgumentCheck = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/** Coerces, then validates; on failure a message naming the arguments and what each expects. */
export function checkArguments(schema: JsonSchemaObject, validate: ArgumentValidator, args: Record<string, unknown>): ArgumentCheck {
  const coerced = coerceArguments(schema, args);
  const result = validate(coerced);
  if (result.valid) return { ok: true, args: coerced };
  const problems = describeArgumentProblems(schema, coerced);
  return {
    ok: false,
    message: problems.length
      ? problems.join(" ")
      : readableValidatorMessage(result.errorMessage ?? "the arguments do not match the tool's inputSchema"),
  };
}
