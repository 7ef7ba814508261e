// Ground truth of a corpus site: the operations (`METHOD /path`) and parameter names of the OpenAPI
// (2.0 or 3.x) description it was generated from, and the same read from an extracted description.
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
type Json = Record<string, any>;

/** `/pets/{petId}`, `/pets/{id}` and `/pets/:id` all become `/pets/{}`; the API's base path is kept in front. */
export function normalizePath(path: string, basePath = ""): string {
  const joined = `${basePath.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const segments = joined.split("/").map((s) => (s.startsWith("{") || s.startsWith(":") ? "{}" : s));
  return segments.join("/").replace(/\/+$/, "") || "/";
}

/** Follows local `$ref`s (a few hops at most) to the referenced object. */
export function deref(doc: Json, value: any, hops = 8): any {
  let current = value;
  while (current && typeof current.$ref === "string" && current.$ref.startsWith("#/") && hops-- > 0) {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((k: string) => k.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((node: any, key: string) => node?.[key], doc);
  }
  return current;
}

/** Top-level property names of a schema, through $ref and allOf. */
function propertyNames(doc: Json, schema: any, depth = 0): string[] {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || depth > 4) return [];
  const own = Object.keys(s.properties ?? {});
  const parts = (s.allOf ?? []).flatMap((part: any) => propertyNames(doc, part, depth + 1));
  return [...own, ...parts];
}

/** The paths of the description's servers (3.x) or its basePath (2.0). */
export function basePathsOf(doc: Json): string[] {
  if (typeof doc.basePath === "string") return [doc.basePath];
  const paths = (doc.servers ?? []).map((server: any) => {
    try {
      return new URL(String(server?.url ?? "").replace(/\{[^}]*\}/g, "x"), "http://base.invalid").pathname;
    } catch {
      return "";
    }
  });
  return paths.length ? paths : [""];
}

/** One operation as documented: its key without the base path, its keys with each server's path, and its parameter names. */
export type Operation = { key: string; fullKeys: string[]; names: Set<string> };

/** Every operation of a description with its parameter names. */
export function operationsOf(doc: Json, options: { requestBodies?: boolean } = {}): Operation[] {
  const ops = new Map<string, Operation>();
  const bases = basePathsOf(doc);
  for (const [path, rawItem] of Object.entries<any>(doc.paths ?? {})) {
    const item = deref(doc, rawItem) ?? {};
    for (const method of METHODS) {
      const op = item[method];
      if (!op || typeof op !== "object") continue;
      const names = new Set<string>();
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const p = deref(doc, raw);
        if (!p || typeof p.name !== "string") continue;
        if (p.in === "body") propertyNames(doc, p.schema).forEach((n) => names.add(n));
        else if (p.in === "path" || p.in === "query" || p.in === "header" || p.in === "formData") names.add(p.name);
      }
      const body = options.requestBodies === false ? null : deref(doc, op.requestBody);
      const media = body?.content && (body.content["application/json"] ?? Object.values<any>(body.content)[0]);
      if (media) propertyNames(doc, media.schema).forEach((n) => names.add(n));
      const M = method.toUpperCase();
      const key = `${M} ${normalizePath(path)}`;
      const known = ops.get(key);
      if (known) names.forEach((n) => known.names.add(n));
      else ops.set(key, { key, fullKeys: bases.map((b) => `${M} ${normalizePath(path, b)}`), names });
    }
  }
  return [...ops.values()];
}

/** The truth of a description: its operations by key, and each key with a server's path in front. */
export type Truth = { ops: Map<string, Operation>; byFullKey: Map<string, string>; undocumented?: string[] };
export function truthOf(doc: Json, options: { requestBodies?: boolean } = {}): Truth {
  const ops = new Map(operationsOf(doc, options).map((op) => [op.key, op]));
  const byFullKey = new Map<string, string>();
  for (const op of ops.values()) for (const full of op.fullKeys) if (!ops.has(full)) byFullKey.set(full, op.key);
  return { ops, byFullKey };
}

/**
 * The truth of a site: a parameter whose name its pages never mention is not documented there (some
 * generators leave out referenced parameters or request bodies), so it is set aside, and listed.
 */
export function documentedBy(truth: Truth, siteText: string): Truth {
  const text = siteText.toLowerCase();
  const undocumented: string[] = [];
  const ops = new Map<string, Operation>();
  for (const [key, op] of truth.ops) {
    const names = new Set(
      [...op.names].filter((name) => text.includes(name.toLowerCase()) || (undocumented.push(`${key} ${name}`), false)),
    );
    ops.set(key, { ...op, names });
  }
  return { ...truth, ops, undocumented };
}

const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "_");

export type Score = {
  expected: number;
  found: number;
  hits: number;
  params: number;
  paramHits: number;
  missing: string[];
  extra: string[];
  missingParams: string[];
};

/**
 * Compares an extracted description with the truth. An extracted operation matches a documented one
 * by method and normalized path, with or without the server's base path on either side (pages that
 * never show the server URL cannot tell the base path); a second match of the same operation is extra.
 * Parameter names are compared without case and with every run of other characters than letters and
 * digits as one "_" (tool arguments cannot be named `WM_SEC.TIMESTAMP`), over the operations found.
 */
export function score(truth: Truth, extracted: Json | null): Score {
  const found = extracted ? operationsOf(extracted) : [];
  const matched = new Map<string, Set<string>>();
  const extra: string[] = [];
  for (const op of found) {
    const target = [op.key, ...op.fullKeys].map((k) => (truth.ops.has(k) ? k : truth.byFullKey.get(k))).find((k) => k !== undefined);
    if (target === undefined || matched.has(target)) extra.push(op.fullKeys[0] ?? op.key);
    else matched.set(target, op.names);
  }
  let params = 0;
  let paramHits = 0;
  const missing: string[] = [];
  const missingParams: string[] = [];
  for (const [key, op] of truth.ops) {
    const got = matched.get(key);
    if (!got) {
      missing.push(key);
      continue;
    }
    params += op.names.size;
    const names = new Set([...got].map(comparable));
    for (const name of op.names) {
      if (names.has(comparable(name))) paramHits++;
      else missingParams.push(`${key} ${name}`);
    }
  }
  return { expected: truth.ops.size, found: found.length, hits: matched.size, params, paramHits, missing, extra, missingParams };
}
