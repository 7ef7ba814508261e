// Loads a description: parses it, checks it is OpenAPI 2.0/3.0/3.1, fetches external $refs
// (relative ones against the source URL) through the SSRF-guarded fetch, and upgrades 2.0 to 3.0.
import { load } from "@scalar/openapi-parser";
import { upgradeFromTwoToThree } from "@scalar/openapi-upgrader/2.0-to-3.0";
import { fail } from "../lib/errors";
import { safeFetchText } from "../lib/safe-fetch";
import type { JsonObject } from "./json-value";
import { MAX_DESCRIPTION_BYTES, parseDescriptionText } from "./parse";

/** A parsed description: its members are read through the narrowing of json-value.ts. */
export type OpenApiDocument = JsonObject;
export type DescriptionSource = {
  text: string;
  /** The text's UTF-8 bytes as received, when the request had them: kept as they are, never encoded again from `text`. */
  bytes?: Uint8Array;
  sourceUrl?: string | null;
  filename?: string | null;
};
/** What is kept of a description: its bytes as received when there are any, else its text. */
export const asReceived = (source: DescriptionSource) => source.bytes ?? source.text;
export type LoadedDescription = {
  document: OpenApiDocument;
  /** The version as written: "2.0", "3.0.3", "3.1.0", … */
  originalVersion: string;
  /** Every file of the description by absolute URL; the root is `rootUrl`. */
  files: Map<string, unknown>;
  rootUrl: string;
  /** External references that could not be loaded. */
  unresolved: string[];
};

type Env = Pick<Cloudflare.Env, "ENVIRONMENT">;

/** Key of an uploaded description, which has no URL of its own. */
export const UPLOAD_ROOT = "upload:///description";
const MAX_EXTERNAL_FILES = 50;
const NOT_A_DESCRIPTION = "The document is not an OpenAPI or Swagger description: it has no 'openapi' or 'swagger' version field";

/** A version field as a refusal shows it: short, and never "[object Object]". */
function shownVersion(value: unknown) {
  const text = value !== null && typeof value === "object" ? (Array.isArray(value) ? "(a list)" : "(an object)") : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Checks the version field; answers the version string. */
export function checkVersion(doc: unknown): string {
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) fail(400, NOT_A_DESCRIPTION);
  const { openapi, swagger } = doc as Record<string, unknown>;
  const version = String(openapi ?? swagger ?? "");
  if (!version) fail(400, NOT_A_DESCRIPTION);
  if (swagger !== undefined && version !== "2.0") {
    fail(400, `Unsupported Swagger version ${shownVersion(swagger)}: Toolport imports Swagger 2.0 and OpenAPI 3.0 and 3.1`);
  }
  if (openapi !== undefined && !/^3\.[01](\.\d+)?(-.+)?$/.test(version)) {
    fail(400, `Unsupported OpenAPI version ${shownVersion(openapi)}: Toolport imports Swagger 2.0 and OpenAPI 3.0 and 3.1`);
  }
  const d = doc as Record<string, unknown>;
  const hasPaths = d.paths && typeof d.paths === "object";
  if (!hasPaths && !(d.webhooks || d.components)) fail(400, "The description has no 'paths': there are no operations to import");
  return version;
}

/** Cheap test for any `$ref` that is not local to the document. */
const hasExternalRefs = (text: string) => /\$ref["']?\s*:\s*["']?[^\s"'#]/.test(text);

/** Fetches one external file; its parsed content is recorded under its absolute URL. */
async function fetchExternal(url: string, env: Env, files: Map<string, unknown>) {
  if (files.has(url)) return files.get(url);
  if (files.size >= MAX_EXTERNAL_FILES) throw new Error("too many external files");
  const res = await safeFetchText(url, env, { maxBytes: MAX_DESCRIPTION_BYTES });
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
  const value = parseDescriptionText(res.text, url);
  files.set(url, value);
  return value;
}

/** Resolves every external reference with @scalar/openapi-parser's loader and our guarded fetch. */
async function loadExternal(document: OpenApiDocument, rootUrl: string, env: Env, files: Map<string, unknown>) {
  // The loader names files by the $ref text; we key them by absolute URL, resolved per file.
  const visited = new Set<string>();
  const failures: string[] = [];
  const plugin = {
    check: (value: unknown) => typeof value === "string" && !value.startsWith("#"),
    resolvePath: (base: unknown, ref: string) => new URL(ref, typeof base === "string" ? base : rootUrl).href,
    get: async (url: string) => {
      // The loader revisits files that reference each other; the first visit is enough.
      if (visited.has(url)) throw new Error("already loaded");
      visited.add(url);
      try {
        if (!/^https?:/.test(url)) throw new Error("a relative reference needs the description's URL; upload cannot resolve it");
        return await fetchExternal(url, env, files);
      } catch (err) {
        failures.push(`${url}: ${(err as Error).message}`);
        throw err;
      }
    },
  };
  await load(document, { plugins: [plugin] });
  return failures;
}

/** Parses, checks and loads a description; fails with a clear 400/413/502 when it cannot be imported. */
export async function loadDescription(source: DescriptionSource, env: Env): Promise<LoadedDescription> {
  const label = source.filename ?? source.sourceUrl ?? "the description";
  let document = parseDescriptionText(source.text, label) as OpenApiDocument;
  const originalVersion = checkVersion(document);
  const rootUrl = source.sourceUrl ?? UPLOAD_ROOT;
  const files = new Map<string, unknown>();
  let unresolved: string[] = [];
  if (hasExternalRefs(source.text)) unresolved = await loadExternal(document, rootUrl, env, files);
  if (originalVersion === "2.0") document = upgradeFromTwoToThree(document) as OpenApiDocument;
  files.set(rootUrl, document);
  return { document, originalVersion, files, rootUrl, unresolved };
}
