// Mapping a documentation site: llms.txt, sitemap.xml (and sitemap indexes), robots.txt, and the links
// of the start page, kept to the site (plus subdomains), de-duplicated, normalised and capped; and the
// site's own OpenAPI description when it publishes one.
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { checkPublicUrl, safeFetchText } from "../lib/safe-fetch";
import { discoverOpenApi, FetchBudget, type OpenApiOffer } from "./discover";
import { hrefsOf, normalizeLink, scopeOf } from "./links";
import { findManifest, preferMarkdown } from "./llms";
import { fetchRobots, isAllowed, type Robots } from "./robots";
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

/**
 * Maps a documentation site to the page URLs worth crawling: an llms.txt manifest's links (as Markdown
 * twins when the site serves them), else the sitemap's and the start page's; and looks for the
 * site's own OpenAPI description.
 */
export async function mapSite(env: Bindings, rawUrl: string, options: { includeSubdomains?: boolean } = {}): Promise<SiteMap> {
  const start = checkPublicUrl(rawUrl, env);
  const robots = await fetchRobots(env, start.origin);
  const page = await safeFetchText(start.href, env, FETCH);
  // A redirected start page (docs.example.com → /v2/docs) sets the scope where the content is.
  const landed = new URL(page.url);
  const inScope = scopeOf(landed, options.includeSubdomains ?? true);
  // Separate budgets: candidates that fail cannot starve the manifest, nor the manifest the description.
  const manifestBudget = new FetchBudget(MAX_MANIFEST_FETCHES);
  const [openapi, manifest] = await Promise.all([
    page.status < 400 ? discoverOpenApi(env, page, new FetchBudget(MAX_DESCRIPTION_FETCHES)) : null,
    findManifest(env, landed, manifestBudget),
  ]);

  const robotsByOrigin = new Map<string, Promise<Robots>>([[start.origin, Promise.resolve(robots)]]);
  const keep = async (candidates: string[]) => {
    const links = new Set<string>();
    for (const candidate of candidates) {
      if (links.size >= MAX_MAP_LINKS) break;
      const link = normalizeLink(candidate, landed);
      if (!link || links.has(link) || !inScope(link)) continue;
      const url = new URL(link);
      if (!robotsByOrigin.has(url.origin) && robotsByOrigin.size >= MAX_HOSTS) continue;
      if (!robotsByOrigin.has(url.origin)) robotsByOrigin.set(url.origin, fetchRobots(env, url.origin));
      if (isAllowed(await robotsByOrigin.get(url.origin)!, url)) links.add(link);
    }
    return [...links];
  };

  const listed = manifest ? await keep(manifest.links) : [];
  if (listed.length) return { links: await preferMarkdown(env, listed, manifestBudget), openapi, source: "llms.txt" };
  const first = page.status < 400 ? await keep([landed.href]) : [];
  // Documentation under a path (example.com/docs/) often has its own sitemap there.
  const section = new URL("sitemap.xml", landed).href;
  const fromSitemap = await keep([...first, ...(await sitemapLocs(env, [...robots.sitemaps, `${start.origin}/sitemap.xml`, section]))]);
  const fromPage = page.status < 400 && /html/i.test(page.contentType) ? hrefsOf(page.text) : [];
  const links = await keep([...fromSitemap, ...fromPage]);
  if (links.length === 0 && !openapi) fail(404, NO_PAGES_MESSAGE);
  return { links, openapi, source: fromSitemap.length > first.length ? "sitemap" : "links" };
}
