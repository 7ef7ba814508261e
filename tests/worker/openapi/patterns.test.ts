// Patterns of a description that the generated server would run on caller input: only those that
// cannot backtrack exponentially are kept; the others stay in the description, in words.
import { describe, expect, it } from "vitest";
import { importDescription } from "../../../worker/openapi/import";
import { isLinearPattern } from "../../../worker/openapi/safe-pattern";
import { DEV_ENV, toolNamed } from "./helpers";

describe("argument patterns", () => {
  it("keeps patterns without nested repetition and refuses repeated groups that repeat or alternate, and backreferences", () => {
    for (const p of [
      "^[a-z]+-[0-9]+$",
      "^\\d{4}-\\d{2}-\\d{2}$",
      "^(foo|bar)$",
      "^(ab)+$",
      "^([a-z]{2})?[0-9]+$",
      "^[(+*)]+$",
      "^\\(a+\\)+$",
      "^(?:[A-Za-z0-9+/]{4})*$",
      "^(([a-f0-9]{2}:){5}[a-f0-9]{2})$",
      "^(a+){3}$",
    ]) {
      expect(isLinearPattern(p), p).toBe(true);
    }
    for (const p of [
      "^(a+)+$",
      "^(a|aa)*$",
      "^([a-z]+\\.)*[a-z]+$",
      "^((ab)*c)+$",
      "^(\\w+\\s?){2,}$",
      "^(a)\\1$",
      "^(?<x>a)\\k<x>$",
      "x".repeat(1001),
    ]) {
      expect(isLinearPattern(p), p).toBe(false);
    }
  });

  it("leaves an exponential pattern out of the tool's schema and says it in the argument's description", async () => {
    const description = {
      openapi: "3.0.3",
      info: { title: "Patterns", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/hosts/{host}": {
          get: {
            operationId: "getHost",
            parameters: [
              {
                name: "host",
                in: "path",
                required: true,
                schema: { type: "string", pattern: "^([a-z0-9]+\\.)*[a-z]+$", description: "A host name." },
              },
              { name: "code", in: "query", schema: { type: "string", pattern: "^[A-Z]{2}-[0-9]+$" } },
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    const r = await importDescription({ text: JSON.stringify(description), filename: "patterns.json" }, DEV_ENV);
    const props = toolNamed(r.tools, "getHost").inputSchema.properties as Record<string, { pattern?: string; description?: string }>;
    expect(props.host.pattern).toBeUndefined();
    expect(props.host.description).toBe("A host name. Must match the pattern ^([a-z0-9]+\\.)*[a-z]+$.");
    expect(props.code.pattern).toBe("^[A-Z]{2}-[0-9]+$");
  });
});
