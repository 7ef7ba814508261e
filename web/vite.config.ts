// Builds the SPA into web/dist, which the Worker serves as static assets.
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const src = fileURLToPath(new URL("./src", import.meta.url));

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
  ],
  resolve: { alias: { "@": src } },
  // `npm run dev` serves dist while `vite build --watch` rebuilds it: emptying it first would leave
  // the portal answering errors for the pages asked during a rebuild (hashed names never clash).
  build: { outDir: "dist", emptyOutDir: !process.argv.includes("--watch"), manifest: true },
  server: { proxy: { "/api": "http://localhost:8787", "/s": "http://localhost:8787" } },
});
