// The default extractor, a pure library: crawled pages → an OpenAPI 3.1 description and a report per
// page, no outside service or runtime binding needed (tested under Node).
// Extraction is two steps so the job that runs it can pace and budget it page by page:
// `readPage` (pure, bounded work per page) and `assemble` (all pages' findings → one document).
import { type Draft, type Hints, noPrototype, readEndpoints } from "./endpoints";
import { buildDocument } from "./openapi";
import { SOURCE_PAGE_EXTENSION } from "../../openapi/types";

/** A crawled page as stored for extraction: its URL, title and content as `preparePage` left it. */
export type Page = { url: string; title?: string | null; content: string };
export type OpenApiDraft = NonNullable<ReturnType<typeof buildDocument>>;
/** What one page contributes: its endpoints and hints, or the reason it was skipped. */
export type PageFindings = { url: string; drafts: Draft[]; hints: Hints; skipped?: undefined } | { url: string; skipped: string };

const MAX_TEMPLATES = 500;

/** Pages longer than this many characters are skipped: reading them would exceed the per-page work budget. */
export const MAX_PAGE_WORK = 4 * 1024 * 1024;

/** Reads one page's endpoints and hints; a page beyond the work budget is skipped with the reason. */
export function readPage(page: Page): PageFindings {
  if (page.content.length > MAX_PAGE_WORK)
    return { url: page.url, skipped: `its ${page.content.length} characters are more than the ${MAX_PAGE_WORK} read per page` };
  const { drafts, hints } = readEndpoints({ url: page.url, title: page.title, markdown: page.content });
  return { url: page.url, drafts, hints };
}

/** Builds the description from every page's findings; null when nothing API-like was found. */
export function assemble(findings: PageFindings[], meta: { title?: string | null; sourceUrl: string }): OpenApiDraft | null {
  const drafts: Draft[] = [];
  const hints: Hints = {
    baseUrls: [],
    exampleUrls: [],
    auth: new Set(),
    apiKeyHeaders: new Set(),
    apiKeyQuery: new Set(),
    objects: noPrototype(),
  };
  for (const found of findings) {
    if (found.skipped !== undefined) continue;
    drafts.push(...found.drafts);
    hints.baseUrls.push(...found.hints.baseUrls);
    hints.exampleUrls.push(...found.hints.exampleUrls);
    for (const key of ["auth", "apiKeyHeaders", "apiKeyQuery"] as const) for (const value of found.hints[key]) hints[key].add(value);
    for (const [name, fields] of Object.entries(found.hints.objects ?? {})) hints.objects![name] ??= fields;
    if (found.hints.templates?.length) hints.templates = [...(hints.templates ?? []), ...found.hints.templates].slice(0, MAX_TEMPLATES);
    if (found.hints.instanceUrls?.length)
      hints.instanceUrls = [...(hints.instanceUrls ?? []), ...found.hints.instanceUrls].slice(0, MAX_TEMPLATES);
    if (found.hints.mentions?.length) hints.mentions = [...(hints.mentions ?? []), ...found.hints.mentions].slice(0, MAX_TEMPLATES);
    if (found.hints.proseUrls?.length) hints.proseUrls = [...(hints.proseUrls ?? []), ...found.hints.proseUrls].slice(0, MAX_TEMPLATES);
    if (found.hints.aliases) hints.aliases = Object.assign(hints.aliases ?? noPrototype<string>(), found.hints.aliases);
    if (found.hints.values) hints.values = Object.assign(hints.values ?? noPrototype<string>(), found.hints.values);
  }
  const title =
    meta.title
      ?.split(/\s[·|–-]\s/)
      .at(-1)
      ?.trim() || new URL(meta.sourceUrl).hostname;
  return buildDocument(drafts, hints, { title, sourceUrl: meta.sourceUrl });
}

/** Extracts a description from crawled pages in one go; null when nothing API-like was found. */
export function extractOpenApi(pages: Page[], meta: { title?: string | null; sourceUrl: string }): OpenApiDraft | null {
  return assemble(pages.map(readPage), meta);
}

/** What one page gave the description: the operations read from it (`GET /path`), or why it was skipped. */
export type PageReport = { url: string; operations: string[]; skipped?: string };

/** Pages in, the description (null when nothing API-like was found) and a report per page out. */
export function extract(
  pages: Page[],
  meta: { title?: string | null; sourceUrl: string },
): { description: OpenApiDraft | null; report: PageReport[] } {
  const findings = pages.map(readPage);
  const description = assemble(findings, meta);
  const byPage = new Map<string, string[]>(pages.map((p) => [p.url, []]));
  for (const [path, item] of Object.entries(description?.paths ?? {})) {
    for (const [method, op] of Object.entries(item))
      byPage.get(String((op as Record<string, unknown>)[SOURCE_PAGE_EXTENSION]))?.push(`${method.toUpperCase()} ${path}`);
  }
  const report = findings.map((f): PageReport =>
    f.skipped !== undefined ? { url: f.url, operations: [], skipped: f.skipped } : { url: f.url, operations: byPage.get(f.url) ?? [] },
  );
  return { description, report };
}
