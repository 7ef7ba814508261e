// `npm run bench:load`: runs the load benchmark inside workerd with the real bindings
// (shaped like the main config's worker project, run from the repository root).
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  ENVIRONMENT: "development",
                  BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
                  SECRETS_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                },
              },
            }),
          ],
          test: {
            name: "bench-load",
            include: ["bench/load/*.run.ts"],
            setupFiles: ["tests/worker/setup.ts"],
            globalSetup: ["bench/mcp/global-setup.ts"],
            testTimeout: 600_000,
          },
        },
      ],
    },
  };
});
