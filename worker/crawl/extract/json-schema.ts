// JSON examples → JSON Schema (2020-12, as OpenAPI 3.1 uses): types, properties, formats; bounded depth.
export type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;
const MAX_PROPERTIES = 100;

const formatOf = (s: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)
    ? "date-time"
    : /^\d{4}-\d{2}-\d{2}$/.test(s)
      ? "date"
      : /^https?:\/\//.test(s)
        ? "uri"
        : /^[^@\s]+@[^@\s]+\.\w+$/.test(s)
          ? "email"
          : undefined;

/** The schema of an example value. */
export function schemaOf(value: unknown, depth = 0): Schema {
  if (value === null) return { type: "null" };
  if (Array.isArray(value))
    return value.length && depth < MAX_DEPTH ? { type: "array", items: schemaOf(value[0], depth + 1) } : { type: "array" };
  switch (typeof value) {
    case "string": {
      const format = formatOf(value);
      return format ? { type: "string", format } : { type: "string" };
    }
    case "number":
      return { type: Number.isInteger(value) ? "integer" : "number" };
    case "boolean":
      return { type: "boolean" };
    case "object": {
      if (depth >= MAX_DEPTH) return { type: "object" };
      const entries = Object.entries(value as object).slice(0, MAX_PROPERTIES);
      return { type: "object", properties: Object.fromEntries(entries.map(([k, v]) => [k, schemaOf(v, depth + 1)])) };
    }
    default:
      return {};
  }
}

/** Whether a line of `text` starts with `//` after its white space (looked up without splitting the text into lines). */
function hasCommentLine(text: string): boolean {
  for (let at = text.indexOf("//"); at >= 0; at = text.indexOf("//", at + 2)) {
    let k = at - 1;
    while (k >= 0 && text[k] !== "\n" && /\s/.test(text[k])) k--;
    if (k < 0 || text[k] === "\n") return true;
  }
  return false;
}

/** Parses a JSON example, tolerating comments, trailing commas and "..." placeholders; null when it is not JSON. */
export function parseExample(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return null;
  const uncommented = hasCommentLine(trimmed)
    ? trimmed
        .split("\n")
        .filter((line) => !line.trimStart().startsWith("//"))
        .join("\n")
    : trimmed;
  const cleaned = (
    uncommented.includes("...") || uncommented.includes("…") ? uncommented.replace(/,\s*(\.\.\.|…)\s*/g, "") : uncommented
  ).replace(/,(\s*[}\]])/g, "$1");
  try {
    const value = JSON.parse(cleaned);
    return typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/** A parameter type as written in docs ("int", "String[]", "bool", "enum") → a schema. */
export function schemaOfTypeName(raw: string | undefined): Schema {
  const t = (raw ?? "")
    .toLowerCase()
    .replace(/[`*_?]/g, "")
    .trim();
  if (/\[\]$|^array|list/.test(t)) return { type: "array", items: schemaOfTypeName(t.replace(/\[\]$|^array(\s*of)?|list(\s*of)?/g, "")) };
  if (/^(?:int|long)/.test(t)) return { type: "integer" };
  if (/^(number|float|double|decimal)/.test(t)) return { type: "number" };
  if (/^bool/.test(t)) return { type: "boolean" };
  if (/^(object|hash|map|dict)/.test(t)) return { type: "object" };
  if (/date-?time|timestamp/.test(t)) return { type: "string", format: "date-time" };
  return { type: "string" };
}
