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

/**
 * Leaves packages out of the bundle, each imported by the file its importer resolves to, as Node would
 * resolve it unbundled: a bench file finds bench/node_modules first, the worker code it imports the
 * portal's node_modules only (bench/node_modules may hold other copies of the same packages).
 */
const packagesFromImporter = {
  name: "packages-from-importer",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === packagesFromImporter) return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: packagesFromImporter,
      });
      return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, external: true };
    });
  },
};

const [entry] = process.argv.splice(2, 1);
if (!entry) throw new Error("usage: node bench/run-ts.mjs <entry.ts> [args…]");
// Under bench/node_modules, so that the bundle's own createRequire(import.meta.url) finds the bench's packages.
const outdir = join(import.meta.dirname, "node_modules", ".cache", "run-ts");
await mkdir(outdir, { recursive: true });
const outfile = join(outdir, `${basename(dirname(resolve(entry)))}-${basename(entry, ".ts")}.mjs`);
await build({
  entryPoints: [resolve(entry)],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  outfile,
  logLevel: "warning",
  plugins: [sourceDirname, packagesFromImporter],
});
await import(pathToFileURL(outfile).href);
