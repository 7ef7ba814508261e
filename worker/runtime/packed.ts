// A deployment's tools as its isolate reads them. The config module holds the server's settings and
// each tool's name; one text holds the rest: the tools/list answer exactly as it is sent, each tool's
// entry of it, each tool's mapping and (search mode) the search index, built here once. The text is
// read when a request first needs it and never parsed whole: the runtime parses one tool's slice when
// that tool is first used, so a new isolate of a server with a thousand tools starts in proportion to
// what it uses, and a tools/list is one stored string.
// The text is written by pack.ts when the portal generates the server.
import type { ToolMapping } from "../openapi/types";
import type { ListedTool } from "./listing";
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

  /** The search index kept with the deployment, as text (see search.ts's loadSearchIndex); null when none was kept. */
  searchIndexText(): string | null {
    const span = this.config.spans.index;
    return span ? this.slice(span) : null;
  }

  private slice([start, end]: Span) {
    if (this.text === null) throw new Error("The tools text is read before the tools are");
    return this.text.slice(start, end);
  }
}
