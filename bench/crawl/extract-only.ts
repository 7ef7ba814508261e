// Measurement 1, extraction alone: each site's pages through preparePage + readPage + assemble in
// this Node process, timed in CPU milliseconds, the result scored against the site's description.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { assemble, readPage } from "../../worker/crawl/extract/index";
import { preparePage, titleOf } from "../../worker/crawl/extract/prepare";
import type { BuiltSite } from "./build";
import { ORIGIN } from "./shells";
import { score, type Score, type Truth } from "./truth";

export type ExtractResult = { pages: number; score: Score; cpuMs: number; prepareMs: number };

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** The pages a crawler would store of a site: its HTML and Markdown files, the start page first. */
export function pageFiles(built: BuiltSite): string[] {
  const pages = built.files.filter((f) => f.endsWith(".html") || f.endsWith(".md") || (f.endsWith(".txt") && !f.endsWith("robots.txt")));
  return pages.sort((a, b) => Number(b === "index.html") - Number(a === "index.html") || a.localeCompare(b));
}

/** Puts the site's origin where generated files (and the hand-written fixtures) name it. */
const fill = (body: string, origin: string) =>
  body.replaceAll(ORIGIN, origin).replaceAll("__ORIGIN__", origin).replaceAll("__PORT__", "443");

/** The URL a page has on its site: fixtures live under /<fixture>/, their subdomain folders on that host. */
function urlOf(built: BuiltSite, file: string, origin: string): string {
  if (!built.site.fixture) return `${origin}/${file === "index.html" ? "" : file}`;
  const [first, ...rest] = file.split("/");
  if (first.endsWith(".localhost") && rest.length) return `https://${first}/${built.site.name}/${rest.join("/")}`;
  return `${origin}/${built.site.name}/${file}`;
}

/** Extracts a description from a site's pages and scores it. */
export async function extractSite(built: BuiltSite, truth: Truth): Promise<ExtractResult> {
  const origin = built.site.fixture ? "https://docs.localhost" : `https://${built.site.name.replaceAll(".", "-")}.docs.test`;
  const files = pageFiles(built);
  const bodies = await Promise.all(files.map(async (f) => fill(await readFile(join(built.dir, f), "utf8"), origin)));
  const start = process.cpuUsage();
  const pages = files.map((f, i) => {
    const type = f.endsWith(".html") ? "text/html; charset=utf-8" : f.endsWith(".md") ? "text/markdown" : "text/plain";
    const url = urlOf(built, f, origin);
    return { url, title: type.startsWith("text/html") ? titleOf(bodies[i]) : null, content: preparePage(bodies[i], type) };
  });
  const prepareMs = cpuMs(start);
  const draft = assemble(pages.map(readPage), { title: pages[0]?.title, sourceUrl: pages[0]?.url ?? origin });
  return { pages: pages.length, score: score(truth, draft as Record<string, any> | null), cpuMs: cpuMs(start), prepareMs };
}
