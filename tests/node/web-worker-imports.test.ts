// The SPA reads the worker's answer schemas for their types only: a value import would bundle worker
// code (drizzle, Hono) into the browser. It may take values only from the shared modules, which
// import nothing themselves: the messages, the static-value checks, the size measures and the forms' choices.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const SHARED_VALUES = new Set(["worker/lib/messages", "worker/lib/static-values", "worker/lib/sizes", "worker/lib/choices"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it("imports only types from worker/, besides the shared modules, which import nothing", () => {
  for (const shared of SHARED_VALUES) expect(readFileSync(join(root, `${shared}.ts`), "utf8")).not.toMatch(/^import\s/m);
  const offending: string[] = [];
  let typeImports = 0;
  for (const file of sourceFiles(join(root, "web/src"))) {
    const text = readFileSync(file, "utf8");
    for (const [, keyword, specifier] of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]*\/worker\/[^"]*)";/gm)) {
      const target = relative(root, join(file, "..", specifier));
      if (keyword) typeImports++;
      else if (!SHARED_VALUES.has(target)) offending.push(`${relative(root, file)} → ${target}`);
    }
  }
  expect(offending).toEqual([]);
  expect(typeImports).toBeGreaterThan(10);
});
