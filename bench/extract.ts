// Extraction benchmark: for each fixture documentation site, fetches its pages from the local fixture
// server (fetch + Markdown, no queue), extracts an OpenAPI description and scores it against the
// endpoints and parameters the site documents (tests/fixtures/docs-*/expected.json); then crawls the
// same pages through the real crawler (`npm run dev`: queue, CrawlSession, per-host politeness) and
// prints its throughput. Figures are printed, never asserted.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { startDevServer } from "../tests/e2e/dev-server";
import { startFixtureServer } from "../tests/fixture-server";
import { extractOpenApi, type Page } from "../worker/crawl/extract/index";
import { preparePage, titleOf } from "../worker/crawl/markdown";

const FIXTURES = join(import.meta.dirname, "..", "tests", "fixtures");
const SITES = ["docs-reference", "docs-single", "docs-subdomain"];
const METHODS = ["get", "put", "post", "patch", "delete"];
type Doc = { paths?: Record<string, Record<string, any>> };

const endpointsOf = (doc: Doc) => Object.entries(doc.paths ?? {}).flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p}`));
const parametersOf = (doc: Doc) =>
  Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).flatMap((m) => {
      const key = `${m.toUpperCase()} ${p}`;
      const op = item[m];
      const body = Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {});
      return [...(op.parameters ?? []).map((x: any) => `${key} ${x.in} ${x.name}`), ...body.map((n) => `${key} body ${n}`)];
    }),
  );

function score(found: string[], expected: string[]) {
  const hit = found.filter((f) => expected.includes(f)).length;
  return { found: found.length, expected: expected.length, recall: expected.length ? hit / expected.length : 1, precision: found.length ? hit / found.length : 1 };
}
const pct = (n: number) => `${(n * 100).toFixed(0)}%`.padStart(5);

/** A site's pages: its own .html files, and those of its subdomains (folders named like api.localhost). */
async function pagesOf(site: string): Promise<{ file: string; host?: string }[]> {
  const entries = await readdir(join(FIXTURES, site), { withFileTypes: true });
  const pages: { file: string; host?: string }[] = entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => ({ file: e.name }));
  for (const dir of entries.filter((e) => e.isDirectory() && e.name.endsWith(".localhost"))) {
    for (const file of await readdir(join(FIXTURES, site, dir.name))) if (file.endsWith(".html")) pages.push({ file, host: dir.name });
  }
  return pages;
}

const { origin, server } = await startFixtureServer();
console.log("site              endpoints (found/doc)  recall  precision | params (found/doc)  recall  precision | pages  pages/s (fetch + Markdown in Node)");
for (const site of SITES) {
  const expected = JSON.parse(await readFile(join(FIXTURES, site, "expected.json"), "utf8"));
  const started = performance.now();
  const pages: Page[] = [];
  for (const { file, host } of await pagesOf(site)) {
    const res = await fetch(`${origin}/${site}/${file}`, { headers: host ? { "x-forwarded-host": `${host}:${new URL(origin).port}` } : {} });
    const html = await res.text();
    const url = new URL(res.url);
    if (host) url.hostname = host;
    pages.push({ url: url.href, title: titleOf(html), content: preparePage(html, res.headers.get("content-type") ?? "") });
  }
  const seconds = (performance.now() - started) / 1000;
  const index = pages.find((p) => p.url.endsWith("/index.html")) ?? pages[0];
  const doc = (extractOpenApi([index, ...pages.filter((p) => p !== index)], { title: index.title, sourceUrl: index.url }) ?? {}) as Doc;
  const e = score(endpointsOf(doc), expected.endpoints);
  const p = score(parametersOf(doc), expected.parameters);
  console.log(
    `${site.padEnd(18)}${`${e.found}/${e.expected}`.padStart(21)}  ${pct(e.recall)}  ${pct(e.precision).padStart(9)} | ${`${p.found}/${p.expected}`.padStart(18)}  ${pct(p.recall)}  ${pct(p.precision).padStart(9)} | ${String(pages.length).padStart(5)}  ${(pages.length / seconds).toFixed(1).padStart(7)}`,
  );
}
/** Crawls `urls` through the portal's API and answers the pages completed and the seconds taken. */
async function crawlThroughPortal(portal: string, cookie: string, urls: string[]) {
  const headers = { "content-type": "application/json", origin: portal, cookie };
  const started = performance.now();
  const res = await fetch(`${portal}/api/crawl/crawl`, { method: "POST", headers, body: JSON.stringify({ url: urls[0], selectedUrls: urls }) });
  const { crawlId, error } = (await res.json()) as { crawlId?: string; error?: string };
  if (!crawlId) throw new Error(`crawl not started: ${error}`);
  for (;;) {
    const status = (await (await fetch(`${portal}/api/crawl/${crawlId}`, { headers })).json()) as { status: string; completed: number; total: number };
    if (status.status !== "crawling") return { ...status, seconds: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

console.log("\ncrawl through the portal (npm run dev: queue, CrawlSession, 250 ms between pages of a host)");
const dev = await startDevServer([]).catch((err: Error) => {
  console.log(`skipped: the dev server did not start (${err.message.split("\n")[0]})`);
  return null;
});
if (dev) {
  try {
    const email = `bench-${Date.now()}@example.com`;
    const post = (path: string, body: unknown) =>
      fetch(`${dev.url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: dev.url }, body: JSON.stringify(body) });
    await post("/api/auth/sign-up/email", { email, password: "correct horse battery", name: "Bench" });
    const signIn = await post("/api/auth/sign-in/email", { email, password: "correct horse battery" });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    console.log("site              pages  completed  seconds  pages/s");
    for (const site of SITES) {
      // Subdomains of localhost only resolve inside the worker tests, so the portal crawls the site's own host.
      const urls = (await pagesOf(site)).filter((p) => !p.host).map((p) => `${origin}/${site}/${p.file}`);
      urls.sort((a, b) => Number(b.endsWith("/index.html")) - Number(a.endsWith("/index.html")));
      const crawl = await crawlThroughPortal(dev.url, cookie, urls);
      console.log(`${site.padEnd(18)}${String(crawl.total).padStart(5)}  ${String(crawl.completed).padStart(9)}  ${crawl.seconds.toFixed(2).padStart(7)}  ${(crawl.completed / crawl.seconds).toFixed(1).padStart(7)}`);
    }
  } finally {
    await dev.stop();
  }
}
server.close();
