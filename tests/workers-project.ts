// The vitest project that runs files inside workerd with the Worker's real bindings, D1 migrations
// and test secrets: the worker tests and the in-workerd benchmarks (bench:mcp, bench:load) share it.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";

type ProjectTest = {
  name: string;
  include: string[];
  globalSetup: string[];
  testTimeout?: number;
  hookTimeout?: number;
  isolate?: boolean;
  bindings?: Record<string, string>;
};

export async function workersProject({ bindings, ...test }: ProjectTest) {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            ENVIRONMENT: "development",
            BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
            SECRETS_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
            // Listed@… is signed up by one test only, never verified (the worker files share one database).
            SUPERADMIN_EMAILS: "admin@toolport.test, Boss@Toolport.test, Listed@Toolport.test",
            ...bindings,
          },
          // Subdomains of localhost (the crawl's multi-host fixture site) reach 127.0.0.1.
          outboundService: "local-hosts",
          workers: [{ name: "local-hosts", modules: true, scriptPath: "./tests/worker/local-hosts.mjs", compatibilityDate: "2026-10-20" }],
        },
      }),
    ],
    test: { setupFiles: ["tests/worker/setup.ts"], ...test },
  };
}
