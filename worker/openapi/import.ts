// The import engine: a description (text, with its URL when it has one) → server facts, tools and
// a report of every operation skipped or degraded. The Worker, re-crawls and the corpus test call this.
import type { Endpoint } from "../db/schema";
import { toolAnnotations } from "./annotations";
import { fitSchema } from "./budget";
import { toolDescription, toolTitle } from "./describe";
import { type DescriptionSource, type LoadedDescription, loadDescription, type OpenApiDocument } from "./load";
import { NameRegistry, operationBaseName } from "./naming";
import { buildOutputSchema } from "./output";
import { credentialSignals } from "./plumbing";
import { RefResolver } from "./refs";
import { type CachedSchema, newSchemaContext } from "./schema";
import { buildToolInput } from "./tool";
import type { HttpMethod, ImportIssue, ToolDefinition } from "./types";

export const HTTP_METHODS: HttpMethod[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** Tools kept per server; operations beyond are reported as skipped. */
export const MAX_TOOLS = 2000;
/** Tags kept per operation (search mode ranks by them), and characters per tag. */
const MAX_TAGS = 5;
const MAX_TAG_CHARS = 60;

/** The operation's tags, when it has any (a short list of short strings). */
function tagsOf(op: { tags?: unknown }): { tags?: string[] } {
  if (!Array.isArray(op.tags)) return {};
  const tags = op.tags.filter((t): t is string => typeof t === "string" && t.trim() !== "").slice(0, MAX_TAGS).map((t) => t.trim().slice(0, MAX_TAG_CHARS));
  return tags.length > 0 ? { tags } : {};
}
const MAX_REPORT_ISSUES = 1000;
/** Schema nodes an outputSchema may hold before deeper parts are summarised: it documents, it asks nothing. */
const OUTPUT_NODE_BUDGET = 1000;

export type ImportResult = {
  title: string;
  description: string;
  version: string;
  openapiVersion: string;
  baseUrl: string | null;
  endpoints: Endpoint[];
  tools: ToolDefinition[];
  issues: ImportIssue[];
  operationCount: number;
  loaded: LoadedDescription;
};

/** The server's base URL: the first server entry with its variables filled from their defaults. */
export function baseUrlOf(document: OpenApiDocument, sourceUrl?: string | null): string | null {
  const server = Array.isArray(document.servers) ? document.servers.find((s: any) => typeof s?.url === "string") : undefined;
  if (!server) return sourceUrl ? new URL(sourceUrl).origin : null;
  let url: string = server.url.replace(/\{([^{}]+)\}/g, (whole: string, name: string) => {
    const variable = server.variables?.[name];
    const value = variable?.default ?? variable?.enum?.[0];
    return value === undefined ? whole : String(value);
  });
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    if (!sourceUrl || !/^https?:/.test(sourceUrl)) return url.startsWith("//") ? `https:${url}` : url || null;
    url = new URL(url || "/", sourceUrl).href;
  }
  return url.replace(/(?<!\/)\/+$/, "");
}

