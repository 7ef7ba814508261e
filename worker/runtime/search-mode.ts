// Search mode: a large API as three tools — search_tools (ranked by search.ts), describe_tool (one
// tool's schema) and call_tool (checked and metered exactly as a direct call of that tool). Their
// answers are in search-answers.ts, which a server isolate imports when it is first searched.
import type { JsonSchemaObject } from "../openapi/types";
import type { ListedTool } from "./types";

/** A tool as search mode reads it. */
export type Listed = {
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
/** The tools a search-mode server's tools/call knows. */
export const SEARCH_MODE_NAMES = new Set([SEARCH_TOOL, DESCRIBE_TOOL, CALL_TOOL]);
export const DEFAULT_RESULTS = 5;
const SUMMARY_CHARS = 120;
export const MAX_RESULTS = 20;

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

/** The inner tool name and arguments of a call_tool call, or null when they are not an object call. */
export function innerCall(args: Record<string, unknown>): { name: string; args: Record<string, unknown> } | null {
  const inner = args.arguments ?? {};
  if (typeof args.name !== "string" || typeof inner !== "object" || inner === null || Array.isArray(inner)) return null;
  return { name: args.name, args: inner as Record<string, unknown> };
}

/** A tool as a search_tools answer lists it (one line of JSON): its name, a one-line summary (its title, or its description's first line, cut short) and its required arguments. */
export const resultLine = (tool: Listed) =>
  JSON.stringify({
    name: tool.name,
    summary: (tool.title || tool.description.split("\n", 1)[0]).slice(0, SUMMARY_CHARS),
    required: tool.inputSchema.required ?? [],
  });
