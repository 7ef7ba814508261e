// npm run bench:crawl: bundles bench/crawl/main.ts with esbuild (the worker code uses extensionless
// imports) and runs it in Node with this script's arguments.
import { build } from "esbuild";
import { mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Keeps each module's import.meta.dirname pointing at its source folder, not at the bundle's. */
const sourceDirname = {
  name: "source-dirname",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, "utf8")).replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path))),
      loader: "ts",
    }));
  },
};

const outdir = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "bench");
await mkdir(outdir, { recursive: true });
const outfile = join(outdir, "crawl.mjs");
await build({
  entryPoints: [join(import.meta.dirname, "main.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  outfile,
  packages: "external",
  logLevel: "warning",
  plugins: [sourceDirname],
});
await import(pathToFileURL(outfile).href);
