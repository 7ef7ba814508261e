// Test-only bindings of the worker tests.
export {};

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      /** "on": every answer of a described route is held to its schema (api-docs/answer-check.test.ts). */
      CHECK_ANSWERS: string;
    }
  }
}
