// Whole-URL scoring of the real corpus: each operation is its method and its whole URL (the server
// URL's host and path joined to the operation's path), compared with the truth written from the
// site's source. An instance-relative API (a self-hosted product, a host variable) has the host
// `{host}`: right when the description names no concrete host for it, so the portal asks for one.
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];
type Json = Record<string, any>;

export type RealTruth = { site: string; base: string; note: string; operations: Record<string, string[]> };
export type RealScore = {
  expected: number;
  found: number;
  hits: number;
  params: number;
  paramHits: number;
  hostRight: boolean;
  truthBase: string;
  foundBase: string;
  missing: string[];
  extra: string[];
  missingParams: string[];
};

export async function loadTruth(site: string): Promise<RealTruth> {
  return JSON.parse(await readFile(join(import.meta.dirname, "truth", `${site}.json`), "utf8"));
}

/** `{host}` for a base without a concrete host (none, relative, or a host written as a variable); else the lowercase host. */
export function hostOf(base: string | null | undefined): string {
  if (!base || !/^https?:\/\//i.test(base)) return "{host}";
  const authority = base.slice(base.indexOf("//") + 2).split("/")[0];
  return authority.includes("{") || authority.includes("$") ? "{host}" : authority.toLowerCase();
}

/** The path part of a base URL ("" for none). */
function basePathOf(base: string | null | undefined): string {
  if (!base) return "";
  if (!/^https?:\/\//i.test(base)) {
    // "{host}/v1" (an instance's base) → "/v1".
    const slash = base.indexOf("/");
    return slash < 0 ? "" : base.slice(slash);
  }
  const at = base.indexOf("/", base.indexOf("//") + 2);
  return at < 0 ? "" : base.slice(at);
}

/** `GET host/a/{}/b`: placeholders in any spelling as `{}`, no trailing slash. */
export function wholeKey(method: string, base: string | null | undefined, path: string): string {
  const joined = `${basePathOf(base).replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const segments = joined.split("/").map((s) => s.replace(/\{[^}]*\}/g, "{}"));
  return `${method.toUpperCase()} ${hostOf(base)}${segments.join("/").replace(/\/+$/, "")}`;
}

/** The comparable names of a path's `{name}` placeholders. */
const placeholderNames = (path: string) => new Set((path.match(/\{[^}]*\}/g) ?? []).map((p) => comparable(p.slice(1, -1))));

const comparable = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** Every operation of a description with its own server URL (operation, path item, then document servers) and parameter names. */
function operationsOf(doc: Json | null, fallbackBase: string | null): { key: string; base: string | null; names: Set<string> }[] {
  if (!doc) return [];
  const docBase = fallbackBase ?? doc.servers?.[0]?.url ?? null;
  const out: { key: string; base: string | null; names: Set<string> }[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const base = op.servers?.[0]?.url ?? item.servers?.[0]?.url ?? docBase;
      const names = new Set<string>();
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])])
        if (typeof p?.name === "string") names.add(comparable(p.name));
      const schema = op.requestBody?.content && (Object.values<Json>(op.requestBody.content)[0]?.schema ?? {});
      for (const name of Object.keys(schema?.properties ?? {})) names.add(comparable(name));
      out.push({ key: wholeKey(method, base, path), base, names });
    }
  }
  return out;
}

/** Scores a description (or the portal's tools as one) against a site's truth, on whole URLs. */
export function scoreReal(truth: RealTruth, doc: Json | null, fallbackBase: string | null = null): RealScore {
  const truthKeys = new Map<string, string>();
  const expected = new Map(
    Object.entries(truth.operations).map(([key, names]) => {
      const [method, written] = [key.slice(0, key.indexOf(" ")), key.slice(key.indexOf(" ") + 1)];
      // An operation on another host of the API is written with its whole URL (`GET https://repo.example.org/p/{x}`).
      const origin = /^https?:\/\/[^/]+/i.exec(written)?.[0];
      const path = origin ? written.slice(origin.length) : written;
      const whole = wholeKey(method, origin ?? truth.base, path);
      truthKeys.set(whole, path);
      return [whole, names] as const;
    }),
  );
  const found = operationsOf(doc, fallbackBase);
  const matched = new Map<string, Set<string>>();
  const extra: string[] = [];
  for (const op of found) {
    if (!expected.has(op.key) || matched.has(op.key)) extra.push(op.key);
    else matched.set(op.key, op.names);
  }
  let params = 0;
  let paramHits = 0;
  const missing: string[] = [];
  const missingParams: string[] = [];
  for (const [key, names] of expected) {
    const got = matched.get(key);
    if (!got) {
      missing.push(key);
      continue;
    }
    // Path parameters compare by position (the operation matched, so they are there), whatever their names.
    const pathNames = placeholderNames(truthKeys.get(key) ?? "");
    for (const name of new Set(names.map(comparable))) {
      params++;
      if (got.has(name) || pathNames.has(name)) paramHits++;
      else missingParams.push(`${key} ${name}`);
    }
  }
  const foundBase = fallbackBase ?? doc?.servers?.[0]?.url ?? "";
  return {
    expected: expected.size,
    found: found.length,
    hits: matched.size,
    params,
    paramHits,
    hostRight: hostOf(foundBase) === hostOf(truth.base),
    truthBase: truth.base,
    foundBase,
    missing,
    extra,
    missingParams,
  };
}
