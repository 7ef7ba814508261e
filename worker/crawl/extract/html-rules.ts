// What the HTML converter knows about elements: block and void elements, boilerplate to drop, and how
// a code block's inner HTML becomes its text (one linear pass, no element walk).
import { decodeEntities } from "./html-scan";

export const BLOCK = new Set(
  "p div section article main header footer ul ol li dl dt dd table thead tbody tfoot tr td th pre blockquote hr br figure figcaption details summary fieldset h1 h2 h3 h4 h5 h6".split(
    " ",
  ),
);
export const VOID = new Set("br hr img input meta link wbr source area col embed param track base".split(" "));
export const RAW = new Set([
  "title",
  "head",
  "script",
  "style",
  "textarea",
  "template",
  "svg",
  "math",
  "noscript",
  "select",
  "iframe",
  "canvas",
]);
export const SKIP = new Set(["nav", "aside", "button", "form", "dialog", "object"]);
export const SKIP_ROLES = new Set(["navigation", "tablist", "banner", "contentinfo", "search", "complementary", "tab"]);
export const SKIP_CLASS_PARTS = new Set([
  "sidebar",
  "breadcrumb",
  "breadcrumbs",
  "navbar",
  "pagination",
  "toc",
  "tableofcontents",
  "headerlink",
  "clipboard",
  "skiptocontent",
]);
export const SKIP_ID_PARTS = new Set(["sidebar", "navbar", "navigation", "toc", "breadcrumbs", "topbar"]);
export const SKIP_CLASS = [
  "table-of-contents",
  "hash-link",
  "anchor-link",
  "copy-button",
  "skip-link",
  "tabbed-labels",
  "sr-only",
  "visually-hidden",
];
export const METHOD_WORDS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
export const MAX_STACK = 200;
export const MAX_LIST_INDENT = 8;
export const MAX_ROWS = 2000;
export const MAX_CELLS = 50;

export const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
export const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 45 || c === 58 || c === 95;

/** The text of a code block's inner HTML between `from` and `to`, and the language its <code> names. */
export function codeText(html: string, from: number, to: number): { text: string; lang: string } {
  let text = "";
  let lang = "";
  let i = from;
  while (i < to) {
    const lt = html.indexOf("<", i);
    if (lt < 0 || lt >= to) {
      text += decodeEntities(html.slice(i, to));
      break;
    }
    if (lt > i) text += decodeEntities(html.slice(i, lt));
    const gt = html.indexOf(">", lt);
    if (gt < 0 || gt >= to) break;
    let k = lt + 1;
    if (html[k] === "/") k++;
    let e = k;
    while (e < gt && isNameChar(html.charCodeAt(e))) e++;
    const name = html.slice(k, e).toLowerCase();
    const opening = k === lt + 1;
    if (
      opening &&
      (name === "br" ||
        (BLOCK.has(name) && name !== "pre") ||
        (gt - e > 4 && / line|"line|'line|token-line|code-line/.test(html.slice(e, gt).toLowerCase()))) &&
      text &&
      !text.endsWith("\n")
    )
      text += "\n";
    if (opening && name === "code" && !lang) lang = /(?:language|lang)-([\w+-]+)/.exec(html.slice(e, gt))?.[1] ?? "";
    i = gt + 1;
  }
  return { text, lang };
}
