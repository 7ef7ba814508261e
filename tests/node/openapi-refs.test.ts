// $ref resolution: JSON Pointer escapes (~0, ~1) and percent-encoding are read, plain names as they are.
import { describe, expect, it } from "vitest";
import { RefResolver } from "../../worker/openapi/refs";

const ROOT = "upload:///description";
const document = {
  components: { schemas: { "a/b": { type: "string" }, "c~d": { type: "integer" }, "x y": { type: "boolean" }, Pet: { type: "object" } } },
};
const resolver = () => new RefResolver(new Map([[ROOT, document]]), ROOT);

describe("RefResolver", () => {
  it("reads escaped and percent-encoded segments and plain names, and answers null for what is not there", () => {
    const r = resolver();
    expect(r.resolve("#/components/schemas/a~1b", ROOT)?.value).toEqual({ type: "string" });
    expect(r.resolve("#/components/schemas/c~0d", ROOT)?.value).toEqual({ type: "integer" });
    expect(r.resolve("#/components/schemas/x%20y", ROOT)?.value).toEqual({ type: "boolean" });
    expect(r.resolve("#/components/schemas/Pet", ROOT)).toEqual({
      value: { type: "object" },
      url: ROOT,
      key: `${ROOT}#/components/schemas/Pet`,
    });
    expect(r.resolve("#/components/schemas/Missing", ROOT)).toBeNull();
    expect(r.resolve("other.json#/Pet", ROOT)).toBeNull();
  });

  it("answers a $ref asked again from the same file alike, and one from another file by that file", () => {
    const r = resolver();
    const first = r.resolve("#/components/schemas/Pet", ROOT);
    expect(r.resolve("#/components/schemas/Pet", ROOT)).toEqual(first);
    expect(r.resolve("#/components/schemas/Pet", "https://elsewhere.example/api.json")).toBeNull();
  });
});
