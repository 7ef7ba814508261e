// Mapping a documentation site, in two parts: listing its pages (llms.txt, sitemap.xml and sitemap
// indexes, robots.txt, the start page's links — kept to the site plus subdomains, de-duplicated,
// normalised and capped) and finding the OpenAPI description it publishes itself.
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { checkPublicUrl, safeFetchText, type FetchedBody } from "../lib/safe-fetch";
import { discoverOpenApi, FetchBudget, type OpenApiOffer } from "./discover";
import { hrefsOf, normalizeLink, scopeOf } from "./links";
import { findManifest, preferMarkdown } from "./llms";
import { SiteRobots } from "./robots";
import { NO_PAGES_MESSAGE } from "../lib/messages";

/** At most this many links answer a map (the start page first, then the sitemap's, then the page's links). */
export const MAX_MAP_LINKS = 500;
/** At most this many sitemap documents are read, nested indexes included. */
export const MAX_SITEMAPS = 10;
/** At most this many hosts (the start host and its subdomains) are mapped. */
export const MAX_HOSTS = 10;
/** At most this many extra fetches look for the site's description; and for llms.txt and Markdown twins. */
export const MAX_DESCRIPTION_FETCHES = 16;
export const MAX_MANIFEST_FETCHES = 8;
export { NO_PAGES_MESSAGE };

const FETCH = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 };

/** The <loc> entries of one sitemap document that are URLs, trimmed and unescaped, in one linear pass (an entry holds no "<"). */
export const sitemapEntries = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/gi)].map((m) => m[1].trim().replace(/&amp;/g, "&")).filter((loc) => /^https?:\/\//i.test(loc)); // a <loc> is an absolute URL (`None` is a site built without its URL)

/** <loc> entries of sitemaps, following sitemap indexes breadth-first. */
async function sitemapLocs(env: Bindings, roots: string[]): Promise<string[]> {
  const queue = [...new Set(roots)];
  const seen = new Set<string>();
  const locs: string[] = [];
  while (queue.length && seen.size < MAX_SITEMAPS) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    try {
      const res = await safeFetchText(url, env, FETCH);
      if (res.status >= 400) continue;
      const entries = sitemapEntries(res.text);
      if (/<sitemapindex/i.test(res.text)) queue.push(...entries);
      else locs.push(...entries);
    } catch {
      // An unreachable sitemap only means fewer links.
    }
  }
  return locs;
}

export type MapSource = "llms.txt" | "sitemap" | "links";
/** A map's answer: the pages to offer, where they came from, and the site's own description if it publishes one. */
export type SiteMap = { links: string[]; openapi: OpenApiOffer | null; source: MapSource };

/** A site opened once for mapping: its start URL (already checked public), the start page as fetched, and its robots.txt files. */
export type OpenedSite = { start: URL; page: FetchedBody; landed: URL; robots: SiteRobots };

/** Fetches the start page (and its origin's robots.txt beside it); `robots` is the crawl's, so each robots.txt is read once. */
export async function openSite(env: Bindings, start: URL, robots: SiteRobots): Promise<OpenedSite> {
  const [page] = await Promise.all([safeFetchText(start.href, env, FETCH), robots.of(start.origin)]);
  // A redirected start page (docs.example.com → /v2/docs) sets the scope where the content is.
  return { start, page, landed: new URL(page.url), robots };
}

/**
 * The site's page URLs worth crawling: an llms.txt manifest's links (as Markdown twins when the site
 * serves them), else the sitemap's and the start page's — kept to the site, allowed by robots.txt,
 * de-duplicated, normalised and capped.
 */
export async function listPages(
  env: Bindings,
  site: OpenedSite,
  options: { includeSubdomains?: boolean } = {},
): Promise<{ links: string[]; source: MapSource }> {
  const { start, page, landed, robots } = site;
  const inScope = scopeOf(landed, options.includeSubdomains ?? true);
  const keep = async (candidates: string[]) => {
    const links = new Set<string>();
    for (const candidate of candidates) {
      if (links.size >= MAX_MAP_LINKS) break;
      const link = normalizeLink(candidate, landed);
      if (!link || links.has(link) || !inScope(link)) continue;
      if (await robots.allows(new URL(link))) links.add(link);
    }
    return [...links];
  };
  // Its own budget: candidates that fail cannot starve the manifest's Markdown twins.
  const manifestBudget = new FetchBudget(MAX_MANIFEST_FETCHES);
  const manifest = await findManifest(env, landed, manifestBudget);
  const listed = manifest ? await keep(manifest.links) : [];
  if (listed.length) return { links: await preferMarkdown(env, listed, manifestBudget), source: "llms.txt" };
  const first = page.status < 400 ? await keep([landed.href]) : [];
  // Documentation under a path (example.com/docs/) often has its own sitemap there.
  const section = new URL("sitemap.xml", landed).href;
  const { sitemaps } = await robots.of(start.origin)!;
  const fromSitemap = await keep([...first, ...(await sitemapLocs(env, [...sitemaps, `${start.origin}/sitemap.xml`, section]))]);
  const fromPage = page.status < 400 && /html/i.test(page.contentType) ? hrefsOf(page.text) : [];
  const links = await keep([...fromSitemap, ...fromPage]);
  return { links, source: fromSitemap.length > first.length ? "sitemap" : "links" };
}

/** The OpenAPI description the site publishes itself (linked from the start page or at a well-known path), checked by the importer; null when none. */
export async function findDescription(env: Bindings, site: OpenedSite): Promise<OpenApiOffer | null> {
  return site.page.status < 400 ? discoverOpenApi(env, site.page, new FetchBudget(MAX_DESCRIPTION_FETCHES)) : null;
}

/** POST /api/crawl/map: the site's pages and, beside them, its own OpenAPI description; 404 when there is neither. */
export async function mapSite(env: Bindings, rawUrl: string, options: { includeSubdomains?: boolean } = {}): Promise<SiteMap> {
  const site = await openSite(env, checkPublicUrl(rawUrl, env), new SiteRobots(env, MAX_HOSTS));
  const [openapi, { links, source }] = await Promise.all([findDescription(env, site), listPages(env, site, options)]);
  if (links.length === 0 && !openapi) fail(404, NO_PAGES_MESSAGE);
  return { links, openapi, source };
}
