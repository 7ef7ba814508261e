// `npm run bench:load`: runs the load benchmark inside workerd with the real bindings
// (the worker tests' workerd project, run from the repository root).
import { defineConfig } from "vitest/config";
import { workersProject } from "../../tests/workers-project.ts";

export default defineConfig(async () => ({
  test: {
    projects: [
      await workersProject({
        name: "bench-load",
        include: ["bench/load/*.run.ts"],
        globalSetup: ["bench/mcp/global-setup.ts"],
        testTimeout: 600_000,
      }),
    ],
  },
}));
