// Every package the Worker, its Durable Objects and the SPA import is declared in package.json and
// installed: nothing works only because another package happened to bring it along.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { importsOf, packageOf, root, sourceFiles } from "./source-imports";

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Each imported package → the first file importing it. */
function importedPackages(): Map<string, string> {
  const packages = new Map<string, string>();
  for (const file of sourceFiles())
    for (const { specifier } of importsOf(file)) {
      const name = packageOf(specifier);
      if (name && !packages.has(name)) packages.set(name, file);
    }
  return packages;
}

it("finds every imported package among package.json's dependencies, installed", () => {
  const packages = importedPackages();
  expect(packages.size).toBeGreaterThan(10);
  const declared = { ...manifest.devDependencies, ...manifest.dependencies };
  const undeclared = [...packages].filter(([name]) => !(name in declared)).map(([name, file]) => `${name} (imported by ${file})`);
  expect(undeclared, "imported but not declared in package.json").toEqual([]);
  const missing = [...packages.keys()].filter((name) => !existsSync(join(root, "node_modules", name, "package.json")));
  expect(missing, "declared but not installed").toEqual([]);
});

it("names the package of scoped and deep imports, and no package for local, built-in or runtime modules", () => {
  expect(["@scalar/openapi-upgrader", "hono/cookie", "@/api/client", "./keys", "node:fs", "cloudflare:workers"].map(packageOf)).toEqual([
    "@scalar/openapi-upgrader",
    "hono",
    null,
    null,
    null,
    null,
  ]);
});
