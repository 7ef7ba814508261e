// The answers of search mode's search_tools and describe_tool (see search-mode.ts), with the ranking
// (search.ts) they need: a server isolate imports this module when it is first searched.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { buildSearchIndex, loadSearchIndex, searchTools, type SearchIndex } from "./search";
import { DEFAULT_RESULTS, MAX_RESULTS, type Listed } from "./search-mode";
import { FUSION_DEPTH, fuseRankings, nearestTools, readVectors, type KeptVectors, type ToolVectors } from "./search-semantic";
import type { SemanticSource } from "./types";

const SUMMARY_CHARS = 120;

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: "text", text: value }],
  ...(isError ? { isError } : {}),
});
/** One line: the title, or the description's first line, cut short. */
const summaryOf = (tool: Listed) => (tool.title || tool.description.split("\n", 1)[0]).slice(0, SUMMARY_CHARS);
const noMatch = (query: string) =>
  `No tool matches "${query.slice(0, 100)}". Broaden the query: name the thing you want to act on in one or two words (e.g. "invoice", "message"), optionally with an action ("list invoices", "send message").`;

/** The tools search mode reads: by position (the index's ids) and by name. */
export type SearchModeTools = { count: number; at(i: number): Listed; get(name: string): Listed | undefined };

/** A list of tools as SearchModeTools. */
export function listedTools(tools: Listed[]): SearchModeTools {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return { count: tools.length, at: (i) => tools[i], get: (name) => byName.get(name) };
}

/** The request's nearest tools by meaning, or null when the deployment keeps no vectors or embedding the request fails (the lexical ranking alone answers). */
function semanticRanking(source: () => SemanticSource | undefined, count: number) {
  let vectors: Promise<ToolVectors | null> | null = null;
  return async (query: string): Promise<number[] | null> => {
    const semantic = source();
    if (!semantic?.vectors || !semantic.embedQuery) return null;
    try {
      vectors ??= semantic.vectors().then((kept) => (kept ? readVectors(JSON.parse(kept) as KeptVectors) : null));
      const kept = await vectors;
      if (!kept || kept.count !== count) return null;
      const embedded = await semantic.embedQuery(query);
      return embedded ? nearestTools(kept, embedded, FUSION_DEPTH) : null;
    } catch {
      vectors = null;
      return null;
    }
  };
}

/**
 * Answers search_tools and describe_tool; the index is loaded (from `kept`, the text the deployment
 * keeps, when it keeps one) or built on first use, and kept for the isolate. With a semantic source
 * (the deployment's tool vectors and a request embedder), the nearest tools by meaning are fused in.
 */
export function searchModeAnswers(
  tools: SearchModeTools,
  kept: () => string | null = () => null,
  semantic: () => SemanticSource | undefined = () => undefined,
) {
  let index: SearchIndex | null = null;
  const nearest = semanticRanking(semantic, tools.count);
  return {
    async search(args: Record<string, unknown>): Promise<CallToolResult> {
      if (typeof args.query !== "string" || !args.query.trim()) return text('Argument "query" must be a non-empty string.', true);
      const limit = Math.min(MAX_RESULTS, Math.max(1, Number.isInteger(Number(args.limit)) ? Number(args.limit) : DEFAULT_RESULTS));
      if (!index) {
        const text = kept();
        index = text !== null ? loadSearchIndex(text) : null;
      }
      index ??= buildSearchIndex(Array.from({ length: tools.count }, (_, i) => tools.at(i)));
      const [lexical, byMeaning] = [searchTools(index, args.query, FUSION_DEPTH), await nearest(args.query)];
      const ranked = byMeaning ? fuseRankings(lexical, byMeaning, limit) : lexical.slice(0, limit);
      const found = ranked.map((i) => tools.at(i));
      if (found.length === 0) return text(noMatch(args.query));
      return text(JSON.stringify(found.map((t) => ({ name: t.name, summary: summaryOf(t), required: t.inputSchema.required ?? [] }))));
    },
    describe(args: Record<string, unknown>): CallToolResult {
      const tool = typeof args.name === "string" ? tools.get(args.name) : undefined;
      if (!tool) return text(`No tool named ${JSON.stringify(args.name ?? null)}. Use search_tools to find tool names.`, true);
      return text(JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
    },
  };
}
