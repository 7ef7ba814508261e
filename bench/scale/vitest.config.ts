// `npm run bench:scale`: the metering simulation inside workerd with the real bindings (the worker
// tests' workerd project, run from the repository root).
import { defineConfig } from "vitest/config";
import { workersProject } from "../../tests/workers-project.ts";

export default defineConfig(async () => ({
  test: {
    projects: [
      await workersProject({
        name: "bench-scale",
        include: ["bench/scale/*.run.ts"],
        globalSetup: ["bench/mcp/global-setup.ts"],
        testTimeout: 900_000,
      }),
    ],
  },
}));
