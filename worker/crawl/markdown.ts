// HTML → Markdown for crawled pages: the main content only (navigation and boilerplate dropped),
// code blocks and tables kept. node-html-markdown is pure JS, so it runs in workerd without a DOM.
import { NodeHtmlMarkdown } from "node-html-markdown";

/** Markdown beyond this many characters is cut: extraction needs the reference, not the whole site. */
export const MAX_MARKDOWN_CHARS = 512 * 1024;

const BOILERPLATE = ["nav", "header", "footer", "aside", "script", "style", "noscript", "svg", "form", "iframe", "button"];
const converter = new NodeHtmlMarkdown(
  { codeFence: "```", maxConsecutiveNewlines: 2, bulletMarker: "-" },
  Object.fromEntries(BOILERPLATE.map((tag) => [tag, { ignore: true }])),
);

const decode = (s: string) =>
  s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** The page's <title>, else its first <h1>, as plain text. */
export function titleOf(html: string): string | null {
  const raw = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/i)?.[1];
  const text = raw ? decode(raw.replace(/<[^>]+>/g, "")).replace(/\s+/g, " ").trim() : "";
  return text ? text.slice(0, 300) : null;
}

/** The main region of a page: <main>, else <article>, else an element with role="main", else <body>. */
function mainRegion(html: string): string {
  for (const pattern of [/<main\b[^>]*>([\s\S]*)<\/main>/i, /<article\b[^>]*>([\s\S]*)<\/article>/i]) {
    const match = html.match(pattern);
    if (match) return match[1];
  }
  const role = html.search(/<div\b[^>]*role=["']main["'][^>]*>/i);
  if (role >= 0) return html.slice(role);
  return html.match(/<body\b[^>]*>([\s\S]*)<\/body>/i)?.[1] ?? html;
}

/** What the crawl stores of a fetched page for extraction (see extract/index.ts `Page.content`). */
export const preparePage = (body: string, contentType: string) => toMarkdown(body, contentType);

/** Converts a page (HTML, Markdown or plain text) to Markdown. */
export function toMarkdown(body: string, contentType = "text/html"): string {
  const isHtml = /html|xml/i.test(contentType) || /^\s*<(!doctype|html|head|body)/i.test(body);
  const markdown = isHtml ? converter.translate(mainRegion(body)) : body;
  return markdown.trim().slice(0, MAX_MARKDOWN_CHARS);
}
