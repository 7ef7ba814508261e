// One operation → one tool: arguments from path, query, header and cookie parameters and the body,
// merged into one inputSchema without collisions, and the mapping saying where each one goes.
import { chooseMediaType, isBinarySchema, objectShape } from "./body";
import { NameRegistry, sanitizeName } from "./naming";
import { convertSchema, type JsonSchema, type SchemaContext } from "./schema";
import type { BodyMapping, HttpMethod, JsonSchemaObject, ParameterLocation, ParameterMapping, ToolMapping } from "./types";

const LOCATIONS: ParameterLocation[] = ["path", "query", "header", "cookie"];
/** Headers the generated server sets itself (OpenAPI says these parameter definitions are ignored). */
const RESERVED_HEADERS = new Set(["accept", "content-type", "authorization"]);
const STYLES = new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject", "simple", "label", "matrix"]);

export type BuiltInput = { inputSchema: JsonSchemaObject; mapping: ToolMapping };
type Param = { value: Record<string, any>; url: string };

/** Path-level parameters overridden by operation-level ones with the same name and location. */
function collectParameters(pathItem: Record<string, any>, op: Record<string, any>, base: string, ctx: SchemaContext): Param[] {
  const byKey = new Map<string, Param>();
  for (const list of [pathItem.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = ctx.resolver.deref(raw, base);
      if (!param || typeof param.value.name !== "string" || !LOCATIONS.includes(param.value.in)) {
        ctx.notes.add("a parameter without a valid name or location was skipped");
        continue;
      }
      byKey.set(`${param.value.in}:${param.value.name}`, param);
    }
  }
  return [...byKey.values()].sort((a, b) => LOCATIONS.indexOf(a.value.in) - LOCATIONS.indexOf(b.value.in));
}

function withDescription(schema: JsonSchema, description: unknown, extra: Record<string, unknown> = {}): JsonSchema {
  const out = { ...schema, ...extra };
  if (typeof description === "string" && description.trim()) out.description = description.trim().slice(0, 1000);
  return out;
}

/** Builds a tool's inputSchema and mapping for one operation. */
export function buildToolInput(method: HttpMethod, path: string, pathItem: Record<string, any>, op: Record<string, any>, base: string, ctx: SchemaContext): BuiltInput {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  const args = new NameRegistry();
  const argFor = (name: string, location: string) => {
    const clean = sanitizeName(name) || location;
    if (args.has(clean)) {
      ctx.notes.add(`argument "${name}" renamed to avoid a clash with another argument`);
      return args.take(`${location}_${clean}`);
    }
    return args.take(clean);
  };
  const parameters: ParameterMapping[] = [];

  // Path parameters first, so they keep their plain names.
  for (const { value: p, url } of collectParameters(pathItem, op, base, ctx)) {
    if (p.in === "header" && RESERVED_HEADERS.has(p.name.toLowerCase())) continue;
    let schema: JsonSchema;
    let json = false;
    if (p.schema !== undefined) schema = convertSchema(p.schema, url, ctx);
    else if (p.content && typeof p.content === "object") {
      const first = Object.values(p.content)[0] as Record<string, unknown> | undefined;
      schema = convertSchema(first?.schema, url, ctx);
      json = true;
    } else schema = { type: "string" };
    const arg = argFor(p.name, p.in);
    const isRequired = p.in === "path" || p.required === true;
    properties[arg] = withDescription(schema, p.description, p.deprecated === true ? { deprecated: true } : {});
    if (p.example !== undefined && properties[arg].examples === undefined) properties[arg].examples = [p.example];
    if (isRequired) required.push(arg);
    const mapping: ParameterMapping = { arg, in: p.in, name: p.name, required: isRequired };
    if (STYLES.has(p.style)) mapping.style = p.style;
    if (typeof p.explode === "boolean") mapping.explode = p.explode;
    if (p.allowReserved === true) mapping.allowReserved = true;
    if (json) mapping.json = true;
    parameters.push(mapping);
  }

  const body = buildBody(op, base, ctx, argFor, properties, required);
  const inputSchema: JsonSchemaObject = { type: "object", properties };
  if (required.length) inputSchema.required = required;
  return { inputSchema, mapping: { method, path, parameters, ...(body ? { body } : {}) } };
}

function buildBody(
  op: Record<string, any>,
  base: string,
  ctx: SchemaContext,
  argFor: (name: string, location: string) => string,
  properties: Record<string, Record<string, unknown>>,
  required: string[],
): BodyMapping | undefined {
  if (op.requestBody === undefined) return undefined;
  const resolved = ctx.resolver.deref(op.requestBody, base);
  const content = resolved?.value.content;
  if (!resolved || !content || typeof content !== "object") {
    ctx.notes.add("request body without content was skipped");
    return undefined;
  }
  const media = chooseMediaType(content);
  if (!media) return undefined;
  if (!media.supported) ctx.notes.add(`body type ${media.contentType} is not supported as structured input; it is sent as text`);
  // OpenAPI defaults `required` to false, but a body whose schema requires properties is needed in
  // practice (and Swagger 2.0 formData upgrades lose the flag): only an explicit false makes it optional.
  const declared = resolved.value.required;
  let bodyRequired = declared === true;
  const mapping: BodyMapping = { contentType: media.contentType, kind: media.kind, required: bodyRequired };
  const wholeBody = (schema: JsonSchema) => {
    const arg = argFor("body", "request");
    properties[arg] = withDescription(schema, resolved.value.description ?? `Request body (${media.contentType}).`);
    if (bodyRequired) required.push(arg);
    mapping.arg = arg;
    return mapping;
  };
  if (media.kind === "binary") {
    mapping.binaryFields = [];
    const m = wholeBody({ type: "string", contentEncoding: "base64", contentMediaType: media.contentType });
    m.binaryFields = [m.arg!];
    return m;
  }
  const rawSchema = (content[Object.keys(content).find((t) => t.split(";")[0].trim().toLowerCase() === media.contentType) ?? ""] ??
    Object.values(content)[0]) as Record<string, unknown> | undefined;
  const schema = convertSchema(rawSchema?.schema ?? {}, resolved.url, ctx);
  if (media.kind === "text") return wholeBody({ ...schema, type: "string" });
  const shape = objectShape(schema);
  if (!shape) return wholeBody(schema);
  if (declared === undefined && shape.required.length > 0) mapping.required = bodyRequired = true;
  mapping.properties = {};
  for (const [name, propSchema] of Object.entries(shape.properties)) {
    const arg = argFor(name, "body");
    properties[arg] = propSchema;
    mapping.properties[arg] = name;
    if (bodyRequired && shape.required.includes(name)) required.push(arg);
    if (media.kind === "multipart" && isBinarySchema(propSchema)) (mapping.binaryFields ??= []).push(name);
  }
  return mapping;
}
