// The import engine: a description (text, with its URL when it has one) → server facts, tools and
// a report of every operation skipped or degraded (listed up to a bound, always counted exactly). The Worker, re-crawls and the corpus test call this.
import type { Endpoint } from "../db/schema";
import { toolAnnotations } from "./annotations";
import { fitSchema } from "./budget";
import { toolDescription, toolTitle } from "./describe";
import { type DescriptionSource, type LoadedDescription, loadDescription, type OpenApiDocument } from "./load";
import { NameRegistry, operationBaseName } from "./naming";
import { buildOutputSchema, type OutputCache } from "./output";
import { credentialSignals } from "./plumbing";
import { RefResolver } from "./refs";
import { type CachedSchema, newSchemaContext } from "./schema";
import { buildToolInput } from "./tool";
import {
  type HttpMethod,
  type ImportIssue,
  INSTANCE_EXTENSION,
  SOURCE_PAGE_EXTENSION,
  type ToolDefinition,
  type ToolMapping,
} from "./types";
import { isObject, isObjectLike, type JsonObject, memberOf } from "./json-value";

export const HTTP_METHODS: HttpMethod[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** Tags kept per operation (search mode ranks by them), and characters per tag. */
const MAX_TAGS = 5;
const MAX_TAG_CHARS = 60;

/** The operation's tags, when it has any (a short list of short strings). */
function tagsOf(op: { tags?: unknown }): { tags?: string[] } {
  if (!Array.isArray(op.tags)) return {};
  const tags = op.tags
    .filter((t): t is string => typeof t === "string" && t.trim() !== "")
    .slice(0, MAX_TAGS)
    .map((t) => t.trim().slice(0, MAX_TAG_CHARS));
  return tags.length > 0 ? { tags } : {};
}
/** The documentation page an extracted operation was read from (`x-toolport-page`), when it is an http(s) URL. */
function pageOf(op: Record<string, unknown>): { page?: string } {
  const page = op[SOURCE_PAGE_EXTENSION];
  return typeof page === "string" && page.length <= 2000 && /^https?:\/\//.test(page) ? { page } : {};
}
/** Report entries listed; the counts always cover every entry, listed or not. */
export const MAX_REPORT_ISSUES = 1000;
/** Schema nodes an outputSchema may hold before deeper parts are summarised: it documents, it asks nothing. */
const OUTPUT_NODE_BUDGET = 1000;
/** Longest URL an operation's own server may have. */
const MAX_SERVER_URL = 2048;

/** The import report: its first entries listed, every entry counted. */
export class ImportReport {
  readonly listed: ImportIssue[] = [];
  skipped = 0;
  degraded = 0;

  add(issue: ImportIssue) {
    if (issue.kind === "skipped") this.skipped++;
    else this.degraded++;
    if (this.listed.length < MAX_REPORT_ISSUES) this.listed.push(issue);
  }

  /** The listed entries, with a last line saying how many more there are when the list is cut. */
  get issues(): ImportIssue[] {
    const more = this.skipped + this.degraded - this.listed.length;
    return more > 0 ? [...this.listed, { operation: "(report)", kind: "degraded", reason: `${more} more issues not listed` }] : this.listed;
  }
}

export type ImportCounts = { operations: number; tools: number; skipped: number; degraded: number };

export type ImportResult = {
  title: string;
  description: string;
  version: string;
  openapiVersion: string;
  baseUrl: string | null;
  instanceExample: string | null;
  endpoints: Endpoint[];
  tools: ToolDefinition[];
  /** The report's entries (at most MAX_REPORT_ISSUES, then one line saying how many more). */
  issues: ImportIssue[];
  /** Exact counts over every operation and every report entry. */
  counts: ImportCounts;
  operationCount: number;
  loaded: LoadedDescription;
};

/** The server's base URL: the first server entry with its variables filled from their defaults. */
export function baseUrlOf(document: OpenApiDocument, sourceUrl?: string | null): string | null {
  const url = serverUrlOf(document.servers, sourceUrl);
  return url === undefined ? (sourceUrl ? new URL(sourceUrl).origin : null) : url;
}

/** The first entry of a `servers` list as a URL (variables from their defaults, relative ones resolved against the description's URL); undefined without one. */
function serverUrlOf(servers: unknown, sourceUrl?: string | null): string | null | undefined {
  const server = Array.isArray(servers)
    ? servers.find((s): s is JsonObject & { url: string } => typeof memberOf(s, "url") === "string")
    : undefined;
  if (!server) return undefined;
  let url: string = server.url.replace(/\{([^{}]+)\}/g, (whole: string, name: string) => {
    const variable = memberOf(server.variables, name);
    const values = memberOf(variable, "enum");
    const value = memberOf(variable, "default") ?? (Array.isArray(values) ? values[0] : undefined);
    return value === undefined ? whole : String(value);
  });
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    if (!sourceUrl || !/^https?:/.test(sourceUrl)) return url.startsWith("//") ? `https:${url}` : url || null;
    url = new URL(url || "/", sourceUrl).href;
  }
  return url.replace(/(?<!\/)\/+$/, "");
}

