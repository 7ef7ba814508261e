// llms.txt (https://llmstxt.org): a site's Markdown manifest of the pages worth reading, and the raw
// Markdown twins ({page}.md) that let the crawl store Markdown instead of scraping HTML.
import type { Bindings } from "../env";
import { safeFetchText } from "../lib/safe-fetch";
import type { FetchBudget } from "./discover";

/** A manifest beyond this size is not read. */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** At most this many links are read from a manifest. */
const MAX_MANIFEST_LINKS = 1000;
/** Pages probed for a Markdown twin; every one must answer Markdown for the links to be rewritten. */
export const TWIN_SAMPLE = 3;
const FETCH = { timeoutMs: 10_000, maxBytes: MAX_MANIFEST_BYTES };
const MARKDOWN_FILE = /\.(md|mdx|markdown|txt)$/i;

export type Manifest = { url: string; links: string[] };

const looksLikeHtml = (text: string) => text.trimStart().startsWith("<");

/** Link targets of Markdown text (`[text](url "title")`), absolute against the manifest's URL. */
export function markdownLinks(text: string, base: string): string[] {
  const links: string[] = [];
  for (let at = text.indexOf("]("); at >= 0 && links.length < MAX_MANIFEST_LINKS; at = text.indexOf("](", at + 2)) {
    let end = at + 2;
    const limit = Math.min(text.length, end + 2048);
    while (end < limit && text[end] !== ")" && text[end] !== " " && text[end] !== "\n" && text[end] !== "\t") end++;
    const target = text.slice(at + 2, end).replace(/^<|>$/g, "");
    if (target && URL.canParse(target, base)) links.push(new URL(target, base).href);
  }
  return links;
}

/** Reads a manifest URL: a text answer that is not HTML (single-page apps answer every path with their page). */
async function readManifest(env: Bindings, url: string, budget: FetchBudget) {
  if (!budget.take()) return null;
  try {
    const res = await safeFetchText(url, env, FETCH);
    if (res.status !== 200 || /html/i.test(res.contentType) || looksLikeHtml(res.text) || !res.text.trim()) return null;
    return res;
  } catch {
    return null;
  }
}

/**
 * The site's llms.txt (beside the docs, then at the root) and its links; without one, an llms-full.txt
 * is the one page to read. Null when neither exists.
 */
export async function findManifest(env: Bindings, landed: URL, budget: FetchBudget): Promise<Manifest | null> {
  const roots = [...new Set([new URL("./", landed).href, `${landed.origin}/`])];
  for (const root of roots) {
    const res = await readManifest(env, new URL("llms.txt", root).href, budget);
    const links = res ? markdownLinks(res.text, res.url) : [];
    if (res && links.length) return { url: res.url, links };
  }
  for (const root of roots) {
    const res = await readManifest(env, new URL("llms-full.txt", root).href, budget);
    if (res) return { url: res.url, links: [res.url] };
  }
  return null;
}

/** The Markdown twin of a page URL: {url}.md, index.html.md for a directory. */
export function twinOf(link: string): string {
  const url = new URL(link);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}index.html.md` : `${url.pathname}.md`;
  return url.href;
}

async function answersMarkdown(env: Bindings, url: string, budget: FetchBudget) {
  if (!budget.take()) return false;
  try {
    const res = await safeFetchText(url, env, FETCH);
    const type = res.contentType.toLowerCase();
    return (
      res.status === 200 && (type.includes("markdown") || type.startsWith("text/plain")) && !looksLikeHtml(res.text) && !!res.text.trim()
    );
  } catch {
    return false;
  }
}

/** The links with each HTML page replaced by its Markdown twin when a sample of them answers Markdown. */
export async function preferMarkdown(env: Bindings, links: string[], budget: FetchBudget): Promise<string[]> {
  const pages = links.filter((l) => !MARKDOWN_FILE.test(new URL(l).pathname));
  if (!pages.length) return links;
  for (const page of pages.slice(0, TWIN_SAMPLE)) if (!(await answersMarkdown(env, twinOf(page), budget))) return links;
  return links.map((l) => (MARKDOWN_FILE.test(new URL(l).pathname) ? l : twinOf(l)));
}
