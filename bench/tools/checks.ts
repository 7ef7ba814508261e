// The bench's own, mechanical definitions of what a model should not be shown, read from the raw
// description (not from the import's rules), so the figures check the import rather than repeat it.
import type { ToolDefinition } from "../../worker/openapi/types";

type Doc = Record<string, any>;
const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);

/** AWS Signature V4 headers and query parameters: computed by a signer, never chosen by a caller. */
export const SIGNING_NAMES = new Set([
  "x-amz-algorithm",
  "x-amz-content-sha256",
  "x-amz-credential",
  "x-amz-date",
  "x-amz-security-token",
  "x-amz-signature",
  "x-amz-signedheaders",
]);
/** Google's system parameters, present on every operation of a Google description (marked by `$.xgafv`). */
export const GOOGLE_SYSTEM_NAMES = new Set([
  "$.xgafv",
  "alt",
  "prettyprint",
  "quotauser",
  "upload_protocol",
  "uploadtype",
  "callback",
  "key",
  "access_token",
  "oauth_token",
]);

function localDeref(doc: Doc, value: unknown): any {
  let current = value;
  for (let hops = 0; hops < 10 && isObject(current) && typeof current.$ref === "string" && current.$ref.startsWith("#/"); hops++) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((v: any, s: string) => (isObject(v) ? v[decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), doc);
  }
  return current;
}

/** The (location, lower-case name) keys of the operation's parameters a model should never be shown. */
export function plumbingKeys(doc: Doc, tool: Pick<ToolDefinition, "endpoint">): { plumbing: Set<string>; constants: Set<string> } {
  const plumbing = new Set<string>(["header:authorization"]);
  const constants = new Set<string>();
  const schemes = Object.values<any>(isObject(doc.components?.securitySchemes) ? doc.components.securitySchemes : {}).map((s) =>
    localDeref(doc, s),
  );
  let bearerLike = false;
  for (const s of schemes) {
    if (!isObject(s)) continue;
    const type = String(s.type ?? "").toLowerCase();
    if (type === "apikey" && typeof s.name === "string") plumbing.add(`${s.in ?? "header"}:${s.name.toLowerCase()}`);
    if (type === "oauth2" || type === "openidconnect" || (type === "http" && String(s.scheme).toLowerCase() === "bearer"))
      bearerLike = true;
  }
  if (bearerLike) for (const n of ["access_token", "oauth_token"]) plumbing.add(`query:${n}`);
  for (const n of SIGNING_NAMES) plumbing.add(`header:${n}`).add(`query:${n}`);
  const item = localDeref(doc, doc.paths?.[tool.endpoint.path]);
  const op = isObject(item) ? localDeref(doc, item[tool.endpoint.method.toLowerCase()]) : undefined;
  const params = [...(Array.isArray(item?.parameters) ? item.parameters : []), ...(Array.isArray(op?.parameters) ? op.parameters : [])]
    .map((p) => localDeref(doc, p))
    .filter(isObject);
  const google = params.some((p) => p.in === "query" && p.name === "$.xgafv");
  for (const p of params) {
    if (typeof p.name !== "string") continue;
    const key = `${p.in}:${p.name.toLowerCase()}`;
    if (google && p.in === "query" && GOOGLE_SYSTEM_NAMES.has(p.name.toLowerCase())) plumbing.add(key);
    const schema = localDeref(doc, p.schema);
    const required = p.in === "path" || p.required === true;
    if (required && isObject(schema) && Array.isArray(schema.enum) && schema.enum.length === 1) constants.add(key);
  }
  return { plumbing, constants };
}

type ToolLike = Pick<ToolDefinition, "inputSchema" | "mapping" | "endpoint">;

/** The tool's arguments (shown in its inputSchema) whose parameter has one of these keys. */
export function exposedArgs(tool: ToolLike, keys: Set<string>): string[] {
  return tool.mapping.parameters
    .filter((p) => p.arg in tool.inputSchema.properties && keys.has(`${p.in}:${p.name.toLowerCase()}`))
    .map((p) => `${p.in}:${p.name}`);
}

/** Query parameters also offered as a body property of the same name: one value asked twice. */
export function duplicatedArgs(tool: ToolLike): string[] {
  const bodyNames = new Set(Object.values(tool.mapping.body?.properties ?? {}));
  return tool.mapping.parameters
    .filter((p) => p.in === "query" && p.arg in tool.inputSchema.properties && bodyNames.has(p.name))
    .map((p) => p.name);
}

const bodySchemaOf = (tool: ToolLike) => {
  const arg = tool.mapping.body?.arg;
  const schema = arg ? (tool.inputSchema.properties[arg] as Record<string, unknown> | undefined) : undefined;
  if (!schema || schema.type !== "object") return null;
  const has = (k: string) => schema[k] !== undefined && !(isObject(schema[k]) && Object.keys(schema[k] as object).length === 0);
  return ["properties", "patternProperties", "allOf", "anyOf", "oneOf", "not", "enum", "const"].some(has) ||
    isObject(schema.additionalProperties)
    ? null
    : schema;
};

/** A whole-body argument whose object schema admits no field: properties declared empty, or none allowed. */
export function isEmptyBodyArg(tool: ToolLike): boolean {
  const schema = bodySchemaOf(tool);
  return !!schema && (schema.additionalProperties === false || isObject(schema.properties));
}

/** A whole-body argument that is a free-form object (`{ type: object }` and nothing else): kept, but counted. */
export const isFreeFormBodyArg = (tool: ToolLike) => !!bodySchemaOf(tool) && !isEmptyBodyArg(tool);

/** Subschemas of an inputSchema that are bare `{}` (accept anything, say nothing). */
export function bareSchemas(schema: unknown, depth = 0): number {
  if (!isObject(schema) || depth > 60) return 0;
  let count = 0;
  const visit = (s: unknown) => {
    if (isObject(s) && Object.keys(s).length === 0) count++;
    else count += bareSchemas(s, depth + 1);
  };
  for (const k of ["properties", "patternProperties", "$defs"]) if (isObject(schema[k])) Object.values(schema[k]).forEach(visit);
  for (const k of ["items", "additionalProperties", "not"]) if (isObject(schema[k])) visit(schema[k]);
  for (const k of ["allOf", "anyOf", "oneOf", "prefixItems"]) if (Array.isArray(schema[k])) schema[k].forEach(visit);
  return count;
}
