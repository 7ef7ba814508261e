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

const { origin, server } = await startFixtureServer();
console.log("site              endpoints (found/doc)  recall  precision | params (found/doc)  recall  precision | pages  pages/s");
for (const site of SITES) {
  const files = (await readdir(join(FIXTURES, site))).filter((f) => f.endsWith(".html"));
  const expected = JSON.parse(await readFile(join(FIXTURES, site, "expected.json"), "utf8"));
  const started = performance.now();
  const pages: Page[] = [];
  for (const file of files) {
    const res = await fetch(`${origin}/${site}/${file}`);
    const html = await res.text();
    pages.push({ url: res.url, title: titleOf(html), markdown: toMarkdown(html, res.headers.get("content-type") ?? "") });
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
