// npm run bench:tools — bundles bench/tools/tools.ts with esbuild (the worker code uses extensionless
// imports) and runs it in Node: how usable the imported tools are for a model, over the corpus sample.
import { build } from "esbuild";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const outdir = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "bench");
await mkdir(outdir, { recursive: true });
const outfile = join(outdir, "tools.mjs");
await build({
  entryPoints: [join(import.meta.dirname, "tools.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  outfile,
  packages: "external",
  logLevel: "warning",
});
await import(pathToFileURL(outfile).href);
