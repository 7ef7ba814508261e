// An operation's request body as tool arguments: one whole-body argument, its object properties
// spread into top-level arguments, or none when the body can hold nothing (it is still sent if required).
import { chooseMediaType, isBinarySchema, objectShape } from "./body";
import { convertSchema, type JsonSchema, type SchemaContext } from "./schema";
import type { BodyKind, BodyMapping } from "./types";
import { isObject, isObjectLike, type JsonObject } from "./json-value";

/** A resolved request body before its arguments are named. */
export type ResolvedBody = {
  contentType: string;
  kind: BodyKind;
  description: unknown;
  /** Explicit `required` of the request body, if any. */
  declared: unknown;
  schema: JsonSchema;
  shape: ReturnType<typeof objectShape>;
};

/** Reads and converts an operation's request body; null when there is none to send. */
export function resolveBody(op: JsonObject, base: string, ctx: SchemaContext): ResolvedBody | null {
  if (op.requestBody === undefined) return null;
  const resolved = ctx.resolver.deref(op.requestBody, base);
  const content = resolved?.value.content;
  if (!resolved || !isObjectLike(content)) {
    ctx.notes.add("request body without content was skipped");
    return null;
  }
  const media = chooseMediaType(content);
  if (!media) return null;
  if (!media.supported) ctx.notes.add(`body type ${media.contentType} is not supported as structured input; it is sent as text`);
  const common = {
    contentType: media.contentType,
    kind: media.kind,
    description: resolved.value.description,
    declared: resolved.value.required,
  };
  if (media.kind === "binary")
    return { ...common, schema: { type: "string", contentEncoding: "base64", contentMediaType: media.contentType }, shape: null };
  const rawSchema = (content[Object.keys(content).find((t) => t.split(";")[0].trim().toLowerCase() === media.contentType) ?? ""] ??
    Object.values(content)[0]) as Record<string, unknown> | undefined;
  const schema = convertSchema(rawSchema?.schema ?? {}, resolved.url, ctx);
  if (media.kind === "text") return { ...common, schema: { ...schema, type: "string" }, shape: null };
  return { ...common, schema, shape: objectShape(schema) };
}

/** An object schema that admits no field: no properties (declared empty, or none allowed) and nothing else. */
export function isEmptyObject(schema: JsonSchema): boolean {
  if (schema.type !== "object") return false;
  if (["allOf", "anyOf", "oneOf", "not", "patternProperties", "enum", "const"].some((k) => schema[k] !== undefined)) return false;
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return false;
  if (isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0) return false;
  // `{ type: object }` alone is a free-form body (often a lazily documented one): kept as an argument.
  return schema.additionalProperties === false || isObject(schema.properties);
}

type Args = {
  argFor: (name: string, location: string) => string;
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  /** Optional body properties that must come together: `dependentRequired` of the inputSchema. */
  dependent: Record<string, string[]>;
  /** Names already asked as required query parameters: an optional body property of that name is not asked again. */
  asked?: Set<string>;
};

const described = (schema: JsonSchema, description: unknown): JsonSchema =>
  typeof description === "string" && description.trim() ? { ...schema, description: description.trim().slice(0, 1000) } : schema;

/** Names the body's arguments and answers where each goes. */
export function bodyArguments(body: ResolvedBody, { argFor, properties, required, dependent, asked }: Args): BodyMapping {
  // OpenAPI defaults `required` to false, but a body whose schema requires properties is needed in
  // practice (and Swagger 2.0 formData upgrades lose the flag): only an explicit false makes it optional.
  let bodyRequired = body.declared === true;
  const mapping: BodyMapping = { contentType: body.contentType, kind: body.kind, required: bodyRequired };
  if (body.kind !== "binary" && body.kind !== "text" && isEmptyObject(body.schema)) {
    mapping.properties = {};
    return mapping;
  }
  if (!body.shape) {
    const arg = argFor("body", "request");
    properties[arg] = described(body.schema, body.description ?? `Request body (${body.contentType}).`);
    if (bodyRequired) required.push(arg);
    mapping.arg = arg;
    if (body.kind === "binary") mapping.binaryFields = [arg];
    return mapping;
  }
  const shape = body.shape;
  if (body.declared === undefined && shape.required.length > 0) mapping.required = bodyRequired = true;
  mapping.properties = {};
  for (const [name, propSchema] of Object.entries(shape.properties)) {
    if (asked?.has(name) && !shape.required.includes(name)) continue;
    const arg = argFor(name, "body");
    properties[arg] = propSchema;
    mapping.properties[arg] = name;
    if (bodyRequired && shape.required.includes(name)) required.push(arg);
    if (body.kind === "multipart" && isBinarySchema(propSchema)) (mapping.binaryFields ??= []).push(name);
  }
  if (!bodyRequired && shape.required.length > 0) {
    // An optional body still needs its own required fields whenever any of its fields is given.
    const args = Object.keys(mapping.properties);
    const inner = args.filter((a) => shape.required.includes(mapping.properties![a]));
    for (const arg of args) {
      const others = inner.filter((a) => a !== arg);
      if (others.length) dependent[arg] = others;
    }
    for (const arg of inner) {
      const note = "Required whenever the request body is sent (any of its fields is given).";
      const text = typeof properties[arg].description === "string" ? `${properties[arg].description} ${note}` : note;
      properties[arg] = { ...properties[arg], description: text };
    }
  }
  return mapping;
}
