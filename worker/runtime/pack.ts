// Packing a server's config into the modules its isolate reads (see packed.ts): done once, by the
// portal when it generates the server (and by createRuntime for tests), never in a server isolate.
import { allowedHostsOf } from "./egress";
import { directListing, searchListing } from "./listing";
import { searchDoc, type PackedConfig, type Span } from "./packed";
import { buildSearchIndex, serializeSearchIndex } from "./search";
import { resultLine, type Listed } from "./search-mode";
import type { RuntimeConfig } from "./types";

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
  const entries: number[] = [];
  let listing: Span;
  if (config.toolMode === "search") {
    // Three tools are listed; each operation's entry is still what describe_tool and call_tool read.
    listing = append(JSON.stringify({ tools: searchListing(tools.length) }));
    for (const entry of directListing(config)) {
      append("\n");
      entries.push(...append(JSON.stringify(entry)));
    }
  } else {
    // The same bytes as JSON.stringify({ tools: directListing(config) }), with each entry's place kept.
    append('{"tools":[');
    directListing(config).forEach((entry, i) => {
      if (i > 0) append(",");
      entries.push(...append(JSON.stringify(entry)));
    });
    append("]}");
    listing = [0, length];
  }
  const parts = tools.flatMap((tool) => {
    append("\n");
    return append(JSON.stringify({ mapping: tool.mapping, ...(tool.tags ? { tags: tool.tags } : {}) }));
  });
  const spans: PackedConfig["spans"] = { listing, entries, parts };
  if (config.toolMode === "search") {
    const docs = directListing(config).map((entry, i) =>
      searchDoc({ ...entry, mapping: tools[i].mapping, ...(tools[i].tags ? { tags: tools[i].tags } : {}) }),
    );
    append("\n");
    spans.search = append(searchPart(docs));
  }
  const packed: PackedConfig = { ...settings, toolNames: tools.map((t) => t.name), spans, allowedHosts: allowedHostsOf(config) };
  return { config: packed, text: chunks.join("") };
}

/**
 * Search mode's part of the text: where each tool's line of a search_tools answer ends (a line of JSON),
 * those lines (JSON each, in the config's order, one after the other), then the search index (see
 * search.ts's serializeSearchIndex) built from these very tools. An isolate reads this part alone for
 * its searches (search-answers.ts), and a tool's line only when a search answers with it.
 */
export function searchPart(docs: Listed[]) {
  const lines = docs.map(resultLine);
  let end = 0;
  const ends = lines.map((line) => (end += line.length));
  return `${JSON.stringify(ends)}\n${lines.join("")}${serializeSearchIndex(buildSearchIndex(docs))}`;
}
