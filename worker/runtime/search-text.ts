// What a tool's schemas say about it, for search mode's index: its arguments' descriptions and
// allowed values, and the thing its answer is made of (a list's item: its description, title and
// field names). Bounded walks over the schemas the import already bounded.

/** The parts of a JSON schema read here. */
export type SchemaText = {
  type?: unknown;
  title?: unknown;
  description?: unknown;
  enum?: unknown;
  properties?: Record<string, SchemaText>;
  items?: SchemaText;
  allOf?: SchemaText[];
  anyOf?: SchemaText[];
  oneOf?: SchemaText[];
};

/** Characters kept of one argument's description, and of all of a tool's argument text. */
const PARAM_CHARS = 160;
const PARAMS_CHARS = 2_000;
/** Allowed values kept per argument. */
const ENUM_VALUES = 12;
/** Nesting of allOf/anyOf followed, and properties kept, when reading an answer. */
const MAX_DEPTH = 6;
const MAX_FIELDS = 80;
/** Characters kept of what the answer's thing is. */
const ANSWER_CHARS = 600;
/** Descriptions the import writes itself when a schema is cut short: they name no concept of the API's. */
const OWN_NOTES = ["Object with fields", "Full schema not shown"];

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** Each argument's description (its opening) and allowed values. */
export function paramText(schema: SchemaText | undefined): string {
  let out = "";
  for (const prop of Object.values(schema?.properties ?? {})) {
    if (out.length >= PARAMS_CHARS) break;
    const values = Array.isArray(prop?.enum)
      ? prop.enum
          .filter((v) => typeof v === "string")
          .slice(0, ENUM_VALUES)
          .join(" ")
      : "";
    out += ` ${str(prop?.description).slice(0, PARAM_CHARS)} ${values}`;
  }
  return out.slice(0, PARAMS_CHARS);
}

type Thing = { text: string[]; fields: string[] };

/** The descriptions, titles and property names of a schema, its allOf/anyOf/oneOf parts merged. */
function flatten(schema: SchemaText | undefined, into: Thing, depth = 0): Thing {
  if (!schema || typeof schema !== "object" || depth > MAX_DEPTH) return into;
  const description = str(schema.description);
  if (description && !OWN_NOTES.some((n) => description.startsWith(n))) into.text.push(description);
  if (str(schema.title)) into.text.push(str(schema.title));
  for (const name of Object.keys(schema.properties ?? {})) if (into.fields.length < MAX_FIELDS) into.fields.push(name);
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) flatten(part, into, depth + 1);
  return into;
}

/** The properties of a schema, its allOf parts merged. */
function propertiesOf(schema: SchemaText | undefined, depth = 0): [string, SchemaText][] {
  if (!schema || typeof schema !== "object" || depth > MAX_DEPTH) return [];
  return [...Object.entries(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((p) => propertiesOf(p, depth + 1))];
}

/** A list answer's item: the answer's items, or the items of the one list property of a small wrapper ({ data: [...], has_more }). */
function itemOf(schema: SchemaText | undefined): SchemaText | undefined {
  if (schema?.items) return schema.items;
  const props = propertiesOf(schema);
  const lists = props.filter(([, p]) => p && typeof p === "object" && p.items);
  return props.length <= 6 && lists.length === 1 ? lists[0][1].items : undefined;
}

/** What an answer is made of: the thing's description and title, and its field names. */
export function answerOf(schema: SchemaText | undefined): { text: string; fields: string } {
  const item = itemOf(schema);
  const thing = flatten(item ?? schema, { text: [], fields: item ? propertiesOf(schema).map(([name]) => name) : [] });
  return { text: thing.text.join(" ").slice(0, ANSWER_CHARS), fields: thing.fields.join(" ") };
}
