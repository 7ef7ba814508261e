// Extraction benchmark: for each fixture documentation site, crawls its pages from the local fixture
// server (fetch + Markdown, no queue), extracts an OpenAPI description and scores it against the
// endpoints and parameters the site documents (tests/fixtures/docs-*/expected.json).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { startFixtureServer } from "../tests/fixture-server";
import { extractOpenApi, type Page } from "../worker/crawl/extract/index";
import { titleOf, toMarkdown } from "../worker/crawl/markdown";

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
console.log("site              endpoints (found/doc)  recall  precision | params (found/doc)  recall  precision | pages  pages/s");
for (const site of SITES) {
  const expected = JSON.parse(await readFile(join(FIXTURES, site, "expected.json"), "utf8"));
  const started = performance.now();
  const pages: Page[] = [];
  for (const { file, host } of await pagesOf(site)) {
    const res = await fetch(`${origin}/${site}/${file}`, { headers: host ? { "x-forwarded-host": `${host}:${new URL(origin).port}` } : {} });
    const html = await res.text();
    const url = new URL(res.url);
    if (host) url.hostname = host;
    pages.push({ url: url.href, title: titleOf(html), markdown: toMarkdown(html, res.headers.get("content-type") ?? "") });
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
server.close();
