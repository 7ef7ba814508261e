// One operation → one tool: arguments from path, query, header and cookie parameters and the body,
// merged into one inputSchema without collisions, and the mapping saying where each one goes.
// Plumbing (credentials, signing, transport, fixed values) is kept from the model: see plumbing.ts.
import { NameRegistry, sanitizeName } from "./naming";
import { type CredentialSignals, fixedValue, hiddenReason, isGoogleStyle, type Parameter } from "./plumbing";
import { bodyArguments, resolveBody } from "./request-body";
import { convertSchema, type JsonSchema, type SchemaContext } from "./schema";
import type { HttpMethod, JsonSchemaObject, ParameterLocation, ParameterMapping, ToolMapping } from "./types";
import { isOneOf, type JsonObject } from "./json-value";

const LOCATIONS: ParameterLocation[] = ["path", "query", "header", "cookie"];
/** Headers the generated server sets itself (OpenAPI says these parameter definitions are ignored). */
const RESERVED_HEADERS = new Set(["accept", "content-type", "authorization"]);
const STYLES: NonNullable<ParameterMapping["style"]>[] = [
  "form",
  "spaceDelimited",
  "pipeDelimited",
  "deepObject",
  "simple",
  "label",
  "matrix",
];

export type BuiltInput = { inputSchema: JsonSchemaObject; mapping: ToolMapping };
type Param = { value: Parameter; url: string };

const isParam = (p: { value: JsonObject; url: string }): p is Param => typeof p.value.name === "string" && isOneOf(LOCATIONS, p.value.in);

/** Path-level parameters overridden by operation-level ones with the same name and location. */
function collectParameters(pathItem: JsonObject, op: JsonObject, base: string, ctx: SchemaContext): Param[] {
  const byKey = new Map<string, Param>();
  for (const list of [pathItem.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = ctx.resolver.deref(raw, base);
      if (!param || !isParam(param)) {
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
export function buildToolInput(
  method: HttpMethod,
  path: string,
  pathItem: JsonObject,
  op: JsonObject,
  base: string,
  ctx: SchemaContext,
  signals: CredentialSignals = { apiKeys: new Set(), bearerLike: false },
): BuiltInput {
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
  const body = resolveBody(op, base, ctx);
  // Paginated APIs (AWS) list the same optional token in the query and the body: the body's is kept
  // (when the body requires it, only if the query one says it is the pagination token or limit).
  const bodyNames = new Set(body?.shape ? Object.keys(body.shape.properties) : []);
  const repeated = (p: Parameter) =>
    bodyNames.has(p.name) &&
    (!body!.shape!.required.includes(p.name) ||
      (typeof p.description === "string" && /^pagination (token|limit)/i.test(p.description.trim())));
  const params = collectParameters(pathItem, op, base, ctx);
  const googleStyle = isGoogleStyle(params);

  // Path parameters first, so they keep their plain names.
  for (const { value: p, url } of params) {
    if (p.in === "header" && RESERVED_HEADERS.has(p.name.toLowerCase())) continue;
    const isRequired = p.in === "path" || p.required === true;
    const hidden = hiddenReason(p, signals, googleStyle);
    // A credential stays in the mapping (auth analysis reads it; a static value may fill it), never in the inputSchema.
    if (hidden === "credential") parameters.push({ arg: argFor(p.name, p.in), in: p.in, name: p.name, required: isRequired, hidden });
    if (hidden) continue;
    if (p.in === "query" && !isRequired && repeated(p)) continue;
    let schema: JsonSchema;
    let json = false;
    if (p.schema !== undefined) schema = convertSchema(p.schema, url, ctx);
    else if (p.content && typeof p.content === "object") {
      const first = Object.values(p.content)[0] as Record<string, unknown> | undefined;
      schema = convertSchema(first?.schema, url, ctx);
      json = true;
    } else schema = { type: "string" };
    const arg = argFor(p.name, p.in);
    const mapping: ParameterMapping = { arg, in: p.in, name: p.name, required: isRequired };
    if (isOneOf(STYLES, p.style)) mapping.style = p.style;
    if (typeof p.explode === "boolean") mapping.explode = p.explode;
    if (p.allowReserved === true) mapping.allowReserved = true;
    if (json) mapping.json = true;
    parameters.push(mapping);
    const fixed = fixedValue(schema, isRequired);
    if (fixed) {
      mapping.value = fixed.value;
      continue;
    }
    properties[arg] = withDescription(schema, p.description, p.deprecated === true ? { deprecated: true } : {});
    if (p.example !== undefined && properties[arg].examples === undefined) properties[arg].examples = [p.example];
    if (isRequired) required.push(arg);
  }

  const dependent: Record<string, string[]> = {};
  const asked = new Set(parameters.filter((p) => p.in === "query" && p.required).map((p) => p.name));
  const bodyMapping = body ? bodyArguments(body, { argFor, properties, required, dependent, asked }) : undefined;
  const inputSchema: JsonSchemaObject = { type: "object", properties };
  if (required.length) inputSchema.required = required;
  if (Object.keys(dependent).length) inputSchema.dependentRequired = dependent;
  return { inputSchema, mapping: { method, path, parameters, ...(bodyMapping ? { body: bodyMapping } : {}) } };
}
