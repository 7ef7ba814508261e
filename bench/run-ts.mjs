// `node bench/run-ts.mjs <entry.ts> [args…]`: bundles a Node-side benchmark with esbuild (the worker
// code it imports uses extensionless imports) and runs it with the remaining arguments.
import { build } from "esbuild";
import { mkdir, readFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
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

const [entry] = process.argv.splice(2, 1);
if (!entry) throw new Error("usage: node bench/run-ts.mjs <entry.ts> [args…]");
const outdir = join(import.meta.dirname, "..", "node_modules", ".cache", "bench");
await mkdir(outdir, { recursive: true });
const outfile = join(outdir, `${basename(dirname(resolve(entry)))}-${basename(entry, ".ts")}.mjs`);
await build({
  entryPoints: [resolve(entry)],
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
