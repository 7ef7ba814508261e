// npm run bench:tools:search — bundles bench/tools/search.ts with esbuild (the worker code uses
// extensionless imports) and runs it in Node: search mode ranking over GitHub's full description.
import { build } from "esbuild";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const outdir = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "bench");
await mkdir(outdir, { recursive: true });
const outfile = join(outdir, "search.mjs");
await build({
  entryPoints: [join(import.meta.dirname, "search.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  outfile,
  packages: "external",
  logLevel: "warning",
});
await import(pathToFileURL(outfile).href);
