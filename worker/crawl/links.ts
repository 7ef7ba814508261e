// Which links belong to a documentation site, and one spelling per page.
const ASSET = /\.(css|js|mjs|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|eot|pdf|zip|gz|mp4|mp3|xml|json|ya?ml)$/i;
const TRACKING = /^(utm_|ref$|fbclid$|gclid$)/;

/** The site a host belongs to: its last two labels (three under a short second level such as co.uk); IPs stand alone. */
export function siteOf(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(":")) return hostname;
  const labels = hostname.split(".");
  const take = labels.length > 2 && labels.at(-2)!.length <= 3 && labels.at(-1)!.length === 2 ? 3 : 2;
  return labels.slice(-take).join(".");
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