/** Where a model (or its user) reads what a summarised schema leaves out: the docs link, else the operation. */
function seeAlsoOf(document: OpenApiDocument, op: JsonObject, label: string): string {
  const id =
    typeof op.operationId === "string" && op.operationId.trim() ? `operation ${op.operationId.trim().slice(0, 80)}` : label.slice(0, 120);
  const url = [memberOf(op.externalDocs, "url"), memberOf(document.externalDocs, "url")].find(
    (u): u is string => typeof u === "string" && /^https?:\/\//.test(u) && u.length < 300,
  );
  return url ? `${id} in ${url}` : `${id} in the API documentation`;
}

/** Facts of the whole description: title, version, base URL. */
export function describeDocument(loaded: Pick<LoadedDescription, "document" | "rootUrl" | "originalVersion">) {
  const { document, rootUrl } = loaded;
  const info = isObject(document.info) ? document.info : {};
  const instance = info[INSTANCE_EXTENSION];
  const sourceUrl = rootUrl.startsWith("http") ? rootUrl : null;
  return {
    title: typeof info.title === "string" && info.title.trim() ? info.title.trim() : "Untitled API",
    description: typeof info.description === "string" ? info.description.trim() : "",
    version: info.version !== undefined && info.version !== null ? String(info.version) : "1.0.0",
    openapiVersion: loaded.originalVersion,
    baseUrl: baseUrlOf(document, sourceUrl),
    /** A crawled self-hosted API's example address (the user gives their own at deploy). */
    instanceExample: typeof instance === "string" ? instance.slice(0, 500) : null,
  };
}

/**
 * Converts path items one at a time into tools, so a large description can be fed in pieces: the
 * converted schemas, names and report are kept; the tools of each path item are handed back.
 */
export class OperationConverter {
  private readonly resolver: RefResolver;
  private readonly cache = new Map<string, CachedSchema>();
  private readonly outputCache = new Map<string, CachedSchema>();
  private readonly outputs: OutputCache = new Map();
  private readonly signals: ReturnType<typeof credentialSignals>;
  private readonly names = new NameRegistry(true);
  /** The description's URL (when it has one) and the API's base URL, against which operations' own servers are read. */
  private readonly sourceUrl: string | null;
  private readonly baseUrl: string | null;
  readonly report = new ImportReport();
  operations = 0;
  tools = 0;

  constructor(private readonly loaded: Pick<LoadedDescription, "document" | "files" | "rootUrl" | "unresolved">) {
    this.resolver = new RefResolver(loaded.files, loaded.rootUrl);
    this.signals = credentialSignals(loaded.document, this.resolver);
    this.sourceUrl = loaded.rootUrl.startsWith("http") ? loaded.rootUrl : null;
    this.baseUrl = baseUrlOf(loaded.document, this.sourceUrl);
    for (const u of loaded.unresolved)
      this.report.add({ operation: "(description)", kind: "degraded", reason: `external reference not loaded: ${u}` });
  }

