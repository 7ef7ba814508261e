// A deployment's tools as its isolate reads them. The config module holds the server's settings and
// each tool's name; one text holds the rest: the tools/list answer exactly as it is sent, each tool's
// entry of it, each tool's mapping and (search mode) the search part: each tool's line of a
// search_tools answer, then the search index, both built here once. The text is never parsed whole: the
// runtime parses one tool's slice when that tool is first used. A server isolate whose text is not
// imported (env.TOOLS, see hosting/tools-source.ts) reads the whole text only for a direct-mode
// tools/list; a call reads its one tool, and a search the search part, from the hosting Worker. So a new
// isolate of a server with a thousand tools starts, and first answers, in proportion to what it uses.
// The text is written by pack.ts when the portal generates the server.
import type { ToolMapping } from "../openapi/types";
import type { ListedTool } from "./listing";
import { searchModeTools } from "./search-mode";
import type { RuntimeConfig, RuntimeEnv } from "./types";

/** Where a part is in the text module: [start, end) in UTF-16 code units. */
export type Span = [start: number, end: number];

/**
 * Every tool's span of one kind, flat: tool i's starts at 2i and ends at 2i + 1. One array of numbers
 * in the config module, not an array per tool, which a new isolate compiles in a third of the time
 * (GitHub's 2,446 spans).
 */
export type Spans = number[];

/** Tool i's span in `spans`. */
export const spanAt = (spans: Spans, i: number): Span => [spans[2 * i], spans[2 * i + 1]];

/** The config module of a deployment: everything but the tools, which are named and located in the text. */
export type PackedConfig = Omit<RuntimeConfig, "tools"> & {
  /** Each tool's name, in the config's order. */
  toolNames: string[];
  /** The tools/list result (`{"tools":[…]}`), each tool's entry of it (direct mode: inside that result), each tool's own part and (search mode) the search part. */
  spans: { listing: Span; entries: Spans; parts: Spans; search?: Span };
  /** The hosts its requests may go to (see egress.ts). */
  allowedHosts: string[];
};

/** One tool as the runtime uses it: its listed entry (static arguments already removed from its inputSchema), mapping and tags. */
export type RuntimeTool = ListedTool & { mapping: ToolMapping; tags?: string[] };

/** Where an isolate whose text is not imported reads it, or parts of it: the hosting Worker's DeploymentTools. */
export type ToolsSource = NonNullable<RuntimeEnv["TOOLS"]>;

/** A tool as search mode reads it: with its operation's method and path. */
export const searchDoc = (tool: RuntimeTool) => ({ ...tool, method: tool.mapping.method, path: tool.mapping.path });

/** A packed server's tools, each parsed when first asked for and kept for the isolate. */
export class ToolTable {
  private named: Map<string, number> | null = null;
  private readonly parsed: (RuntimeTool | undefined)[];
  private loading: Promise<void> | null = null;
  private readonly reading = new Map<number, Promise<RuntimeTool>>();
  private searching: Promise<string> | null = null;

  /** `text` is the tools text, or null when it is read later (see load) or in parts from `source`. */
  constructor(
    private readonly config: PackedConfig,
    private text: string | null,
    private source: ToolsSource | null = null,
  ) {
    this.parsed = new Array(config.toolNames.length);
  }

  /** Where parts of the text are read while the text is not here (an isolate's env.TOOLS). */
  readFrom(source: ToolsSource | undefined) {
    this.source = source ?? null;
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

  /** Each tool's position by its name, made when a name is first looked up (a search-mode isolate may never). */
  private get indexes() {
    return (this.named ??= new Map(this.config.toolNames.map((name, i) => [name, i])));
  }

  get count() {
    return this.config.toolNames.length;
  }

  has(name: string) {
    return this.indexes.has(name);
  }

  /** The tool named `name`, or undefined (the text must be here). */
  get(name: string): RuntimeTool | undefined {
    const i = this.indexes.get(name);
    return i === undefined ? undefined : this.at(i);
  }

  /** The tool named `name`, or undefined: from the text when it is here, else read on its own from the source. */
  read(name: string): Promise<RuntimeTool | undefined> {
    const i = this.indexes.get(name);
    if (i === undefined) return Promise.resolve(undefined);
    const source = this.source;
    if (this.parsed[i] || this.text !== null || !source) return Promise.resolve(this.at(i));
    let reading = this.reading.get(i);
    if (!reading) {
      reading = source.tool(i).then(
        ([entry, part]) => (this.parsed[i] ??= toolOf(entry, part)),
        (err: unknown) => {
          this.reading.delete(i);
          throw err;
        },
      );
      this.reading.set(i, reading);
    }
    return reading;
  }

  /** The tool at position `i` of the config's order (the text must be here). */
  at(i: number): RuntimeTool {
    const { entries, parts } = this.config.spans;
    return (this.parsed[i] ??= toolOf(this.slice(spanAt(entries, i)), this.slice(spanAt(parts, i))));
  }

  /** The tools/list result as JSON, as it is sent; search mode's three tools need no text. */
  get listingJson() {
    if (this.text === null && this.config.toolMode === "search") return JSON.stringify({ tools: searchModeTools(this.count) });
    return this.slice(this.config.spans.listing);
  }

  /** The search part (see pack.ts's searchPart): from the text when it is here, else read on its own from the source. */
  searchPart(): Promise<string> {
    const span = this.config.spans.search;
    if (!span) return Promise.reject(new Error("This server keeps no search index: it is not in search mode"));
    if (this.text !== null || !this.source) return Promise.resolve(this.slice(span));
    const searching = (this.searching ??= this.source.search().catch((err: unknown) => {
      this.searching = null;
      throw err;
    }));
    return searching;
  }

  private slice([start, end]: Span) {
    if (this.text === null) throw new Error("The tools text is read before the tools are");
    return this.text.slice(start, end);
  }
}

/** A tool from its listed entry and its own part (JSON). */
const toolOf = (entry: string, part: string): RuntimeTool => ({
  ...(JSON.parse(entry) as ListedTool),
  ...(JSON.parse(part) as Pick<RuntimeTool, "mapping" | "tags">),
});
