// The SPA reaches the API only through hc<AppType> (web/src/api/client.ts): no hand-written path or
// answer type. A fetch of an /api path or an apiRequest( call anywhere in web/src fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { root, sourceFiles } from "./source-imports";

const HAND_WRITTEN_CALL = /\bfetch\(\s*["'`]\/api|\bapiRequest\s*[<(]/g;

/** Each hand-written call of `text`, as `line: code`. */
function handWrittenCalls(text: string): string[] {
  return text.split("\n").flatMap((line, i) => (line.match(HAND_WRITTEN_CALL) ? [`${i + 1}: ${line.trim()}`] : []));
}

it("calls the API from web/src only through the typed client", () => {
  const files = sourceFiles(["web/src"]);
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((file) => handWrittenCalls(readFileSync(join(root, file), "utf8")).map((hit) => `${file}:${hit}`));
  expect(found).toEqual([]);
});

it("recognizes a hand-written call in each quoting, and passes over the typed client", () => {
  expect(handWrittenCalls(`fetch("/api/servers")`)).toHaveLength(1);
  expect(handWrittenCalls(`await fetch('/api/x', init)`)).toHaveLength(1);
  expect(handWrittenCalls("fetch(`/api/servers/${id}`)")).toHaveLength(1);
  expect(handWrittenCalls(`apiRequest<Server[]>("/api/servers")`)).toHaveLength(1);
  expect(handWrittenCalls(`call(api.servers.$get(), "Failed")`)).toEqual([]);
  expect(handWrittenCalls(`fetch("https://example.com/api/x")`)).toEqual([]);
});
