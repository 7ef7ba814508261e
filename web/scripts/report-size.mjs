// Prints the login page's initial JavaScript (entry + its static imports + the /login route chunks),
// gzipped, from the Vite manifest; fails the build above the 200 KB budget.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const DIST = "web/dist";
const BUDGET = 200 * 1024;
const manifest = JSON.parse(readFileSync(join(DIST, ".vite/manifest.json"), "utf8"));

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
for (const [key, chunk] of Object.entries(manifest)) {
  // The entry, and the login route's split chunks that load as soon as /login renders.
  if (chunk.isEntry || /src\/routes\/(__root|login)\.tsx/.test(key)) visit(key);
}

let total = 0;
for (const file of files) {
  if (!file.endsWith(".js")) continue;
  const size = gzipSync(readFileSync(join(DIST, file))).length;
  total += size;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`Login page initial JS: ${kb(total)} gzipped across ${files.size} files (budget ${kb(BUDGET)})`);
if (total >= BUDGET) {
  console.error("Login page initial JS is over budget");
  process.exit(1);
}
