// A deployment's tools as its isolate reads them. The config module holds the server's settings and
// each tool's name; one text holds the rest: the tools/list answer exactly as it is sent, each tool's
// entry of it, each tool's mapping and (search mode) the search index, built here once. The text is
// read when a request first needs it and never parsed whole: the runtime parses one tool's slice when
// that tool is first used, so a new isolate of a server with a thousand tools starts in proportion to
// what it uses, and a tools/list is one stored string.
import type { ToolMapping } from "../openapi/types";
import { allowedHostsOf } from "./egress";
import { directListing, searchListing, type ListedTool } from "./listing";
import { buildSearchIndex, loadSearchIndex, serializeSearchIndex, type SearchIndex } from "./search";
import type { RuntimeConfig } from "./types";

/** Where a part is in the text module: [start, end) in UTF-16 code units. */
export type Span = [start: number, end: number];

/** The config module of a deployment: everything but the tools, which are named and located in the text. */
export type PackedConfig = Omit<RuntimeConfig, "tools"> & {
  /** Each tool's name, in the config's order. */
  toolNames: string[];
  /** The tools/list result (`{"tools":[…]}`), each tool's entry of it (direct mode: inside that result), each tool's own part and the search index. */
  spans: { listing: Span; entries: Span[]; parts: Span[]; index?: Span };
  /** The hosts its requests may go to (see egress.ts). */
  allowedHosts: string[];
};

/** One tool as the runtime uses it: its listed entry (static arguments already removed from its inputSchema), mapping and tags. */
export type RuntimeTool = ListedTool & { mapping: ToolMapping; tags?: string[] };

/** A tool as search mode reads it: with its operation's method and path. */
export const searchDoc = (tool: RuntimeTool) => ({ ...tool, method: tool.mapping.method, path: tool.mapping.path });

/** Packs a config into its config module's value and its text module. */
export function packConfig(config: RuntimeConfig): { config: PackedConfig; text: string } {
  const { tools, ...settings } = config;
  const chunks: string[] = [];
  let length = 0;
  const append = (chunk: string): Span => {
    chunks.push(chunk);
    length += chunk.length;
    return [length - chunk.length, length];
  };
  const entries: Span[] = [];
  let listing: Span;
  if (config.toolMode === "search") {
    // Three tools are listed; each operation's entry is still what describe_tool and call_tool read.
    listing = append(JSON.stringify({ tools: searchListing(tools.length) }));
    for (const entry of directListing(config)) {
      append("\n");
      entries.push(append(JSON.stringify(entry)));
    }
  } else {
    // The same bytes as JSON.stringify({ tools: directListing(config) }), with each entry's place kept.
    append('{"tools":[');
    directListing(config).forEach((entry, i) => {
      if (i > 0) append(",");
      entries.push(append(JSON.stringify(entry)));
    });
    append("]}");
    listing = [0, length];
  }
  const parts = tools.map((tool) => {
    append("\n");
    return append(JSON.stringify({ mapping: tool.mapping, ...(tool.tags ? { tags: tool.tags } : {}) }));
  });
  const spans: PackedConfig["spans"] = { listing, entries, parts };
  if (config.toolMode === "search") {
    // The index the runtime would build from these very entries on its first search.
    const docs = directListing(config).map((entry, i) =>
      searchDoc({ ...entry, mapping: tools[i].mapping, ...(tools[i].tags ? { tags: tools[i].tags } : {}) }),
    );
    append("\n");
    spans.index = append(serializeSearchIndex(buildSearchIndex(docs)));
  }
  const packed: PackedConfig = { ...settings, toolNames: tools.map((t) => t.name), spans, allowedHosts: allowedHostsOf(config) };
  return { config: packed, text: chunks.join("") };
}

/** A packed server's tools, each parsed when first asked for and kept for the isolate. */
export class ToolTable {
  private readonly indexes: Map<string, number>;
  private readonly parsed: (RuntimeTool | undefined)[];
  private loading: Promise<void> | null = null;

  /** `text` is the tools text, or null when it is read later (see load). */
  constructor(
    private readonly config: PackedConfig,
    private text: string | null,
  ) {
    this.indexes = new Map(config.toolNames.map((name, i) => [name, i]));
    this.parsed = new Array(config.toolNames.length);
  }

  /** Reads the tools text with `read` unless it is here: once, however many requests wait for it (a failed read is tried again by the next). */
  load(read: () => Promise<string>): Promise<void> {
    if (this.text !== null) return Promise.resolve();
    this.loading ??= read().then(
      (text) => void (this.text = text),
      (err: unknown) => {
        this.loading = null;
        throw err;
      },
    );
    return this.loading;
  }

  get count() {
    return this.config.toolNames.length;
  }

  has(name: string) {
    return this.indexes.has(name);
  }

  /** The tool named `name`, or undefined. */
  get(name: string): RuntimeTool | undefined {
    const i = this.indexes.get(name);
    return i === undefined ? undefined : this.at(i);
  }

  /** The tool at position `i` of the config's order. */
  at(i: number): RuntimeTool {
    let tool = this.parsed[i];
    if (!tool) {
      const entry = JSON.parse(this.slice(this.config.spans.entries[i])) as ListedTool;
      tool = this.parsed[i] = {
        ...entry,
        ...(JSON.parse(this.slice(this.config.spans.parts[i])) as Pick<RuntimeTool, "mapping" | "tags">),
      };
    }
    return tool;
  }

  /** The tools/list result as JSON, as it is sent. */
  get listingJson() {
    return this.slice(this.config.spans.listing);
  }

  /** The tools as search mode reads them (see searchDoc). */
  searchDocs() {
    return {
      count: this.count,
      at: (i: number) => searchDoc(this.at(i)),
      get: (name: string) => {
        const tool = this.get(name);
        return tool && searchDoc(tool);
      },
    };
  }

  /** The search index kept with the deployment, loaded; null when none was kept. */
  searchIndex(): SearchIndex | null {
    const span = this.config.spans.index;
    return span ? loadSearchIndex(this.slice(span)) : null;
  }

  private slice([start, end]: Span) {
    if (this.text === null) throw new Error("The tools text is read before the tools are");
    return this.text.slice(start, end);
  }
}
