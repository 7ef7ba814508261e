// A search-mode deployment keeps its search index, built once at deploy: its isolates load it instead
// of building it on their first search. Loaded or built, it must rank alike.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importDescription } from "../../worker/openapi/import";
import { packConfig } from "../../worker/runtime/pack";
import { searchDoc, ToolTable } from "../../worker/runtime/packed";
import { buildSearchIndex, searchTools } from "../../worker/runtime/search";
import { readSearchPart } from "../../worker/runtime/search-answers";
import type { RuntimeConfig } from "../../worker/runtime/types";
import { corpusText } from "../corpus";

describe("the kept search index", () => {
  it("ranks every task of a real API as the index built from the tools does", async () => {
    const { tools } = await importDescription(
      { text: corpusText("zoom.us.json"), filename: "zoom.us.json" },
      { ENVIRONMENT: "development" },
    );
    const config = {
      serverId: "s",
      name: "Zoom",
      version: "1",
      description: "",
      baseUrl: "https://api.zoom.us/v2",
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
    const packed = packConfig(config);
    const table = new ToolTable(packed.config, packed.text);
    const { index: kept } = readSearchPart(await table.searchPart(), table.count);
    const built = buildSearchIndex(Array.from({ length: table.count }, (_, i) => searchDoc(table.at(i))));
    const tasks = JSON.parse(readFileSync("bench/tools/search-tasks/zoom.json", "utf8")) as { task: string }[];
    expect(tasks.length).toBeGreaterThan(20);
    for (const { task } of tasks) expect(searchTools(kept, task, 10), task).toEqual(searchTools(built, task, 10));
  });

  it("is kept only in search mode", () => {
    const config = {
      serverId: "s",
      name: "A",
      version: "1",
      description: "",
      baseUrl: "https://a.example",
      auth: { type: "none", strategy: "managed" },
      staticValues: {},
      tools: [],
      upstreamTimeoutMs: 1,
      maxResponseBytes: 1,
    } as RuntimeConfig;
    expect(packConfig(config).config.spans.search).toBeUndefined();
    expect(packConfig({ ...config, toolMode: "search" }).config.spans.search).toBeDefined();
  });
});