  /** The tools of one path item (every operation that converts), their issues added to the report. */
  convertPathItem(path: string, rawItem: unknown): ToolDefinition[] {
    const { document, rootUrl } = this.loaded;
    const item = this.resolver.deref(rawItem, rootUrl);
    if (!item) {
      // A path item that cannot be resolved still counts its operations when they are written inline.
      this.report.add({ operation: path, kind: "skipped", reason: "path item could not be resolved" });
      return [];
    }
    const tools: ToolDefinition[] = [];
    for (const method of HTTP_METHODS) {
      const op = item.value[method];
      if (op === undefined) continue;
      this.operations++;
      const label = `${method.toUpperCase()} ${path}`;
      if (!isObjectLike(op)) {
        this.report.add({ operation: label, kind: "skipped", reason: "operation is not an object" });
        continue;
      }
      const ctx = newSchemaContext(this.resolver, this.cache);
      ctx.seeAlso = seeAlsoOf(document, op, label);
      try {
        const built = buildToolInput(method, path, item.value, op, item.url, ctx, this.signals);
        const fitted = fitSchema(built.inputSchema, ctx.seeAlso);
        if (fitted.summarized) ctx.notes.add("input schema larger than the size budget: its deepest parts are summarised in words");
        const outputCtx = { ...newSchemaContext(this.resolver, this.outputCache, OUTPUT_NODE_BUDGET), output: true, seeAlso: ctx.seeAlso };
        const outputSchema = buildOutputSchema(op, item.url, outputCtx, this.outputs);
        const base = operationBaseName(op.operationId, method, path);
        if (!base.fromId && typeof op.operationId === "string" && op.operationId.trim()) {
          ctx.notes.add("operationId has no usable characters; name derived from method and path");
        }
        const name = this.names.take(base.name);
        if (base.name.length > 64) ctx.notes.add(`name shortened to ${name} (at most 64 characters)`);
        else if (name !== base.name) ctx.notes.add(`name ${base.name} already taken; renamed to ${name}`);
        const summary = typeof op.summary === "string" ? op.summary.trim().slice(0, 200) : undefined;
        const title = toolTitle(op, method, path);
        const mapping = this.withOwnServer(built.mapping, op, item.value, ctx.notes);
        tools.push({
          name,
          title,
          description: toolDescription(op, method, path),
          inputSchema: fitted.schema,
          ...(outputSchema ? { outputSchema } : {}),
          annotations: toolAnnotations(op, method, title),
          mapping,
          endpoint: {
            method: method.toUpperCase(),
            path,
            ...(summary ? { summary } : {}),
            ...tagsOf(op),
            ...pageOf(op),
            ...(mapping.baseUrl ? { server: mapping.baseUrl } : {}),
          },
        });
        for (const reason of ctx.notes) this.report.add({ operation: `${label} (${name})`, kind: "degraded", reason });
      } catch (err) {
        this.report.add({ operation: label, kind: "skipped", reason: `could not be converted: ${(err as Error).message}` });
      }
    }
    this.tools += tools.length;
    return tools;
  }

  /** The mapping with the operation's own server (of the operation, else of its path item) when that is an absolute URL other than the API's. */
  private withOwnServer(mapping: ToolMapping, op: JsonObject, item: JsonObject, notes: Set<string>): ToolMapping {
    let url = serverUrlOf(Array.isArray(op.servers) ? op.servers : item.servers, this.sourceUrl);
    // Relative to a description that has no URL of its own: relative to the API's base.
    if (url && url.startsWith("/") && !url.startsWith("//") && this.baseUrl && URL.canParse(this.baseUrl))
      url = new URL(url, this.baseUrl).href.replace(/(?<!\/)\/+$/, "");
    if (!url || url === this.baseUrl) return mapping;
    // A variable without a default leaves a placeholder no request can reach.
    if (!/^https?:\/\//i.test(url) || url.length > MAX_SERVER_URL || url.includes("{") || !URL.canParse(url)) {
      notes.add("its own server is not an http(s) URL (or keeps a variable without a default): it calls the API's base URL");
      return mapping;
    }
    return { ...mapping, baseUrl: url };
  }

  /** Exact counts so far. */
  get counts(): ImportCounts {
    return { operations: this.operations, tools: this.tools, skipped: this.report.skipped, degraded: this.report.degraded };
  }
}

/** Imports an already-loaded description into tool definitions and a report: every operation becomes a tool. */
export function buildImport(loaded: LoadedDescription): ImportResult {
  const converter = new OperationConverter(loaded);
  const tools: ToolDefinition[] = [];
  const paths = isObjectLike(loaded.document.paths) ? loaded.document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    for (const tool of converter.convertPathItem(path, rawItem)) tools.push(tool);
  }
  return {
    ...describeDocument(loaded),
    endpoints: tools.map((t) => t.endpoint),
    tools,
    issues: converter.report.issues,
    counts: converter.counts,
    operationCount: converter.operations,
    loaded,
  };
}

/** Loads and imports a description; fails with a clear 400/413/502 message when it cannot. */
export async function importDescription(source: DescriptionSource, env: Pick<Cloudflare.Env, "ENVIRONMENT">) {
  return buildImport(await loadDescription(source, env));
}
