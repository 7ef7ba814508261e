// Builds the corpus sites into a git-ignored folder (node_modules/.cache/bench/crawl), reusing a
// site whose description, generator and bench sources have not changed since it was built.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import converter from "api-spec-converter";
import { DESCRIPTIONS, type Site } from "./corpus";
import type { SiteFile } from "./generators/types";
import { documentedBy, type Truth, truthOf } from "./truth";

export const OUT = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "bench", "crawl");
const SOURCES = [import.meta.dirname, join(import.meta.dirname, "generators")];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/** The generator packages whose version is part of a site's stamp. */
const GENERATOR_PACKAGES = [
  "widdershins",
  "marked",
  "openapi-to-md",
  "openapi-markdown",
  "swagger-markdown",
  "@redocly/cli",
  "bootprint-openapi",
  "docusaurus-plugin-openapi-docs",
  "@mdx-js/mdx",
  "api-spec-converter",
];
const NODE_MODULES = join(import.meta.dirname, "..", "..", "node_modules");

let sourcesHash: Promise<string> | undefined;
/** A hash of the bench's own generator sources and the generators' versions: a changed generator rebuilds its sites. */
function hashOfSources(): Promise<string> {
  sourcesHash ??= (async () => {
    const hash = createHash("sha1");
    for (const name of GENERATOR_PACKAGES) hash.update(await readFile(join(NODE_MODULES, name, "package.json"), "utf8").catch(() => name));
    for (const dir of SOURCES)
      for (const f of (await readdir(dir)).filter((n) => n.endsWith(".ts")).sort()) hash.update(await readFile(join(dir, f)));
    return hash.digest("hex");
  })();
  return sourcesHash;
}

/** A fixture's expected.json ("GET /notes", "GET /notes query limit") as a description to score against. */
function fixtureDescription(expected: { endpoints: string[]; parameters: string[] }): Record<string, any> {
  const paths: Record<string, any> = {};
  for (const endpoint of expected.endpoints) {
    const [method, path] = endpoint.split(" ");
    const parameters = expected.parameters
      .filter((p) => p.startsWith(`${endpoint} `))
      .map((p) => ({ in: "query", name: p.split(" ").at(-1) }));
    paths[path] = { ...(paths[path] ?? {}), [method.toLowerCase()]: { parameters } };
  }
  return { openapi: "3.1.0", paths };
}

const converted = new Map<string, Promise<Record<string, any>>>();
/** The description a site is generated from, parsed (and turned back into Swagger 2.0 where the corpus says so). */
export function descriptionOf(site: Site): Promise<Record<string, any>> {
  if (site.fixture) return readFile(join(site.fixture, "expected.json"), "utf8").then((text) => fixtureDescription(JSON.parse(text)));
  const source = DESCRIPTIONS[site.description];
  if (!converted.has(site.description)) {
    converted.set(
      site.description,
      source.swagger2
        ? converter
            .convert({ from: "openapi_3", to: "swagger_2", source: source.file })
            .then((r: { spec: Record<string, any> }) => JSON.parse(JSON.stringify(r.spec)))
        : readFile(source.file, "utf8").then(JSON.parse),
    );
  }
  return converted.get(site.description)!;
}

export type BuiltSite = { site: Site; dir: string; files: string[]; seconds: number; cached: boolean; error?: string };

/** Builds one site (or reuses it); answers its folder and files relative to it. */
export async function buildSite(site: Site): Promise<BuiltSite> {
  if (site.fixture) {
    // The pages the old fixture bench read: the site's own .html files and those of its subdomain folders.
    const files = (await listFiles(site.fixture)).map((f) => relative(site.fixture!, f));
    const pages = files.filter(
      (f) => /\.(html|md|txt)$/.test(f) && f !== "robots.txt" && (!f.includes("/") || f.split("/")[0].endsWith(".localhost")),
    );
    return { site, dir: site.fixture, files: pages, seconds: 0, cached: true };
  }
  const dir = join(OUT, "sites", site.name);
  const doc = await descriptionOf(site);
  const stamp = createHash("sha1")
    .update(JSON.stringify(doc))
    .update(site.style.id)
    .update(await hashOfSources())
    .digest("hex");
  const stampFile = join(OUT, "stamps", `${site.name}.txt`);
  if ((await readFile(stampFile, "utf8").catch(() => "")) === stamp) {
    return { site, dir, files: (await listFiles(dir)).map((f) => relative(dir, f)), seconds: 0, cached: true };
  }
  const started = performance.now();
  await rm(dir, { recursive: true, force: true });
  let files: SiteFile[];
  try {
    files = await site.style.generate(structuredClone(doc), DESCRIPTIONS[site.description].file);
  } catch (err) {
    return {
      site,
      dir,
      files: [],
      seconds: (performance.now() - started) / 1000,
      cached: false,
      error: (err as Error).message.split("\n")[0],
    };
  }
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.body);
  }
  await mkdir(dirname(stampFile), { recursive: true });
  await writeFile(stampFile, stamp);
  return { site, dir, files: files.map((f) => f.path), seconds: (performance.now() - started) / 1000, cached: false };
}

/** What a built site documents: its description's operations, with the parameter names its pages mention. */
export async function siteTruth(built: BuiltSite): Promise<Truth> {
  const texts = await Promise.all(built.files.map((f) => readFile(join(built.dir, f), "utf8").catch(() => "")));
  // A generator that does not render OpenAPI 3 request bodies documents none of their properties.
  const truth = truthOf(await descriptionOf(built.site), { requestBodies: !built.site.style.omitsRequestBodies });
  return documentedBy(truth, texts.join("\n"));
}
