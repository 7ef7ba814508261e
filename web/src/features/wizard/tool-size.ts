// How large the tool list of a server in direct mode is, estimated from the Tools step's own rows:
// each active tool's name, description and input schema, as tools/list carries them.
import type { Tool } from "@/api/tools";
import { approxTokens, byteLength } from "../../../../worker/lib/sizes";

/** Over this many operations the Tools step recommends search mode: direct mode suits a few dozen tools. */
export const SEARCH_MODE_ADVISED_OVER = 50;
/** A direct-mode list over this many bytes crowds a model's context whatever the number of tools. */
export const DIRECT_LIST_ADVISED_BYTES = 100_000;

/** One tool's entry; rows keep their identity across toggles, so each is measured once. */
const entryBytes = new WeakMap<Tool, number>();
function bytesOf(tool: Tool) {
  let bytes = entryBytes.get(tool);
  if (bytes === undefined) {
    bytes = byteLength({
      name: tool.customName ?? tool.name,
      description: tool.customDescription ?? tool.description,
      inputSchema: tool.inputSchema ?? {},
    });
    entryBytes.set(tool, bytes);
  }
  return bytes;
}

/** The direct-mode list of the active tools: its bytes and approximate tokens. */
export function directListSize(tools: Tool[]) {
  let bytes = 12; // {"tools":[]}
  for (const tool of tools) if (tool.active) bytes += bytesOf(tool) + 1;
  return { bytes, tokens: approxTokens(bytes) };
}

/** "1.9 MB", "48 KB", "900 bytes". */
export function formatBytes(bytes: number) {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000).toLocaleString("en-US")} KB`;
  return `${bytes} bytes`;
}
