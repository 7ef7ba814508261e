// Endpoint drafts → an OpenAPI 3.1 description: servers, paths with parameters and bodies, security.
import type { Draft, Hints } from "./endpoints";
import type { Schema } from "./json-schema";
import type { FoundParam } from "./params";

const BODY_METHODS = new Set(["post", "put", "patch"]);

/** The API's base URL: the one the docs name, else the common prefix of the absolute URLs they use. */
export function baseUrlOf(drafts: Draft[], hints: Hints): string | null {
  if (hints.baseUrls.length) return hints.baseUrls[0].replace(/\/+$/, "");
  const urls = [...drafts.map((d) => d.rawPath), ...hints.exampleUrls].filter((u) => /^https?:/.test(u)).map((u) => new URL(u));
  if (!urls.length) return null;
  const origin = urls[0].origin;
  const sameOrigin = urls.filter((u) => u.origin === origin);
  const version = sameOrigin.every((u) => /^\/v\d+(\.\d+)?\//.test(u.pathname) && u.pathname.split("/")[1] === sameOrigin[0].pathname.split("/")[1]);
  return version ? `${origin}/${sameOrigin[0].pathname.split("/")[1]}` : origin;
}

/** A documented path relative to the base URL, in OpenAPI's template form, plus its query names. */
export function pathOf(rawPath: string, base: string | null): { path: string; query: string[] } | null {
  let raw = rawPath.replace(/[.,;:)`*]+$/, "");
  const basePath = base ? new URL(base).pathname.replace(/\/+$/, "") : "";
  if (/^https?:/.test(raw)) {
    const url = new URL(raw.replace(/[{}]/g, (c) => (c === "{" ? "%7B" : "%7D")));
    raw = decodeURIComponent(url.pathname) + url.search;
  }
  const [pathPart, search = ""] = raw.split("?");
  let path = pathPart.replace(/\/:([A-Za-z_]\w*)/g, "/{$1}").replace(/<([A-Za-z_]\w*)>/g, "{$1}").replace(/\/+$/, "");
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) path = path.slice(basePath.length);
  if (!path || path === "/" || !/^\/[\w\-./{}~%$]*$/.test(path)) return null;
  const query = search.split("&").map((p) => p.split("=")[0]).filter((n) => /^[A-Za-z_][\w.[\]-]*$/.test(n));
  return { path, query };
}

const camel = (words: string) =>
  words
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .trim()
    .split(/\s+/)
    .slice(0, 8)
    .map((w, i) => (i ? w[0].toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join("");

type Operation = { method: string; path: string; drafts: Draft[]; query: string[] };

function parametersOf(op: Operation) {
  const pathNames = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const params = new Map<string, Record<string, unknown>>();
  const body: FoundParam[] = [];
  const all: FoundParam[] = [...op.drafts.flatMap((d) => d.params), ...op.query.map((name) => ({ name, in: "query" as const, schema: { type: "string" }, required: false }))];
  for (const p of all) {
    const where = pathNames.includes(p.name) ? "path" : p.in ?? (BODY_METHODS.has(op.method) ? "body" : "query");
    if (where === "body") {
      if (BODY_METHODS.has(op.method) && !body.some((b) => b.name === p.name)) body.push(p);
      continue;
    }
    if (where === "path" && !pathNames.includes(p.name)) continue;
    if (where === "header" && /^(authorization|content-type|accept)$/i.test(p.name)) continue;
    const key = `${where}:${p.name}`;
    if (!params.has(key)) {
      params.set(key, { name: p.name, in: where, required: where === "path" || p.required, schema: p.schema, ...(p.description ? { description: p.description } : {}) });
    }
  }
  for (const name of pathNames) {
    if (!params.has(`path:${name}`)) params.set(`path:${name}`, { name, in: "path", required: true, schema: { type: "string" } });
  }
  return { parameters: [...params.values()], body };
}

function requestBodyOf(op: Operation, body: FoundParam[]) {
  const example = op.drafts.find((d) => d.requestExample)?.requestExample;
  if (!BODY_METHODS.has(op.method) || (!body.length && !example)) return undefined;
  const schema: Schema = example?.type === "object" || !example ? { type: "object", properties: { ...((example?.properties as object) ?? {}) } } : example;
  for (const p of body) (schema.properties as Record<string, Schema>)[p.name] = { ...p.schema, ...(p.description ? { description: p.description } : {}) };
  const required = body.filter((p) => p.required).map((p) => p.name);
  if (required.length) schema.required = required;
  return { required: true, content: { "application/json": { schema } } };
}

/** Builds the description; null when no endpoint was found. */
export function buildDocument(drafts: Draft[], hints: Hints, meta: { title: string; sourceUrl: string }) {
  const base = baseUrlOf(drafts, hints);
  const ops = new Map<string, Operation>();
  for (const draft of drafts) {
    const located = pathOf(draft.rawPath, base);
    if (!located) continue;
    const method = draft.method.toLowerCase();
    const key = `${method} ${located.path}`;
    const op = ops.get(key) ?? { method, path: located.path, drafts: [], query: [] };
    op.drafts.push(draft);
    op.query.push(...located.query);
    ops.set(key, op);
  }
  if (!ops.size) return null;
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const op of ops.values()) {
    const summary = op.drafts.find((d) => d.summary && !/^(GET|POST|PUT|PATCH|DELETE)\b/.test(d.summary))?.summary;
    let id = camel(summary ?? `${op.method} ${op.path.replace(/[{}]/g, "")}`) || op.method;
    for (let n = 2; ids.has(id); n++) id = `${id.replace(/\d+$/, "")}${n}`;
    ids.add(id);
    const { parameters, body } = parametersOf(op);
    const response = op.drafts.find((d) => d.responseExample)?.responseExample;
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: id,
      summary: (summary ?? `${op.method.toUpperCase()} ${op.path}`).slice(0, 200),
      ...(op.drafts[0].description ? { description: op.drafts[0].description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBodyOf(op, body) ? { requestBody: requestBodyOf(op, body) } : {}),
      responses: response
        ? { "200": { description: "Successful response", content: { "application/json": { schema: response } } } }
        : { default: { description: "Response" } },
    };
  }
  const securitySchemes: Record<string, unknown> = {};
  if (hints.auth.has("bearer")) securitySchemes.bearerAuth = { type: "http", scheme: "bearer" };
  if (hints.auth.has("basic")) securitySchemes.basicAuth = { type: "http", scheme: "basic" };
  for (const name of hints.apiKeyHeaders) securitySchemes[camel(`${name} header`)] = { type: "apiKey", in: "header", name };
  for (const name of hints.apiKeyQuery) securitySchemes[camel(`${name} query`)] = { type: "apiKey", in: "query", name };
  const schemeNames = Object.keys(securitySchemes);
  return {
    openapi: "3.1.0",
    info: { title: meta.title.slice(0, 200), version: "1.0.0", description: `Generated by Toolport from the documentation at ${meta.sourceUrl}` },
    ...(base ? { servers: [{ url: base }] } : {}),
    paths,
    ...(schemeNames.length ? { components: { securitySchemes }, security: schemeNames.map((n) => ({ [n]: [] })) } : {}),
  };
}
