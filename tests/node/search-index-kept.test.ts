// A search-mode deployment keeps its search index, built once at deploy: its isolates load it instead
// of building it on their first search. Loaded or built, it must rank alike.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importDescription } from "../../worker/openapi/import";
import { packConfig } from "../../worker/runtime/pack";
import { searchDoc, ToolTable } from "../../worker/runtime/packed";
import { buildSearchIndex, searchTools } from "../../worker/runtime/search";
import { readSearchPart } from "../../worker/runtime/search-answers";
import { decodeNumbers, encodeNumbers } from "../../worker/runtime/search-terms";
import { corpusText } from "../corpus";
import { searchModeConfig } from "../search-mode-config";

describe("the kept search index", () => {
  it("ranks every task of a real API as the index built from the tools does", async () => {
    const { tools } = await importDescription(
      { text: corpusText("zoom.us.json"), filename: "zoom.us.json" },
      { ENVIRONMENT: "development" },
    );
    const config = searchModeConfig("Zoom", "https://api.zoom.us/v2", tools);
    const packed = packConfig(config);
    const table = new ToolTable(packed.config, packed.text);
    const { index: kept } = readSearchPart(await table.searchPart(), table.count);
    const built = buildSearchIndex(Array.from({ length: table.count }, (_, i) => searchDoc(table.at(i))));
    const tasks = JSON.parse(readFileSync("bench/tools/search-tasks/zoom.json", "utf8")) as { task: string }[];
    expect(tasks.length).toBeGreaterThan(20);
    for (const { task } of tasks) expect(searchTools(kept, task, 10), task).toEqual(searchTools(built, task, 10));
  });

  it("keeps postings as short text that reads back as the same numbers", () => {
    const numbers = [0, 1, 31, 32, 33, 1023, 1024, 1223, 65_535, 2 ** 31, Number.MAX_SAFE_INTEGER];
    expect(decodeNumbers(encodeNumbers(numbers))).toEqual(numbers);
    expect(encodeNumbers([3, 1, 0])).toHaveLength(3);
    expect(encodeNumbers([])).toBe("");
    expect(() => encodeNumbers([-1])).toThrow("non-negative integers");
    expect(() => encodeNumbers([1.5])).toThrow("non-negative integers");
  });

  it("is kept only in search mode", () => {
    const config = { ...searchModeConfig("A", "https://a.example", []), toolMode: undefined };
    expect(packConfig(config).config.spans.search).toBeUndefined();
    expect(packConfig({ ...config, toolMode: "search" }).config.spans.search).toBeDefined();
  });
});
