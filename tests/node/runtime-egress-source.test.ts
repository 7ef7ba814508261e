// Every outbound request of a generated server goes through the runtime's egress check: no other
// runtime module calls the global fetch (the SDK handler's own `handler.fetch` serves, it does not send).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { root } from "./source-imports";

const RUNTIME = join(root, "worker/runtime");
const GLOBAL_FETCH = /(?<![.\w])fetch\s*\(|globalThis\.fetch|self\.fetch/;

it("finds the global fetch only in the runtime's egress module", () => {
  const files = readdirSync(RUNTIME).filter((f) => f.endsWith(".ts"));
  expect(files).toContain("egress.ts");
  const offenders = files
    .filter((f) => f !== "egress.ts")
    .flatMap((f) =>
      readFileSync(join(RUNTIME, f), "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${f}:${i + 1}` })),
    )
    .filter(
      ({ line }) => !line.trim().startsWith("//") && !line.trim().startsWith("*") && GLOBAL_FETCH.test(line.replace(/async fetch\(/, "")),
    )
    .map(({ at, line }) => `${at}: ${line.trim()}`);
  expect(offenders, "runtime modules calling the global fetch directly").toEqual([]);
});
