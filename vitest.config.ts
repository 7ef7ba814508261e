// Test projects: worker tests run inside workerd with the real bindings and migrations; web
// component tests in jsdom; e2e in real Chromium against the dev server.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { workersProject } from "./tests/workers-project";

export default defineConfig(async () => {
  return {
    test: {
      projects: [
        // `npm run test:fast` (scripts/test-fast.mjs) runs the worker files in one shared runtime: half the time.
        // CHECK_ANSWERS: every answer of a described /api route is held to its declared schema (a departure is a 500).
        // Tests wait for conditions; the time-outs only bound a hung test, so a shared, loaded CI machine
        // (a worker test of several sign-ins takes 4–7 s there) does not fail one that would pass.
        await workersProject({ name: "worker", include: ["tests/worker/**/*.test.ts"], globalSetup: ["tests/worker/global-setup.ts"], isolate: !process.env.TOOLPORT_TEST_FAST, bindings: { CHECK_ANSWERS: "on" }, testTimeout: 120_000, hookTimeout: 120_000 }),
        {
          // Component tests of the SPA (web/) in jsdom.
          plugins: [react()],
          resolve: { alias: { "@": fileURLToPath(new URL("./web/src", import.meta.url)) } },
          test: {
            name: "web",
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
            testTimeout: 300_000,
            hookTimeout: 300_000,
          },
        },
        {
          // The import corpus under Node: Ajv compiles with new Function, which workerd forbids.
          test: {
            name: "node",
            environment: "node",
            include: ["tests/node/**/*.test.ts"],
            testTimeout: 600_000,
          },
        },
      ],
    },
  };
});
