import { readFileSync } from "node:fs";
import { ToolTable } from "./worker/runtime/packed";
import { loadSearchIndex, searchTools } from "./worker/runtime/search";
const packed = JSON.parse(readFileSync("/tmp/speed17-prof/scratch/search.json", "utf8"));
const table = new ToolTable(packed.config, packed.text);
let t = performance.now();
const index = loadSearchIndex(table.searchIndexText()!);
console.log("loadSearchIndex", (performance.now() - t).toFixed(1));
for (const q of [
  "create an issue",
  "create an issue",
  "list pull requests",
  "star a repository",
  "get the authenticated user",
  "create an issue",
]) {
  t = performance.now();
  const found = searchTools(index, q, 5);
  console.log(q, (performance.now() - t).toFixed(1), found.length);
}
