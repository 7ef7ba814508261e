// Tests need the SPA's assets directory that wrangler.toml names; build it when it is missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("web/dist/index.html")) {
  const result = spawnSync("npx", ["vite", "build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
