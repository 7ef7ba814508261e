// No module of the Worker, its Durable Objects or the SPA imports itself through others: the graph of
// static imports, type-only ones included (a lazy `import()` is not an edge), has no cycle.
import { expect, it } from "vitest";
import { importsOf, importsOfText, resolveLocal, sourceFiles } from "./source-imports";

/** The import graph: each file → the repository files it imports at run time (with `types`, for its types too). */
function runtimeGraph(files: string[], { types = false } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((i) => (types || !i.typeOnly) && !i.dynamic)
      .map((i) => resolveLocal(file, i.specifier))
      .filter((t): t is string => t !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** The graph's cycles, one per strongly connected component of more than one file (or a file importing itself). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Tarjan's algorithm, iterative: each frame is a file and how many of its imports were visited.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const frames: { file: string; edge: number }[] = [{ file: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length) {
      const frame = frames[frames.length - 1];
      const targets = graph.get(frame.file) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          frames.push({ file: target, edge: 0 });
        } else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        continue;
      }
      frames.pop();
      if (frames.length) low.set(frames[frames.length - 1].file, Math.min(low.get(frames[frames.length - 1].file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || targets.includes(frame.file)) cycles.push(component.sort());
    }
  }
  return cycles;
}

it("finds no import cycle in worker/, durable-objects/ or web/src, type-only imports included", () => {
  const files = sourceFiles();
  expect(files.length).toBeGreaterThan(200);
  const cycles = cyclesOf(runtimeGraph(files, { types: true })).map((c) => c.join(" → "));
  expect(cycles, "modules that import each other").toEqual([]);
});

it("finds no cycle of imports that run", () => {
  expect(cyclesOf(runtimeGraph(sourceFiles())).map((c) => c.join(" → "))).toEqual([]);
});

it("reports a cycle through three modules, and none in a chain", () => {
  const graph = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts", "d.ts"]],
    ["d.ts", []],
    ["e.ts", ["e.ts"]],
  ]);
  expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  expect(
    cyclesOf(
      new Map([
        ["a.ts", ["b.ts"]],
        ["b.ts", ["c.ts"]],
        ["c.ts", []],
      ]),
    ),
  ).toEqual([]);
});

it("sees the imports that run and passes over the erased ones", () => {
  const source = [
    'import { a } from "./runs";',
    'import type { B } from "./type-only";',
    'import { type C, type D } from "./names-only-types";',
    'import { type E, f } from "./mixed";',
    'export { g } from "./re-export";',
    'export type { H } from "./type-re-export";',
    'import "./side-effect";',
    'const lazy = () => import("./lazy");',
    'let x: import("./type-query").X;',
  ].join("\n");
  expect(importsOfText(source, "example.ts").map((i) => `${i.specifier}${i.typeOnly ? " type" : ""}${i.dynamic ? " lazy" : ""}`)).toEqual([
    "./runs",
    "./type-only type",
    "./names-only-types type",
    "./mixed",
    "./re-export",
    "./type-re-export type",
    "./side-effect",
    "./lazy lazy",
    "./type-query type",
  ]);
});
