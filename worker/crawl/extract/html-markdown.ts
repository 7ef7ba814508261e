// HTML → Markdown that keeps what extraction reads: headings, code blocks, tables, lists, definition
// lists (as list items), bold names and route badges (verb and URL in separate elements). A hand-written,
// single-pass tokenizer: linear in the input, no recursion, a bounded element stack, bounded output.
// What each element writes is in html-tags.ts; the conversion's state in html-writer.ts.
import { describeAsMarkdown, embeddedDescription } from "./embedded";
import { decodeEntities, indexOfTag } from "./html-scan";
import { BLOCK, codeText, isLetter, isNameChar, RAW } from "./html-rules";
import { closeTag, openTag } from "./html-tags";
import { MarkdownWriter, type Region } from "./html-writer";

/** The element that holds the page's main content: <main>, else <article>, else role="main", else "" (the whole page). */
function regionOf(html: string): Region {
  if (indexOfTag(html, "<main") >= 0) return "main";
  if (indexOfTag(html, "<article") >= 0) return "article";
  return /role=(?:"main"|'main')/i.test(html) ? "role" : "";
}

/** The tag name between `start` and `end`, lowercase (names are ASCII; most are lowercase already). */
function nameAt(html: string, start: number, end: number): string {
  const name = html.slice(start, end);
  for (let k = start; k < end; k++) {
    const c = html.charCodeAt(k);
    if (c >= 65 && c <= 90) return name.toLowerCase();
  }
  return name;
}

const LIST_STOP = new Set(["ul", "ol", "dl", "table"]);
const ROW_STOP = new Set(["table"]);
const CELL_STOP = new Set(["tr", "table"]);
const NO_STOP = new Set<string>();

/** Closes the innermost open `name` and everything inside it, unless an element of `stopAt` comes first. */
function closeTo(w: MarkdownWriter, name: string, stopAt: Set<string>): boolean {
  const stack = w.stack;
  for (let k = stack.length - 1; k >= 0 && stack.length - k < 64; k--) {
    if (stack[k].name === name) {
      while (stack.length > k) closeTag(w, stack.pop()!);
      return true;
    }
    if (stopAt.has(stack[k].name)) return false;
  }
  return false;
}

/** An element that opening `name` ends implicitly, as browsers do (an `<li>` ends the item before it). */
function closeImplied(w: MarkdownWriter, name: string) {
  if (name === "li") closeTo(w, "li", LIST_STOP);
  else if (name === "dt" || name === "dd") {
    closeTo(w, "dt", LIST_STOP);
    closeTo(w, "dd", LIST_STOP);
  } else if (name === "tr") closeTo(w, "tr", ROW_STOP);
  else if (name === "td" || name === "th") {
    closeTo(w, "td", CELL_STOP);
    closeTo(w, "th", CELL_STOP);
  } else if (name === "p" || CLOSES_P.has(name)) closeTo(w, "p", name === "p" ? LIST_STOP : P_SCOPE);
}

/** Block elements whose start ends an open paragraph, as browsers parse them (`<p><main></p>` opens `<main>` after the paragraph). */
const CLOSES_P = new Set(
  "address article aside blockquote details dialog div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol pre section table ul".split(
    " ",
  ),
);
/** Elements a paragraph inside them is not ended from outside of. */
const P_SCOPE = new Set(["table", "td", "th", "button", "li", "dd", "dt"]);

/** The end of the tag whose attributes start at `from`: the `>` outside quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  let k = from;
  for (; k < html.length; k++) {
    const c = html.charCodeAt(k);
    if (quote) {
      if (c === quote) quote = 0;
    } else if ((c === 34 || c === 39) && html.charCodeAt(k - 1) === 61) quote = c;
    else if (c === 62) break;
  }
  return k;
}

/** Reads a raw-text element (script, style, textarea …) whose content starts at `from`; returns where reading resumes. */
function readRaw(w: MarkdownWriter, html: string, name: string, from: number, maxChars: number): number {
  const n = html.length;
  const end = indexOfTag(html, `</${name}`, from);
  const inner = end < 0 ? "" : html.slice(from, end);
  const next = end < 0 ? n : html.indexOf(">", end) + 1 || n;
  if (name === "noscript" || name === "template") return next;
  if (name === "textarea" && w.visible) w.emit(decodeEntities(inner));
  if (name === "script" && !w.embedded && inner.includes('"paths"')) {
    const doc = embeddedDescription(inner);
    if (doc) w.embedded = describeAsMarkdown(doc).slice(0, maxChars);
  }
  return next;
}

/** Reads a code block whose content starts at `from` in one pass: its text, with line breaks where lines, <br> or blocks start. */
function readPre(w: MarkdownWriter, html: string, from: number): number {
  const end = indexOfTag(html, "</pre", from);
  const stop = end < 0 ? html.length : end;
  const code = codeText(html, from, stop);
  if (!w.preLang) w.preLang = code.lang;
  w.pre!.push(code.text);
  return stop;
}

/** Converts a page of HTML to Markdown of its main region, at most `maxChars` long. */
export function htmlToMarkdown(html: string, maxChars: number): string {
  const w = new MarkdownWriter(regionOf(html));
  let i = 0;
  const n = html.length;
  while (i < n && w.size < maxChars) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      if (w.visible) w.emit(decodeEntities(html.slice(i)));
      break;
    }
    if (lt > i && w.visible) w.emit(decodeEntities(html.slice(i, lt)));
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    const closing = html.charCodeAt(lt + 1) === 47;
    let j = lt + (closing ? 2 : 1);
    const nameStart = j;
    while (j < n && isNameChar(html.charCodeAt(j)) && j - nameStart < 40) j++;
    if (j === nameStart || !isLetter(html.charCodeAt(nameStart))) {
      if (html[lt + 1] === "!" || html[lt + 1] === "?") {
        const end = html.indexOf(">", lt);
        i = end < 0 ? n : end + 1;
      } else {
        w.emit("<");
        i = lt + 1;
      }
      continue;
    }
    const name = nameAt(html, nameStart, j);
    const k = tagEnd(html, j);
    const attrs = html.slice(j, k);
    i = k + 1;
    if (closing) {
      // A closing tag with no open element (beyond the stack bound, or stray) still ends a block's line.
      if (!closeTo(w, name, NO_STOP) && BLOCK.has(name) && w.visible && !w.pre && !w.tables.length) w.flush();
      continue;
    }
    closeImplied(w, name);
    if (RAW.has(name) && !attrs.endsWith("/")) {
      i = readRaw(w, html, name, i, maxChars);
      continue;
    }
    openTag(w, name, attrs);
    if (name === "pre" && w.pre) i = readPre(w, html, i);
  }
  while (w.stack.length) closeTag(w, w.stack.pop()!);
  w.flush();
  return w.finish(maxChars);
}
