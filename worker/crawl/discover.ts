// A documentation site's own OpenAPI description, found while mapping: named by a viewer or a
// download link on the start page (or a page it names as API reference), or at a well-known path
// beside the docs. A candidate counts only when the importer reads it as a description.
import type { Bindings } from "../env";
import { safeFetchText } from "../lib/safe-fetch";
import { importDescription } from "../openapi/import";
import { MAX_DESCRIPTION_BYTES } from "../openapi/parse";
import { scanPage, scriptSpecUrls } from "./discover-html";
import { siteOf } from "./links";

export type OpenApiOffer = { url: string; title: string; operationCount: number };

/** Paths probed beside the docs and at the site's root when no page names a description. */
export const WELL_KNOWN_PATHS = ["openapi.json", "openapi.yaml", "swagger.json", "v3/api-docs"];
/** At most this many API reference pages named by the start page are read. */
export const MAX_REFERENCE_PAGES = 3;
const MAX_SCRIPTS = 2;
const PAGE_FETCH = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };
const SPEC_FETCH = {
  timeoutMs: 15_000,
  maxBytes: MAX_DESCRIPTION_BYTES,
  headers: { accept: "application/json, application/yaml, text/yaml, */*" },
};

/** The fetches one map may spend on discovery, shared by its parts. */
export class FetchBudget {
  constructor(private left: number) {}
  /** Takes one fetch; false when none is left. */
  take() {
    if (this.left <= 0) return false;
    this.left--;
    return true;
  }
}

type Page = { url: string; status: number; contentType: string; text: string };
const isHtml = (page: Page) => /html/i.test(page.contentType) || page.text.trimStart().startsWith("<");

/** Reads a description text as the importer would; null when it is not one. */
async function offerOf(env: Bindings, text: string, url: string): Promise<OpenApiOffer | null> {
  try {
    const result = await importDescription({ text, sourceUrl: url }, env);
    // A description without operations would make a server without tools: the pages say more.
    return result.operationCount > 0 ? { url, title: result.title, operationCount: result.operationCount } : null;
  } catch {
    return null;
  }
}

/** Fetches a URL within the budget; null when refused (SSRF guard, size, time-out), failed or out of budget. */
async function fetchWithin(
  env: Bindings,
  url: string,
  budget: FetchBudget,
  options: typeof PAGE_FETCH | typeof SPEC_FETCH,
): Promise<Page | null> {
  if (!budget.take()) return null;
  try {
    const page = await safeFetchText(url, env, options);
    return page.status >= 200 && page.status < 300 ? page : null;
  } catch {
    return null;
  }
}

/** Tries description URLs in order; the first the importer reads is the offer. */
async function firstDescription(env: Bindings, urls: string[], tried: Set<string>, budget: FetchBudget) {
  for (const url of urls) {
    if (tried.has(url)) continue;
    tried.add(url);
    const page = await fetchWithin(env, url, budget, SPEC_FETCH);
    const offer = page && !isHtml(page) ? await offerOf(env, page.text, page.url) : null;
    if (offer) return offer;
  }
  return null;
}

/** Description URLs a page offers, its initializer scripts read too. */
async function pageDescriptions(env: Bindings, page: Page, budget: FetchBudget) {
  const offers = await scanPage(page.text, page.url);
  const specs = [...offers.specs];
  for (const script of offers.scripts.slice(0, MAX_SCRIPTS)) {
    const js = await fetchWithin(env, script, budget, PAGE_FETCH);
    // The viewer fetches the URL from the page, so a relative one resolves against the page, not the script.
    if (js) specs.push(...scriptSpecUrls(js.text).flatMap((u) => (URL.canParse(u, page.url) ? [new URL(u, page.url).href] : [])));
  }
  return { specs, references: offers.references };
}

/** The site's own description, or null; spends at most the budget's fetches. */
export async function discoverOpenApi(env: Bindings, start: Page, budget: FetchBudget): Promise<OpenApiOffer | null> {
  const tried = new Set<string>([start.url]);
  // A start URL that is itself a description needs no other fetch.
  if (!isHtml(start)) return offerOf(env, start.text, start.url);
  const first = await pageDescriptions(env, start, budget);
  const found = await firstDescription(env, first.specs, tried, budget);
  if (found) return found;
  const site = siteOf(new URL(start.url).hostname);
  const references = first.references.filter((u) => {
    const host = new URL(u).hostname;
    return !tried.has(u) && (host === site || host.endsWith(`.${site}`));
  });
  for (const reference of references.slice(0, MAX_REFERENCE_PAGES)) {
    tried.add(reference);
    const page = await fetchWithin(env, reference, budget, PAGE_FETCH);
    if (!page || !isHtml(page)) continue;
    const offer = await firstDescription(env, (await pageDescriptions(env, page, budget)).specs, tried, budget);
    if (offer) return offer;
  }
  const landed = new URL(start.url);
  const roots = [...new Set([new URL("./", landed).href, `${landed.origin}/`])];
  return firstDescription(
    env,
    roots.flatMap((root) => WELL_KNOWN_PATHS.map((path) => new URL(path, root).href)),
    tried,
    budget,
  );
}
