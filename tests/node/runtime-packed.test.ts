// A deployment's config module names its tools and says where each one's parts are in its tools text:
// flat lists of numbers (what a new isolate compiles fastest), from which each tool reads back whole.
import { describe, expect, it } from "vitest";
import { packConfig } from "../../worker/runtime/pack";
import { ToolTable } from "../../worker/runtime/packed";
import { searchModeConfig } from "../search-mode-config";

const tool = (name: string, path: string, tags?: string[]) => ({
  name,
  title: `Tool ${name}`,
  description: `Calls ${path}.`,
  inputSchema: { type: "object" as const, properties: { id: { type: "string", description: "Its id" } }, required: ["id"] },
  mapping: { method: "get" as const, path, parameters: [{ arg: "id", name: "id", in: "path" as const, required: true }] },
  endpoint: { tags },
});
const TOOLS = [tool("pets_get", "/pets/{id}", ["pets"]), tool("owners_get", "/owners/{id}"), tool("vets_get", "/vets/{id}", ["vets"])];

describe("a packed server's tools", () => {
  for (const toolMode of ["direct", "search"] as const)
    it(`are located by flat spans (${toolMode} mode)`, () => {
      const { config, text } = packConfig({ ...searchModeConfig("Pets", "https://pets.example", TOOLS as never), toolMode });
      expect(config.spans.entries).toHaveLength(2 * TOOLS.length);
      expect(config.spans.parts.every((n) => typeof n === "number")).toBe(true);
      const flat = new ToolTable(config, text);
      TOOLS.forEach((t, i) => {
        const read = flat.at(i);
        expect(read).toMatchObject({ name: t.name, title: t.title, mapping: t.mapping, inputSchema: t.inputSchema });
        expect(read.tags).toEqual(t.endpoint.tags);
      });
      expect(flat.get("owners_get")?.mapping.path).toBe("/owners/{id}");
    });
});
