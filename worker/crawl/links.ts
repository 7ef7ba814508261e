// Which links belong to a documentation site, and one spelling per page.
import { parse } from "tldts";

const ASSET = /\.(css|js|mjs|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|eot|pdf|zip|gz|mp4|mp3|xml|json|ya?ml)$/i;
const TRACKING = /^(utm_|ref$|fbclid$|gclid$)/;

/**
 * The site a host belongs to: its registrable domain by the public-suffix list, so each name under a
 * shared suffix (x.github.io, y.pages.dev) is a site of its own; IPs stand alone; names under an
 * unlisted top-level name (localhost, test), reachable only in development, share that name.
 */
export function siteOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const parsed = parse(host, { allowPrivateDomains: true, extractHostname: false });
  if (parsed.isIp || host.includes(":")) return host;
  if (!parsed.isIcann && !parsed.isPrivate) return host.slice(host.lastIndexOf(".") + 1);
  return parsed.domain ?? host;
}

/** The URL without fragment or tracking parameters; null for non-http(s) or asset links. */
export function normalizeLink(href: string, base: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || ASSET.test(url.pathname)) return null;
  url.hash = "";
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) url.pathname = url.pathname.replace(/(?<!\/)\/+$/, "");
  return url.href;
}

/** Decides whether a link is in scope of a start URL: same host within its section, or (optionally) another host of the same site. */
export function scopeOf(start: URL, includeSubdomains: boolean) {
  const section = start.pathname.endsWith("/") ? start.pathname : start.pathname.slice(0, start.pathname.lastIndexOf("/") + 1);
  const site = siteOf(start.hostname);
  return (link: string) => {
    const url = new URL(link);
    if (url.host === start.host) return url.pathname.startsWith(section) || `${url.pathname}/` === section;
    if (!includeSubdomains || url.port !== start.port) return false;
    return url.hostname === site || url.hostname.endsWith(`.${site}`);
  };
}

/** href values of <a> elements in an HTML page. */
export const hrefsOf = (html: string) =>
  [...html.matchAll(/<a\b[^<>]+?\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => (m[2] ?? m[3] ?? m[4]).replace(/&amp;/g, "&"));
