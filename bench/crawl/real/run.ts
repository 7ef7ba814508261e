// `npm run bench:crawl -- --real`: renders the real-documentation corpus, serves each site on
// 127.0.0.1 and scores, per half of the committed split, (1) extraction alone in Node over the
// served pages and, unless --quick, (2) the real crawl through the portal (map, crawl, extraction
// job, server from the spec). Whole URLs, parameters and the host are scored against the truth files.
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { extract } from "../../../worker/crawl/extract/index";
import { preparePage, titleOf } from "../../../worker/crawl/extract/prepare";
import { crawlThroughPortal, startPortal } from "../portal";
import { loadManifest, renderSite, type RenderedSite } from "./render";
import { loadTruth, scoreReal, type RealScore } from "./score";
import { loadSplit } from "./split";

type Row = { site: string; style: string; pages: number; score?: RealScore; note?: string };
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".inv": "application/octet-stream",
  ".txt": "text/plain",
};

/** Serves a rendered site at the root of its own origin on 127.0.0.1. */
async function serve(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    let file = normalize(join(dir, decodeURIComponent(pathname)));
    if (!file.startsWith(dir)) return void res.writeHead(404).end();
    if (pathname.endsWith("/")) file = join(file, "index.html");
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Measurement 1: the site's pages, fetched from its server, through the extraction library in Node. */
async function extractAlone(site: RenderedSite): Promise<Row> {
  const served = await serve(site.dir);
  try {
    const pages = await Promise.all(
      site.pages.map(async (file) => {
        const url = `${served.origin}/${file === "index.html" ? "" : file}`;
        const body = await (await fetch(url)).text();
        return { url, title: titleOf(body), content: preparePage(body, "text/html") };
      }),
    );
    const { description } = extract(pages, { title: pages[0]?.title, sourceUrl: `${served.origin}/` });
    return {
      site: site.entry.name,
      style: site.entry.style,
      pages: pages.length,
      score: scoreReal(await loadTruth(site.entry.name), description as Record<string, any> | null),
    };
  } finally {
    await served.close();
  }
}

const fixed = (n: number, d: number) => (d ? (n / d).toFixed(2) : "-");

/** One table: per site recall, precision (whole URLs), parameter recall, host right or wrong, the server URL found. */
function printRows(heading: string, rows: Row[]) {
  console.log(`\n${heading}`);
  console.log(
    `${"site".padEnd(18)} ${"style".padEnd(12)} ${"pages".padStart(5)} ${"ops found/doc".padStart(14)} ${"recall".padStart(7)} ${"precision".padStart(9)} ${"param recall".padStart(12)}  host   server URL found (truth)`,
  );
  for (const r of rows) {
    const s = r.score;
    if (!s) {
      console.log(`${r.site.padEnd(18)} ${r.style.padEnd(12)} ${String(r.pages).padStart(5)}  ${r.note ?? ""}`);
      continue;
    }
    const ok =
      s.hits / Math.max(s.expected, 1) >= 0.9 &&
      (s.found ? s.hits / s.found : 0) >= 0.9 &&
      (s.params ? s.paramHits / s.params : 1) >= 0.85 &&
      s.hostRight;
    console.log(
      `${r.site.padEnd(18)} ${r.style.padEnd(12)} ${String(r.pages).padStart(5)} ${`${s.hits}/${s.expected} (${s.found})`.padStart(14)} ${fixed(s.hits, s.expected).padStart(7)} ${fixed(s.hits, s.found).padStart(9)} ${fixed(s.paramHits, s.params).padStart(12)}  ${(s.hostRight ? "right" : "WRONG").padEnd(6)} ${s.foundBase || "(none)"} (${s.truthBase})${ok ? "" : "  below"}${r.note ? `  ${r.note}` : ""}`,
    );
  }
  const scored = rows.filter((r) => r.score);
  const held = scored
    .filter((r) => r.score && !`${r.note ?? ""}`.includes("below"))
    .filter((r) => {
      const s = r.score!;
      return (
        s.hits / Math.max(s.expected, 1) >= 0.9 &&
        (s.found ? s.hits / s.found : 0) >= 0.9 &&
        (s.params ? s.paramHits / s.params : 1) >= 0.85 &&
        s.hostRight
      );
    });
  console.log(
    `${held.length} of ${rows.length} sites at ≥ 0.90 recall, ≥ 0.90 precision, ≥ 0.85 parameter recall with the right host; ${scored.filter((r) => r.score!.hostRight).length} of ${rows.length} with the right host`,
  );
}

/** With --show: what a site's extraction missed and added. */
function showDifferences(r: Row) {
  if (!r.score) return;
  const few = (list: string[]) => list.slice(0, 10).join(", ") + (list.length > 10 ? `, … (${list.length})` : "");
  if (r.score.missing.length) console.log(`  ${r.site} missing: ${few(r.score.missing)}`);
  if (r.score.extra.length) console.log(`  ${r.site} extra: ${few(r.score.extra)}`);
  if (r.score.missingParams.length) console.log(`  ${r.site} missing parameters: ${few(r.score.missingParams)}`);
}

/** Runs the real corpus: renders, then measures each half (or only `--half=development|test`). */
export async function runReal(args: string[]) {
  const quick = args.includes("--quick");
  const show = args.includes("--show");
  const only = args.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const halfArg = args.find((a) => a.startsWith("--half="))?.slice("--half=".length);
  const split = await loadSplit();
  const manifest = await loadManifest();
  const rendered = new Map<string, RenderedSite>();
  const started = performance.now();
  for (const entry of manifest) {
    if (only && !entry.name.includes(only)) continue;
    const site = await renderSite(entry);
    if (site.error) console.log(`  ${entry.name}: rendering failed: ${site.error}`);
    else rendered.set(entry.name, site);
  }
  console.log(
    `real corpus: ${rendered.size} sites rendered or reused in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${split.seed})`,
  );
  const halves = (["development", "test"] as const).filter((h) => !halfArg || h === halfArg);
  const portal = quick ? null : await startPortal();
  try {
    for (const half of halves) {
      const sites = split[half].map((name) => rendered.get(name)).filter((s): s is RenderedSite => Boolean(s));
      const rows: Row[] = [];
      for (const site of sites) rows.push(await extractAlone(site));
      printRows(`${half} half, extraction alone (the library in Node over the served pages)`, rows);
      if (show) rows.forEach(showDifferences);
      if (!portal) continue;
      const crawled: Row[] = [];
      for (const site of sites) {
        const served = await serve(site.dir);
        try {
          const truth = await loadTruth(site.entry.name);
          const result = await crawlThroughPortal(portal, `${served.origin}/`);
          crawled.push({
            site: site.entry.name,
            style: site.entry.style,
            pages: result.pages,
            note: result.note,
            score: result.description ? scoreReal(truth, result.description, result.baseUrl ?? "") : undefined,
          });
        } finally {
          await served.close();
        }
      }
      printRows(
        `${half} half, the real crawl through the portal (map, crawl, extraction job, server from the spec; whole URLs of its tools)`,
        crawled,
      );
      if (show) crawled.forEach(showDifferences);
    }
  } finally {
    await portal?.stop();
  }
}
