// Search mode: a large API as three tools — search_tools (ranked by search.ts), describe_tool (one
// tool's schema) and call_tool (checked and metered exactly as a direct call of that tool).
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { JsonSchemaObject } from "../openapi/types";
import type { ListedTool } from "./types";
import { buildSearchIndex, searchTools, type SearchIndex } from "./search";

type Listed = {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  path?: string;
  method?: string;
  tags?: string[];
};

export const SEARCH_TOOL = "search_tools";
export const DESCRIBE_TOOL = "describe_tool";
export const CALL_TOOL = "call_tool";
const DEFAULT_RESULTS = 5;
const MAX_RESULTS = 20;
const SUMMARY_CHARS = 120;

/** The three tools a search-mode server lists. */
export const searchModeTools = (count: number): ListedTool[] => [
  {
    name: SEARCH_TOOL,
    title: "Search the API's tools",
    description: `Finds the tools (of ${count}) for a task: returns the best matches, best first, each with its name, one-line summary and required arguments. Then call describe_tool for one tool's arguments, and call_tool to run it.`,
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: 'The task in your own words, e.g. "create an invoice for a customer"' },
        limit: { type: "integer", minimum: 1, maximum: MAX_RESULTS, default: DEFAULT_RESULTS, description: "How many matches to return" },
      },
      required: ["query"],
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: DESCRIBE_TOOL,
    title: "Describe one tool",
    description: "The full description and input schema of one tool found with search_tools.",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: CALL_TOOL,
    title: "Call one tool",
    description: "Runs one tool found with search_tools, with its arguments (as describe_tool shows them).",
    inputSchema: { type: "object", properties: { name: { type: "string" }, arguments: { type: "object" } }, required: ["name"] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
];

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

/** Answers search_tools and describe_tool; the index is loaded (`kept`, when the deployment keeps one) or built on first use, and kept for the isolate. */
export function searchModeAnswers(tools: SearchModeTools, kept: () => SearchIndex | null = () => null) {
  let index: SearchIndex | null = null;
  return {
    search(args: Record<string, unknown>): CallToolResult {
      if (typeof args.query !== "string" || !args.query.trim()) return text('Argument "query" must be a non-empty string.', true);
      const limit = Math.min(MAX_RESULTS, Math.max(1, Number.isInteger(Number(args.limit)) ? Number(args.limit) : DEFAULT_RESULTS));
      index ??= kept() ?? buildSearchIndex(Array.from({ length: tools.count }, (_, i) => tools.at(i)));
      const found = searchTools(index, args.query, limit).map((i) => tools.at(i));
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

/** The inner tool name and arguments of a call_tool call, or null when they are not an object call. */
export function innerCall(args: Record<string, unknown>): { name: string; args: Record<string, unknown> } | null {
  const inner = args.arguments ?? {};
  if (typeof args.name !== "string" || typeof inner !== "object" || inner === null || Array.isArray(inner)) return null;
  return { name: args.name, args: inner as Record<string, unknown> };
}
