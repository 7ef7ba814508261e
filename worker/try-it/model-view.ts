// The Model view: what a model is shown of a server — its tools/list answer, built by the runtime's
// own listing code from the deployed config (or, before a deploy, the config a deploy would
// generate) — measured in bytes and approximate tokens, per tool, in direct and in search mode.
import type { Database } from "../db";
import type { servers } from "../db/schema";
import type { Bindings } from "../env";
import { loadServerConfig } from "../deploy/generate";
import { loadDeploymentConfig } from "../hosting/store";
import { listedSchema } from "../runtime/listed-schema";
import { directListing, searchListing, type ListedTool } from "../runtime/listing";
import { describeAnswer } from "../runtime/search-answers";
import type { RuntimeConfig } from "../runtime/types";
import { approxTokens, BYTES_PER_TOKEN, byteLength } from "../lib/sizes";

type ServerRow = typeof servers.$inferSelect;

/** A tool whose own entry in tools/list passes this many bytes (about 1,000 tokens) is flagged. */
export const LARGE_TOOL_BYTES = 4_000;
/** Entries whose JSON the answer carries (the sizes of every tool are always given). */
const MAX_LISTED_ENTRIES = 1_000;
/** Stands in for a base URL a server without one does not have yet (the listing never shows it). */
const NO_BASE_URL = "https://base-url.invalid";

/** The parts of one entry whose size counts, and its largest inputSchema properties. */
function whatMakesItLarge(tool: ListedTool, bytes: number): string[] {
  const parts = [
    ["description", byteLength(tool.description)],
    ["inputSchema", byteLength(tool.inputSchema)],
    ["outputSchema", tool.outputSchema ? byteLength(tool.outputSchema) : 0],
  ] as const;
  const reasons: string[] = [];
  for (const [part, size] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 2)) {
    if (size < bytes / 4) continue;
    const schema = part === "inputSchema" ? tool.inputSchema : part === "outputSchema" ? tool.outputSchema : undefined;
    reasons.push(
      `${part}: ${size.toLocaleString("en-US")} bytes (${Math.round((size / bytes) * 100)}%)${schema ? largestProperty(schema) : ""}`,
    );
  }
  return reasons;
}

/** ", mostly property "x" (n bytes, an enum of m values)" for a schema with one property that dominates it. */
function largestProperty(schema: NonNullable<ListedTool["outputSchema"]>): string {
  const entries = Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, prop, byteLength(prop)] as const);
  if (entries.length === 0) return "";
  const [name, prop, size] = entries.reduce((a, b) => (b[2] > a[2] ? b : a));
  const values = Array.isArray((prop as { enum?: unknown[] }).enum) ? (prop as { enum: unknown[] }).enum.length : 0;
  return `, largest property "${name}": ${size.toLocaleString("en-US")} bytes${values > 20 ? ` (an enum of ${values} values)` : ""}`;
}

/** Sizes of a tools/list answer `{ "tools": [...] }` and of each entry, largest first. */
export function measureListing(listing: ListedTool[]) {
  const bytes = byteLength({ tools: listing });
  const tools = listing
    .map((tool) => {
      const size = byteLength(tool);
      const large = size > LARGE_TOOL_BYTES;
      return { name: tool.name, bytes: size, tokens: approxTokens(size), large, largeBecause: large ? whatMakesItLarge(tool, size) : [] };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes, tokens: approxTokens(bytes), toolCount: listing.length, tools };
}

/** The config the Model view reads: the active deployment's, else the one a deploy would generate from the current rows. */
async function configOf(
  db: Database,
  env: Bindings,
  server: ServerRow,
): Promise<{ config: RuntimeConfig; source: "deployment" | "draft" }> {
  const deployed = server.activeDeploymentId ? await loadDeploymentConfig(env, server.activeDeploymentId) : null;
  if (deployed) return { config: deployed, source: "deployment" };
  return { config: await loadServerConfig(db, server.id, { baseUrl: NO_BASE_URL }), source: "draft" };
}

/** The Model view of a server: both modes' tools/list with their sizes, and what describe_tool answers per tool in search mode. */
export async function modelView(db: Database, env: Bindings, server: ServerRow) {
  const { config, source } = await configOf(db, env, server);
  const direct = directListing(config);
  const search = searchListing(config.tools.length);
  const describeBytes = config.tools.map((t) => {
    const answer = describeAnswer({ ...t, inputSchema: listedSchema(t.inputSchema, config.staticValues) }, t.name);
    const text = answer.content[0]?.type === "text" ? answer.content[0].text : "";
    return { name: t.name, bytes: byteLength(text), tokens: approxTokens(byteLength(text)) };
  });
  return {
    source,
    deploymentId: source === "deployment" ? server.activeDeploymentId : null,
    mode: config.toolMode === "search" ? ("search" as const) : ("direct" as const),
    bytesPerToken: BYTES_PER_TOKEN,
    largeToolBytes: LARGE_TOOL_BYTES,
    direct: { ...measureListing(direct), listing: direct.slice(0, MAX_LISTED_ENTRIES) },
    search: { ...measureListing(search), listing: search, describe: describeBytes.sort((a, b) => b.bytes - a.bytes) },
  };
}
