// Builds the SPA into web/dist, which the Worker serves as static assets.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const src = fileURLToPath(new URL("./src", import.meta.url));
const watching = process.argv.includes("--watch");

const sameBytes = (path: string, bytes: Uint8Array) => existsSync(path) && readFileSync(path).equals(bytes);

/**
 * In `npm run dev`'s watch build, a file whose bytes are already in dist (built or copied from public/)
 * is not written again: wrangler dev reloads on every write under dist, and each build would rewrite
 * everything.
 */
function writeOnlyChanged(): Plugin {
  return {
    name: "toolport:write-only-changed",
    apply: () => watching,
    generateBundle: {
      order: "post",
      handler(options, bundle) {
        for (const [name, file] of Object.entries(bundle)) {
          const path = join(options.dir ?? "", name);
          const bytes = file.type === "asset" ? file.source : file.code;
          if (sameBytes(path, Buffer.from(bytes))) delete bundle[name];
        }
      },
    },
    writeBundle(options) {
      const publicDir = join(import.meta.dirname, "public");
      for (const name of readdirSync(publicDir, { recursive: true, encoding: "utf8" })) {
        const from = join(publicDir, name);
        const to = join(options.dir ?? "", name);
        if (statSync(from).isFile() && !sameBytes(to, readFileSync(from))) {
          mkdirSync(dirname(to), { recursive: true });
          copyFileSync(from, to);
        }
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: `${src}/routes`,
      generatedRouteTree: `${src}/route-tree.gen.ts`,
      quoteStyle: "double",
    }),
    react(),
    tailwindcss(),
    writeOnlyChanged(),
  ],
  resolve: { alias: { "@": src } },
  // `npm run dev` serves dist while `vite build --watch` rebuilds it: emptying it first would leave
  // the portal answering errors for the pages asked during a rebuild (hashed names never clash), and
  // copying public/ again on each build would reload wrangler for nothing (its files change only with a checkout).
  build: {
    outDir: "dist",
    emptyOutDir: !watching,
    copyPublicDir: !watching || !existsSync(join(import.meta.dirname, "dist", "_headers")),
    manifest: true,
  },
  server: { proxy: { "/api": "http://localhost:8787", "/s": "http://localhost:8787" } },
});
