// The benchmark's table: one row per site, then one line per generator style against the targets.
import type { Score } from "./truth";

export const TARGETS = { recall: 0.95, precision: 0.95, paramRecall: 0.9, crawlSecondsPer150: 10, cpuMsPer150: 2000 };

export type Row = {
  site: string;
  style: string;
  pages: number;
  score?: Score;
  pagesPerSecond?: number;
  cpuMs?: number;
  prepareMs?: number;
  note?: string;
};

const ratio = (n: number, d: number) => (d ? n / d : NaN);
const fixed = (n: number | undefined, digits = 2) => (n === undefined || Number.isNaN(n) ? "-" : n.toFixed(digits));
export const recallOf = (s: Score) => ratio(s.hits, s.expected);
export const precisionOf = (s: Score) => (s.found ? ratio(s.hits, s.found) : 0);
export const paramRecallOf = (s: Score) => ratio(s.paramHits, s.params);

const COLUMNS: [string, number][] = [
  ["site", 30],
  ["generator", 52],
  ["pages", 6],
  ["ops found/doc", 14],
  ["recall", 7],
  ["precision", 10],
  ["param recall", 13],
  ["pages/s", 8],
  ["CPU ms", 8],
];
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(COLUMNS[i][1]) : c.padStart(COLUMNS[i][1]))).join(" ");

/** Prints the per-site table under a heading. */
export function printTable(heading: string, rows: Row[]) {
  console.log(`\n${heading}`);
  console.log(line(COLUMNS.map(([name]) => name)));
  for (const r of rows) {
    if (!r.score) {
      console.log(line([r.site, r.style, String(r.pages), r.note ?? "-", "", "", "", fixed(r.pagesPerSecond, 1), fixed(r.cpuMs, 0)]));
      continue;
    }
    const s = r.score;
    console.log(
      line([
        r.site,
        r.style,
        String(r.pages),
        `${s.hits}/${s.expected} (${s.found})`,
        fixed(recallOf(s)),
        fixed(precisionOf(s)),
        fixed(paramRecallOf(s)),
        fixed(r.pagesPerSecond, 1),
        fixed(r.cpuMs, 0),
      ]) + (r.note ? `  ${r.note}` : ""),
    );
  }
}

/** Prints one line per generator style: pooled figures over its sites, each against its target. */
export function printStyles(heading: string, rows: Row[]) {
  console.log(
    `\n${heading}  (targets: recall ≥ ${TARGETS.recall}, precision ≥ ${TARGETS.precision}, param recall ≥ ${TARGETS.paramRecall}, 150 pages crawled < ${TARGETS.crawlSecondsPer150} s, extraction < ${TARGETS.cpuMsPer150} ms CPU per 150 pages)`,
  );
  const styles = [...new Set(rows.map((r) => r.style))];
  for (const style of styles) {
    const mine = rows.filter((r) => r.style === style);
    const scored = mine.filter((r) => r.score);
    if (!scored.length) {
      console.log(`${style.padEnd(52)} ${mine[0]?.note ?? "no figures"}`);
      continue;
    }
    const sum = (f: (s: Score) => number) => scored.reduce((n, r) => n + f(r.score!), 0);
    const pooled: Score = {
      expected: sum((s) => s.expected),
      found: sum((s) => s.found),
      hits: sum((s) => s.hits),
      params: sum((s) => s.params),
      paramHits: sum((s) => s.paramHits),
      missing: [],
      extra: [],
      missingParams: [],
    };
    const pages = mine.reduce((n, r) => n + r.pages, 0);
    const mark = (ok: boolean) => (ok ? "ok" : "below");
    const parts = [
      `recall ${fixed(recallOf(pooled))} ${mark(recallOf(pooled) >= TARGETS.recall)}`,
      `precision ${fixed(precisionOf(pooled))} ${mark(precisionOf(pooled) >= TARGETS.precision)}`,
      `param recall ${fixed(paramRecallOf(pooled))} ${mark(paramRecallOf(pooled) >= TARGETS.paramRecall)}`,
    ];
    const timed = mine.filter((r) => r.pagesPerSecond);
    if (timed.length) {
      const seconds = timed.reduce((n, r) => n + r.pages / r.pagesPerSecond!, 0);
      const timedPages = timed.reduce((n, r) => n + r.pages, 0);
      // A crawl of a page or two is all start-up: the 150-page target is judged on sites of many pages.
      const per150 = (seconds / timedPages) * 150;
      parts.push(
        timedPages >= 50
          ? `150 pages in ${fixed(per150, 1)} s ${mark(per150 < TARGETS.crawlSecondsPer150)}`
          : `crawled ${timedPages} page${timedPages > 1 ? "s" : ""} in ${fixed(seconds, 1)} s`,
      );
    }
    const cpu = mine.filter((r) => r.cpuMs !== undefined);
    if (cpu.length) {
      const ms = cpu.reduce((n, r) => n + r.cpuMs!, 0);
      const cpuPages = cpu.reduce((n, r) => n + r.pages, 0);
      // The 150-page target only makes sense for many pages: a one-page reference holds the whole API.
      const per150 = (ms / cpuPages) * 150;
      const prepare = cpu.reduce((n, r) => n + (r.prepareMs ?? 0), 0);
      const ofWhich = ` (preparePage ${fixed(cpuPages >= 50 ? (prepare / cpuPages) * 150 : prepare, 0)})`;
      parts.push(
        cpuPages >= 50
          ? `CPU ${fixed(per150, 0)}${ofWhich} ms per 150 pages ${mark(per150 < TARGETS.cpuMsPer150)}`
          : `CPU ${fixed(ms, 0)}${ofWhich} ms for ${cpuPages} page${cpuPages > 1 ? "s" : ""}`,
      );
    }
    console.log(`${style.padEnd(52)} ${parts.join(" | ")}  (${scored.length} site${scored.length > 1 ? "s" : ""}, ${pages} pages)`);
  }
}
