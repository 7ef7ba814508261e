// The tools a server lists in tools/list, from its config: each tool as a client sees it (static
// arguments removed from its inputSchema), or the three tools of search mode. The runtime answers
// tools/list with this list, and the portal's Model view measures the very same list.
import { listedSchema } from "./listed-schema";
import { searchModeTools } from "./search-mode";
import type { ListedTool, RuntimeConfig } from "./types";
export type { ListedTool } from "./types";

/**
 * The most tools of a direct-mode list that declare an outputSchema. Clients such as the official SDK
 * compile every outputSchema of a tools/list when they connect (a few milliseconds each), so a list with
 * more would keep them waiting for seconds; such a server declares none, and answers as text.
 */
export const MAX_LISTED_OUTPUT_SCHEMAS = 100;

/** Whether a server in this mode with these tools declares their output schemas (see MAX_LISTED_OUTPUT_SCHEMAS). */
export const declaresOutputSchemas = (toolMode: RuntimeConfig["toolMode"], tools: { outputSchema?: unknown }[]) =>
  toolMode === "search" || tools.filter((t) => t.outputSchema).length <= MAX_LISTED_OUTPUT_SCHEMAS;

/** One entry of a tools/list answer. */
/** Every operation's tool as a direct-mode server lists it, in the config's order. */
export function directListing(config: Pick<RuntimeConfig, "tools" | "staticValues">): ListedTool[] {
  return config.tools.map((tool) => ({
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: listedSchema(tool.inputSchema, config.staticValues),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  }));
}

/** The tools of a search-mode server over `count` operations. */
export const searchListing = (count: number): ListedTool[] => searchModeTools(count);

/** What tools/list answers for this config, in its own mode. */
export const listingOf = (config: Pick<RuntimeConfig, "tools" | "staticValues" | "toolMode">): ListedTool[] =>
  config.toolMode === "search" ? searchListing(config.tools.length) : directListing(config);
