// Tests need the SPA's assets directory that wrangler.toml names; build it when it is missing, as
// `npm run build` does: a login page whose initial JavaScript is over its budget fails here too.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit" }).status ?? 1;

if (!existsSync("web/dist/index.html")) {
  process.exit(
    run("npx", ["vite", "build", "--config", "web/vite.config.ts", "--logLevel", "warn"]) || run("node", ["web/scripts/report-size.mjs"]),
  );
}
