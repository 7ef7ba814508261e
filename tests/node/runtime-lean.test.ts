// A new server isolate that gets only plain requests runs without the SDK's leg (hosting/loader.ts):
// the modules it leaves out are those only the SDK's leg imports, and no other module imports them.
import { describe, expect, it } from "vitest";
import { RUNTIME_MODULES, RUNTIME_SDK_MODULES } from "../../worker/deploy/runtime-bundle";

/** The modules a module imports statically (`from "./…"` or `import "./…"`), by file name. */
const staticImports = (source: string) => [...source.matchAll(/(?:from|import)\s*"\.\/([\w.-]+)"/g)].map((m) => m[1]);

describe("the lean runtime", () => {
  it("leaves out the SDK's leg, which no module it keeps imports statically", () => {
    expect(RUNTIME_SDK_MODULES.some((name) => name.startsWith("runtime-sdk-leg-"))).toBe(true);
    for (const name of RUNTIME_SDK_MODULES) expect(RUNTIME_MODULES[name]).toBeDefined();
    const kept = Object.keys(RUNTIME_MODULES).filter((name) => !RUNTIME_SDK_MODULES.includes(name));
    expect(kept).toContain("runtime.js");
    for (const name of kept)
      for (const imported of staticImports(RUNTIME_MODULES[name])) expect(kept, `${name} imports ${imported}`).toContain(imported);
    expect(RUNTIME_MODULES["runtime.js"]).toMatch(/import\("\.\/runtime-sdk-leg-/);
  });
});
