// What the crawl stores of a page: Markdown of its main content (navigation and boilerplate dropped;
// headings, code blocks, tables, lists and definition lists kept), from a linear hand-written converter.
import { htmlToMarkdown } from "./html-markdown";
import { firstElement, textOf } from "./html-scan";

/** Markdown converted from HTML beyond this many characters is cut: extraction needs the reference, not the whole site. */
export const MAX_MARKDOWN_CHARS = 512 * 1024;
/** Markdown or plain text pages (llms-full.txt, raw .md) are kept up to this many characters. */
export const MAX_TEXT_CHARS = 2 * 1024 * 1024;
/** HTML beyond this many characters is not read. */
const MAX_HTML_CHARS = 8 * 1024 * 1024;

/** The page's <title>, else its first <h1>, as plain text. */
export function titleOf(html: string): string | null {
  const head = html.slice(0, MAX_HTML_CHARS);
  const raw = firstElement(head, "title") ?? firstElement(head, "h1");
  const text = raw ? textOf(raw.slice(0, 10_000)) : "";
  return text ? text.slice(0, 300) : null;
}

const looksLikeHtml = (body: string) => {
  const start = body.slice(0, 512).trimStart().slice(0, 20).toLowerCase();
  return start.startsWith("<!doctype") || start.startsWith("<html") || start.startsWith("<head") || start.startsWith("<body");
};

/** What the crawl stores of a fetched page for extraction (see extract/index.ts `Page.content`). */
export const preparePage = (body: string, contentType: string) => toMarkdown(body, contentType);

/** Converts a page (HTML, Markdown or plain text) to Markdown. */
export function toMarkdown(body: string, contentType = "text/html"): string {
  const isHtml = /html/i.test(contentType) || (/xml/i.test(contentType) && looksLikeHtml(body)) || looksLikeHtml(body);
  if (!isHtml) return body.slice(0, MAX_TEXT_CHARS).trim();
  return htmlToMarkdown(body.slice(0, MAX_HTML_CHARS), MAX_MARKDOWN_CHARS).trim();
}
