// A search-mode server's runtime config made from imported tools, as the portal generates one: the
// search index tests and the cold-search benchmark pack it the way a deployment keeps it.
import type { importDescription } from "../worker/openapi/import";
import type { RuntimeConfig } from "../worker/runtime/types";

type ImportedTool = Awaited<ReturnType<typeof importDescription>>["tools"][number];

export function searchModeConfig(name: string, baseUrl: string, tools: ImportedTool[]): RuntimeConfig {
  return {
    serverId: name.toLowerCase(),
    name,
    version: "1",
    description: "",
    baseUrl,
    auth: { type: "none", strategy: "managed" },
    staticValues: {},
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      mapping: t.mapping,
      tags: t.endpoint.tags,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
    })),
    upstreamTimeoutMs: 1000,
    maxResponseBytes: 100_000,
    toolMode: "search",
  } as RuntimeConfig;
}
