// The answers of search mode's search_tools and describe_tool (see search-mode.ts), with the ranking
// (search.ts) they need: a server isolate imports this module when it is first searched.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { loadSearchIndex, searchTools } from "./search";
import { DEFAULT_RESULTS, MAX_RESULTS, type Listed } from "./search-mode";
import { FUSION_DEPTH, fuseRankings, nearestTools, readVectors, type KeptVectors, type ToolVectors } from "./search-semantic";
import type { SemanticSource } from "./types";

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: "text", text: value }],
  ...(isError ? { isError } : {}),
});
const noMatch = (query: string) =>
  `No tool matches "${query.slice(0, 100)}". Broaden the query: name the thing you want to act on in one or two words (e.g. "invoice", "message"), optionally with an action ("list invoices", "send message").`;

/** A search part (see pack.ts's searchPart) of `count` tools, read: each tool's answer line (sliced when asked for) and the index. */
export function readSearchPart(part: string, count: number) {
  const cut = part.indexOf("\n");
  const ends = JSON.parse(part.slice(0, cut)) as number[];
  if (ends.length !== count) throw new Error(`The search part has ${ends.length} lines; the server has ${count} tools`);
  const start = cut + 1;
  return {
    line: (i: number) => part.slice(start + (i > 0 ? ends[i - 1] : 0), start + ends[i]),
    index: loadSearchIndex(part.slice(start + (ends.at(-1) ?? 0))),
  };
}

/**
 * The request's nearest tools by meaning (`nearest`), or null when the deployment keeps no vectors or
 * embedding the request fails (the lexical ranking alone answers). `read` asks for the kept vectors
 * ahead of the first search, beside the search part: whether there are any is a round trip a first
 * search would otherwise wait for after its lexical ranking.
 */
function semanticRanking(source: () => SemanticSource | undefined, count: number) {
  let vectors: Promise<ToolVectors | null> | null = null;
  const read = () => {
    const semantic = source();
    if (!semantic?.vectors || !semantic.embedQuery) return null;
    // A failed read answers null (words alone) and is tried again by the next search.
    vectors ??= semantic
      .vectors()
      .then((kept) => (kept ? readVectors(JSON.parse(kept) as KeptVectors) : null))
      .catch(() => (vectors = null));
    return vectors;
  };
  const nearest = async (query: string): Promise<number[] | null> => {
    const semantic = source();
    const reading = read();
    if (!reading || !semantic?.embedQuery) return null;
    try {
      const kept = await reading;
      if (!kept || kept.count !== count) return null;
      const embedded = await semantic.embedQuery(query);
      return embedded ? nearestTools(kept, embedded, FUSION_DEPTH) : null;
    } catch {
      return null;
    }
  };
  return { read, nearest };
}

/**
 * search_tools over the search part of `count` tools, read (`part`) and loaded on first use (or when
 * prepared), then kept for the isolate. With a semantic source (the deployment's tool vectors and a
 * request embedder), the nearest tools by meaning are fused in.
 */
export function searchAnswers(count: number, part: () => Promise<string>, semantic: () => SemanticSource | undefined = () => undefined) {
  let loaded: Promise<ReturnType<typeof readSearchPart>> | null = null;
  const meaning = semanticRanking(semantic, count);
  const load = () => {
    meaning.read();
    return (loaded ??= part().then(
      (value) => readSearchPart(value, count),
      (err: unknown) => {
        loaded = null;
        throw err;
      },
    ));
  };
  return {
    /** Asks for the kept vectors (when there is a semantic source): settles once they are read, or failed to be. */
    readVectors: () => meaning.read(),
    /** Reads and loads the search part ahead of the first search, and runs the ranking once. */
    async prepare() {
      // Both settled: a server isolate prepares in the waitUntil of a request that ends when this does,
      // and a later request could not wait for a read still owed to that one.
      const [read] = await Promise.allSettled([load(), meaning.read()]);
      if (read.status === "rejected") throw read.reason;
      const { line, index } = read.value;
      // One search of the first tool's own summary, answered to no one: the ranking's code is compiled
      // now, not by the client's first search (a new isolate runs it in the interpreter first).
      if (count > 0) searchTools(index, String((JSON.parse(line(0)) as { summary?: unknown }).summary ?? ""), FUSION_DEPTH);
    },
    async search(args: Record<string, unknown>): Promise<CallToolResult> {
      if (typeof args.query !== "string" || !args.query.trim()) return text('Argument "query" must be a non-empty string.', true);
      const limit = Math.min(MAX_RESULTS, Math.max(1, Number.isInteger(Number(args.limit)) ? Number(args.limit) : DEFAULT_RESULTS));
      const { line, index } = await load();
      // The request is embedded (a round trip) while the words rank.
      const byMeaning = meaning.nearest(args.query);
      const lexical = searchTools(index, args.query, FUSION_DEPTH);
      const nearest = await byMeaning;
      const found = nearest ? fuseRankings(lexical, nearest, limit) : lexical.slice(0, limit);
      if (found.length === 0) return text(noMatch(args.query));
      return text(`[${found.map(line).join(",")}]`);
    },
  };
}

/** describe_tool's answer: the tool's full description and input schema (`tool`, the one named, when there is one). */
export function describeAnswer(tool: Listed | undefined, name: unknown): CallToolResult {
  if (!tool) return text(`No tool named ${JSON.stringify(name ?? null)}. Use search_tools to find tool names.`, true);
  return text(JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
}
