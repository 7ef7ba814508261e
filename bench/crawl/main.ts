// npm run bench:crawl [-- --quick] [-- --only=<text>]: builds the corpus sites, measures extraction
// alone on every site and, unless --quick, the real crawl through the portal. With --real, the same on
// the real-documentation corpus (real/), per half of its split, on whole URLs. Figures are printed, never asserted.
import { buildSite, siteTruth, type BuiltSite } from "./build";
import { SITES } from "./corpus";
import { extractSite } from "./extract-only";
import { crawlSites } from "./portal";
import { printStyles, printTable, type Row } from "./report";
import type { Score } from "./truth";
import { runReal } from "./real/run";

/** With --show: what a site's extraction missed and added (the first few of each). */
function showDifferences(site: string, s: Score) {
  const few = (list: string[]) => list.slice(0, 8).join(", ") + (list.length > 8 ? `, … (${list.length})` : "");
  if (s.missing.length) console.log(`  ${site} missing: ${few(s.missing)}`);
  if (s.extra.length) console.log(`  ${site} extra: ${few(s.extra)}`);
  if (s.missingParams.length) console.log(`  ${site} missing parameters: ${few(s.missingParams)}`);
}

const args = process.argv.slice(2);
if (args.includes("--real")) {
  await runReal(args);
  process.exit(0);
}
const quick = args.includes("--quick");
const only = args.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const show = args.includes("--show");
const sites = SITES.filter((s) => !only || s.name.includes(only) || s.style.id.includes(only));

const built: BuiltSite[] = [];
const failed: BuiltSite[] = [];
const buildStarted = performance.now();
for (const site of sites) {
  const result = await buildSite(site);
  (result.error ? failed : built).push(result);
}
const fresh = built.filter((b) => !b.cached).length;
console.log(
  `corpus: ${built.length} sites (${fresh} generated in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s, the rest reused)`,
);
for (const f of failed) console.log(`  ${f.site.name}: the generator failed: ${f.error}`);

const extractRows: Row[] = [];
for (const b of built) {
  const truth = await siteTruth(b);
  if (show && truth.undocumented?.length)
    console.log(`  ${b.site.name}: ${truth.undocumented.length} parameters the pages never mention (not scored)`);
  if (b.site.style.linksDescription) {
    extractRows.push({ site: b.site.name, style: b.site.style.label, pages: b.files.length, note: "crawl only" });
    continue;
  }
  const r = await extractSite(b, truth);
  extractRows.push({
    site: b.site.name,
    style: b.site.style.label,
    pages: r.pages,
    score: r.score,
    cpuMs: r.cpuMs,
    prepareMs: r.prepareMs,
    note: `(prepare ${r.prepareMs.toFixed(0)} ms)`,
  });
  if (show) showDifferences(b.site.name, r.score);
}
printTable("1. extraction alone (preparePage + readPage + assemble in Node; CPU ms of all three)", extractRows);
printStyles(
  "per generator style, extraction alone",
  extractRows.filter((r) => r.score),
);

if (!quick) {
  const crawlRows = await crawlSites(built);
  if (crawlRows) {
    printTable("2. the real crawl through the portal (npm run dev: map, crawl, extraction job; pages/s of the crawl)", crawlRows);
    printStyles("per generator style, the real crawl", crawlRows);
  }
}
