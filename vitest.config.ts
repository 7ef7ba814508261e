// Test projects: worker tests run inside workerd with the real bindings and migrations; web
// component tests in jsdom; e2e in real Chromium against the dev server.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { ProjectSequencer } from "./tests/sequencer.ts";
import { workersProject } from "./tests/workers-project.ts";

export default defineConfig(async () => {
  return {
    test: {
      // Two files at a time across the projects, also on a 2-core machine (vitest would take one there): an e2e
      // file spends most of its time waiting on Chromium and the portal's processes, which the other file uses.
      maxWorkers: 2,
      sequence: { sequencer: ProjectSequencer },
      projects: [
        // The worker files share their runtime (isolate: false; one per vitest worker): starting workerd, applying the migrations and loading
        // the Worker's modules per file was most of the run. Each test makes its own organization, users and servers.
        // CHECK_ANSWERS: every answer of a described /api route is held to its declared schema (a departure is a 500).
        // Tests wait for conditions; the time-outs only bound a hung test, so a shared, loaded CI machine
        // (a worker test of several sign-ins takes 4–7 s there) does not fail one that would pass.
        await workersProject({
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["tests/worker/global-setup.ts"],
          isolate: false,
          bindings: { CHECK_ANSWERS: "on" },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        }),
        {
          // Component tests of the SPA (web/) in jsdom.
          plugins: [react()],
          resolve: { alias: { "@": fileURLToPath(new URL("./web/src", import.meta.url)) } },
          test: {
            name: "web",
            // The files share their modules (React, the router, the components): importing them per file was
            // most of the run. tests/web/setup.ts cleans the DOM, globals and mocks after each test.
            isolate: false,
            environment: "jsdom",
            include: ["tests/web/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/web/setup.ts"],
            testTimeout: 60_000,
          },
        },
        {
          // Real Chromium against `npm run dev` on a free port; slow, so it has its own long time-outs.
          test: {
            name: "e2e",
            environment: "node",
            include: ["tests/e2e/**/*.test.ts"],
            // One portal under `npm run dev` for every file without settings of its own (a start-up builds the SPA twice).
            globalSetup: ["tests/e2e/global-setup.ts"],
            // One file at a time: two browser flows at once on the shared portal failed on a loaded machine where
            // each alone passes. `npm test` runs this project beside the others, as two halves with a portal each
            // (scripts/test.mjs); a plain `vitest run` runs it after them.
            fileParallelism: false,
            sequence: { groupOrder: 1 },
            testTimeout: 300_000,
            hookTimeout: 300_000,
          },
        },
        {
          // The import corpus under Node: Ajv compiles with new Function, which workerd forbids.
          test: {
            name: "node",
            environment: "node",
            // The files share their worker process and modules: a new process per file was half the project's CPU.
            isolate: false,
            include: ["tests/node/**/*.test.ts"],
            testTimeout: 600_000,
          },
        },
      ],
    },
  };
});