/** Where a model (or its user) reads what a summarised schema leaves out: the docs link, else the operation. */
function seeAlsoOf(document: OpenApiDocument, op: Record<string, any>, label: string): string {
  const id = typeof op.operationId === "string" && op.operationId.trim() ? `operation ${op.operationId.trim().slice(0, 80)}` : label.slice(0, 120);
  const url = [op.externalDocs?.url, document.externalDocs?.url].find((u) => typeof u === "string" && /^https?:\/\//.test(u) && u.length < 300);
  return url ? `${id} in ${url}` : `${id} in the API documentation`;
}

/** Imports an already-loaded description into tool definitions and a report. */
export function buildImport(loaded: LoadedDescription, options: { maxTools?: number } = {}): ImportResult {
  const { document, rootUrl } = loaded;
  const maxTools = options.maxTools ?? MAX_TOOLS;
  const resolver = new RefResolver(loaded.files, rootUrl);
  const cache = new Map<string, CachedSchema>();
  const outputCache = new Map<string, CachedSchema>();
  const signals = credentialSignals(document, resolver);
  const names = new NameRegistry(true);
  const tools: ToolDefinition[] = [];
  const issues: ImportIssue[] = loaded.unresolved.map((u) => ({ operation: "(description)", kind: "degraded", reason: `external reference not loaded: ${u}` }));
  let operationCount = 0;
  const paths = document.paths && typeof document.paths === "object" ? document.paths : {};
  for (const [path, rawItem] of Object.entries<any>(paths)) {
    const item = resolver.deref(rawItem, rootUrl);
    if (!item) {
      issues.push({ operation: path, kind: "skipped", reason: "path item could not be resolved" });
      continue;
    }
    for (const method of HTTP_METHODS) {
      const op = item.value[method];
      if (op === undefined) continue;
      operationCount++;
      const label = `${method.toUpperCase()} ${path}`;
      if (!op || typeof op !== "object") {
        issues.push({ operation: label, kind: "skipped", reason: "operation is not an object" });
        continue;
      }
      if (tools.length >= maxTools) {
        issues.push({ operation: label, kind: "skipped", reason: `more than ${maxTools} operations: only the first ${maxTools} become tools` });
        continue;
      }
      const ctx = newSchemaContext(resolver, cache);
      ctx.seeAlso = seeAlsoOf(document, op, label);
      try {
        const built = buildToolInput(method, path, item.value, op, item.url, ctx, signals);
        const fitted = fitSchema(built.inputSchema, ctx.seeAlso);
        if (fitted.summarized) ctx.notes.add("input schema larger than the size budget: its deepest parts are summarised in words");
        const outputCtx = { ...newSchemaContext(resolver, outputCache, OUTPUT_NODE_BUDGET), output: true, seeAlso: ctx.seeAlso };
        const outputSchema = buildOutputSchema(op, item.url, outputCtx);
        const base = operationBaseName(op.operationId, method, path);
        if (!base.fromId && typeof op.operationId === "string" && op.operationId.trim()) {
          ctx.notes.add("operationId has no usable characters; name derived from method and path");
        }
        const name = names.take(base.name);
        if (base.name.length > 64) ctx.notes.add(`name shortened to ${name} (at most 64 characters)`);
        else if (name !== base.name) ctx.notes.add(`name ${base.name} already taken; renamed to ${name}`);
        const summary = typeof op.summary === "string" ? op.summary.trim().slice(0, 200) : undefined;
        const title = toolTitle(op, method, path);
        tools.push({
          name,
          title,
          description: toolDescription(op, method, path),
          inputSchema: fitted.schema,
          ...(outputSchema ? { outputSchema } : {}),
          annotations: toolAnnotations(op, method, title),
          mapping: built.mapping,
          endpoint: { method: method.toUpperCase(), path, ...(summary ? { summary } : {}), ...tagsOf(op) },
        });
        for (const reason of ctx.notes) issues.push({ operation: `${label} (${name})`, kind: "degraded", reason });
      } catch (err) {
        issues.push({ operation: label, kind: "skipped", reason: `could not be converted: ${(err as Error).message}` });
      }
    }
  }
  const info = document.info && typeof document.info === "object" ? document.info : {};
  const sourceUrl = rootUrl.startsWith("http") ? rootUrl : null;
  return {
    title: typeof info.title === "string" && info.title.trim() ? info.title.trim() : "Untitled API",
    description: typeof info.description === "string" ? info.description.trim() : "",
    version: info.version !== undefined && info.version !== null ? String(info.version) : "1.0.0",
    openapiVersion: loaded.originalVersion,
    baseUrl: baseUrlOf(document, sourceUrl),
    endpoints: tools.map((t) => t.endpoint),
    tools,
    issues: issues.length > MAX_REPORT_ISSUES
      ? [...issues.slice(0, MAX_REPORT_ISSUES), { operation: "(report)", kind: "degraded", reason: `${issues.length - MAX_REPORT_ISSUES} more issues not listed` }]
      : issues,
    operationCount,
    loaded,
  };
}

/** Loads and imports a description; fails with a clear 400/413/502 message when it cannot. */
export async function importDescription(source: DescriptionSource, env: Pick<Cloudflare.Env, "ENVIRONMENT">, options?: { maxTools?: number }) {
  return buildImport(await loadDescription(source, env), options);
}
