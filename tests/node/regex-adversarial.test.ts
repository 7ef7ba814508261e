// The regexes rewritten for linear time give their usual answers on the inputs that made the old ones
// backtrack or rescan for seconds to minutes (each case is one the old pattern could not finish promptly).
import { expect, it } from "vitest";
import { hrefsOf, scopeOf } from "../../worker/crawl/links";
import { sitemapEntries } from "../../worker/crawl/map";
import { isAllowed, parseRobots } from "../../worker/crawl/robots";
import { baseUrlOf } from "../../worker/openapi/import";
import { sanitizeName, shortHash, shorten } from "../../worker/openapi/naming";
import { slugify } from "../../worker/servers/slug";
import { serverKey } from "../../web/src/features/deploy/desktop-config";

const N = 50_000;

it("matches robots.txt wildcard rules as before, and a rule of many '*' against a long path at once", () => {
  const robots = parseRobots(
    [
      "User-agent: *",
      "Disallow: /private*",
      "Allow: /private/open$",
      "Disallow: /*.pdf$",
      `Disallow: /${"a*".repeat(40)}b`,
      "Crawl-delay : 2",
    ].join("\n"),
  );
  const allowed = (path: string) => isAllowed(robots, new URL(path, "https://docs.example.com"));
  expect(robots.crawlDelayMs).toBe(2000);
  expect([
    allowed("/private/x"),
    allowed("/private/open"),
    allowed("/private/open/more"),
    allowed("/guide.pdf"),
    allowed("/guide.pdf?x=1"),
    allowed("/guide"),
  ]).toEqual([false, true, false, false, true, true]);
  expect(allowed(`/${"a".repeat(N)}`)).toBe(true);
  expect(allowed(`/${"a".repeat(N)}b`)).toBe(false);
});

it("skips a robots.txt line of many spaces and a value broken by a line separator", () => {
  expect(parseRobots(`User-agent: *\nDisallow:${" ".repeat(N)}/x\u2028y`).rules).toEqual([]);
});

it("reads sitemap entries that are URLs, and a sitemap of unclosed <loc>, blank or non-URL entries", () => {
  expect(
    sitemapEntries(
      "<urlset><url><loc>\n  https://d.example.com/a?x=1&amp;y=2 </loc></url><url><LOC>https://d.example.com/b</LOC></url></urlset>",
    ),
  ).toEqual(["https://d.example.com/a?x=1&y=2", "https://d.example.com/b"]);
  expect(sitemapEntries("<loc>".repeat(N))).toEqual([]);
  expect(sitemapEntries(`<loc>${" ".repeat(N)}</loc>`)).toEqual([]);
  // A site built without its URL writes `None`: not a URL, so not a page.
  expect(sitemapEntries("<url><loc>None</loc></url><url><loc>/relative</loc></url>")).toEqual([]);
});

it("reads a page's links, and a page of unclosed '<a' tags", () => {
  expect(hrefsOf(`<p><a class="x" href="/a?b=1&amp;c=2">A</a> <A HREF='/b'>B</A> <a href=/c>C</a> <abbr href="/no">`)).toEqual([
    "/a?b=1&c=2",
    "/b",
    "/c",
  ]);
  expect(hrefsOf("<a ".repeat(N))).toEqual([]);
  expect(hrefsOf(`${"<a ".repeat(N)}<a href="/last">`)).toEqual(["/last"]);
});

it("scopes a start URL with a long last path segment to its section", () => {
  const inScope = scopeOf(new URL(`https://d.example.com/docs/${"p".repeat(N)}`), false);
  expect([inScope("https://d.example.com/docs/other"), inScope("https://d.example.com/blog")]).toEqual([true, false]);
});

it("fills a server URL's variables and trims its slashes, and a URL of many '{' or '/'", () => {
  expect(
    baseUrlOf({ servers: [{ url: "https://{region}.api.example.com/v1//", variables: { region: { default: "eu" } } }] } as never),
  ).toBe("https://eu.api.example.com/v1");
  const braces = `https://api.example.com/${"{".repeat(N)}`;
  expect(baseUrlOf({ servers: [{ url: braces }] } as never)).toBe(braces);
  const slashes = `https://api.example.com${"/".repeat(N)}x`;
  expect(baseUrlOf({ servers: [{ url: slashes }] } as never)).toBe(slashes);
});

it("trims separators of names, slugs and config keys, and names with a long separator run inside", () => {
  const long = `${"a".repeat(53)}___${"b".repeat(10)}`;
  expect([sanitizeName("__get-pets__"), slugify("  My API --"), serverKey("My API!"), shorten(long)]).toEqual([
    "get-pets",
    "my-api",
    "my-api",
    `${"a".repeat(53)}_${shortHash(long)}`,
  ]);
  expect(sanitizeName(`x${"-".repeat(N)}y`)).toBe(`x${"-".repeat(N)}y`);
  expect(slugify(`a${"-".repeat(N)}b`)).toBe("a-b");
  expect(serverKey(`a${"!".repeat(N)}b`)).toBe("a-b");
});
