// Test projects: worker tests run inside workerd with the real bindings and migrations.
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
                  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
                  SECRETS_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                  SUPERADMIN_EMAILS: "admin@toolport.test, Boss@Toolport.test",
                },
              },
            }),
          ],
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["tests/worker/setup.ts"],
            globalSetup: ["tests/worker/global-setup.ts"],
          },
        },
      ],
    },
  };
});
