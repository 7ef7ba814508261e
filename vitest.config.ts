// Test projects: worker tests run inside workerd with the real bindings and migrations; web
// component tests in jsdom; e2e in real Chromium against the dev server.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
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
                // Subdomains of localhost (the crawl's multi-host fixture site) reach 127.0.0.1.
                outboundService: "local-hosts",
                workers: [{ name: "local-hosts", modules: true, scriptPath: "./tests/worker/local-hosts.mjs", compatibilityDate: "2026-10-20" }],
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
        {
          // Component tests of the SPA (web/) in jsdom.
          plugins: [react()],
          resolve: { alias: { "@": fileURLToPath(new URL("./web/src", import.meta.url)) } },
          test: {
            name: "web",
            environment: "jsdom",
            include: ["tests/web/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/web/setup.ts"],
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
