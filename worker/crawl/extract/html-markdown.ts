// HTML → Markdown that keeps what extraction reads: headings, code blocks, tables, lists, definition
// lists (as list items), bold names and route badges (verb and URL in separate elements). A hand-written,
// single-pass tokenizer: linear in the input, no recursion, a bounded element stack, bounded output.
import { trimEnd, trimStart } from "./text";
import { describeAsMarkdown, embeddedDescription } from "./embedded";
import { decodeEntities, indexOfTag, tagAttributes, type TagAttributes } from "./html-scan";
import { BLOCK, codeText, isLetter, isNameChar, MAX_CELLS, MAX_LIST_INDENT, MAX_ROWS, MAX_STACK, METHOD_WORDS, RAW, SKIP, SKIP_CLASS, SKIP_CLASS_PARTS, SKIP_ID_PARTS, SKIP_ROLES, VOID } from "./html-rules";

type Entry = { name: string; skip: boolean; region: boolean; bold: boolean; spaced: boolean; start: number; nests: boolean };
// Inline elements styled as separate labels (a type pill, a "required" badge, an HTTP method) read as separate words.
const LABEL_CLASS = /type|required|optional|default|badge|pill|method|verb|label|deprecated|nullable|tag\b/;
type Table = { rows: string[][]; row: string[] | null };
const TABLE_PARTS = new Set(["td", "th", "tr", "table"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** The attributes of a tag written without any: most tags of a page, so they share one empty record. */
const NO_ATTRIBUTES: Readonly<TagAttributes> = tagAttributes("");

const SKIP_PART_WORDS = [...SKIP_CLASS_PARTS];
// A part can only be one of the words if the class contains it: most classes are passed over without splitting.
const skippedClass = (cls: string) =>
  cls !== "" &&
  (SKIP_CLASS.some((c) => cls.includes(c)) || (SKIP_PART_WORDS.some((w) => cls.includes(w)) && cls.split(/[\s_-]/).some((part) => SKIP_CLASS_PARTS.has(part))));

/** The element that holds the page's main content: <main>, else <article>, else role="main", else "" (the whole page). */
function regionOf(html: string): "main" | "article" | "role" | "" {
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

/** Converts a page of HTML to Markdown of its main region, at most `maxChars` long. */
export function htmlToMarkdown(html: string, maxChars: number): string {
  const regionTag = regionOf(html);
  const out: string[] = [];
  let size = 0;
  let blanks = 0; // blank lines waiting for the next line: more than one between two lines is written as one
  let line = "";
  let marker = ""; // the list marker waiting for the item's first line
  let indent = ""; // continuation indent inside list items
  let listDepth = 0;
  let nested = 0;
  let heading = 0;
  let inRegion = regionTag ? 0 : 1;
  let skipping = 0;
  let pre: string[] | null = null;
  let preLang = "";
  let inCode = 0;
  const tables: Table[] = [];
  let embedded = "";
  const stack: Entry[] = [];

  const push = (...lines: string[]) => {
    for (const text of lines) {
      size += text.length + 1;
      if (!text) {
        blanks++;
        continue;
      }
      // Leading blank lines are kept up to two, as are blank lines at the end (see `collapsed`).
      for (let b = out.length ? Math.min(blanks, 1) : Math.min(blanks, blanks >= 3 ? 2 : blanks); b > 0; b--) out.push("");
      blanks = 0;
      out.push(text);
    }
  };
  const flush = () => {
    const text = line.replace(/\s+/g, " ").trim();
    if (text.length <= 7 && !heading && METHOD_WORDS.has(text.toUpperCase())) {
      line = `${text.toUpperCase()} `; // a route badge: the verb joins the URL that follows it
      return;
    }
    line = "";
    if (!text) return;
    if (heading) push("", `${"#".repeat(heading)} ${trimEnd(text, " ¶#§\u200b")}`, "");
    else if (marker) push(marker + text);
    else if (indent) push(indent + text);
    else if (nested) push("  ".repeat(Math.min(nested, MAX_LIST_INDENT)) + text, "");
    else push(text, "");
    marker = "";
  };
  const listIndent = () => "  ".repeat(Math.min(Math.max(listDepth - 1, 0), MAX_LIST_INDENT));
  const emit = (text: string) => {
    if (skipping || !inRegion) return;
    if (pre) pre.push(text);
    else line += text;
  };

  const open = (name: string, attrs: string) => {
    if (pre && !skipping && inRegion && name !== "pre" && stack.length < MAX_STACK) {
      // Inside a code block only line breaks matter: skip attribute parsing for the many token spans.
      const lineLike = name === "br" || (BLOCK.has(name) && name !== "pre") || (attrs.includes("line") && / line|"line|'line|token-line|code-line/.test(attrs.toLowerCase()));
      if (lineLike && pre.length && !pre[pre.length - 1].endsWith("\n")) pre.push("\n");
      if (name === "code" && !preLang) preLang = /(?:language|lang)-([\w+-]+)/.exec(attrs)?.[1] ?? "";
      if (!VOID.has(name)) stack.push({ name, skip: false, region: false, bold: false, spaced: false, start: 0, nests: false });
      return;
    }
    const a = attrs.length > 1 ? tagAttributes(attrs) : NO_ATTRIBUTES;
    const cls = (a.class ?? "").toLowerCase();
    const role = (a.role ?? "").toLowerCase();
    const region = regionTag === "role" ? role === "main" : name === regionTag;
    const skip =
      SKIP.has(name) ||
      SKIP_ROLES.has(role) ||
      ((name === "header" || name === "footer") && !inRegion) ||
      (a.hidden !== undefined && role !== "tabpanel") ||
      a.ariaHidden === "true" ||
      skippedClass(cls) ||
      (a.id !== undefined && a.id.toLowerCase().split(/[_-]/).some((part) => SKIP_ID_PARTS.has(part)));
    // A parameter component's name element ("param-name", data-component-part="field-name") reads as `**name**`.
    // Child attributes of a parameter (ReadMe "Param-children", Stripe "child-attributes") are indented under it.
    const nests = cls !== "" && /child|nested/.test(cls) && !listDepth;
    const bold = !pre && ((cls !== "" && /(?:^|[\s_-])(?:param|field|property|parameter|attribute|arg)(?:-|__|_)?name\b/.test(cls)) || a.componentPart === "field-name");
    // Beyond the stack bound elements are transparent: their text is kept, their structure is not.
    if (!VOID.has(name) && stack.length >= MAX_STACK) {
      if (BLOCK.has(name) && !skipping && inRegion && !pre && !tables.length) flush();
      return;
    }
    if (!VOID.has(name)) {
      stack.push({ name, skip, region, bold, spaced: cls !== "" && !BLOCK.has(name) && inCode === 0 && LABEL_CLASS.test(cls), start: line.length, nests });
      if (nests) nested++;
      if (skip) skipping++;
      if (region) inRegion++;
    }
    if (skipping || !inRegion) return;
    if (pre) {
      if (name === "code" && !preLang) preLang = /(?:language|lang)-([\w+-]+)/.exec(cls)?.[1] ?? "";
      if (name === "br" || (BLOCK.has(name) && name !== "pre") || / line|^line|token-line|code-line/.test(cls)) {
        if (pre.length && !pre[pre.length - 1].endsWith("\n")) pre.push("\n");
      }
      return;
    }
    if (bold && !skipping && inRegion) {
      if (BLOCK.has(name) && !(tables.length && tables[tables.length - 1].row)) flush();
      line += "**";
      return;
    }
    // A component naming its route in attributes (`<div method="get" path="/x">`, `<x-route method="GET">/x`).
    const method = (a.method ?? "").toUpperCase();
    if (METHOD_WORDS.has(method)) {
      if (a.path?.startsWith("/")) {
        flush();
        line = `${method} ${a.path}`;
        flush();
      } else line += `${method} `;
    }
    if (tables.length && tables[tables.length - 1].row && BLOCK.has(name) && !TABLE_PARTS.has(name)) {
      line += " ";
      return;
    }
    switch (name) {
      case "pre":
        flush();
        pre = [];
        preLang = /(?:language|lang|highlight)-([\w+-]+)/.exec(`${cls} ${(a.language ?? "") && `language-${a.language}`}`)?.[1] ?? "";
        return;
      case "code":
        inCode++;
        line += "`";
        return;
      case "strong":
      case "b":
        line += "**";
        return;
      case "ul":
      case "ol":
      case "dl":
        flush();
        listDepth++;
        return;
      case "li":
      case "dt":
        flush();
        marker = `${listIndent()}- `;
        indent = `${listIndent()}  `;
        return;
      case "dd":
        flush();
        indent = `${listIndent()}  `;
        return;
      case "table":
        flush();
        if (tables.length >= 1 && tables[tables.length - 1].row) line += " ";
        tables.push({ rows: [], row: null });
        return;
      case "tr":
        if (tables.length) tables[tables.length - 1].row = [];
        return;
      case "td":
      case "th":
        line = "";
        return;
      case "hr":
        flush();
        push("---");
        return;
      case "br":
        flush();
        return;
    }
    if (HEADINGS.has(name)) {
      flush();
      // A heading inside a list item is the item's label (parameter lists written with <h3> names).
      heading = listDepth ? 0 : Number(name[1]);
    } else if (BLOCK.has(name)) flush();
  };

  const close = (entry: Entry) => {
    const { name } = entry;
    const visible = !skipping && inRegion;
    if (entry.skip) skipping--;
    if (entry.region) inRegion--;
    if (entry.nests) nested--;
    if (!visible) return;
    if (!pre && !BLOCK.has(name) && line.length >= entry.start) {
      const own = line.slice(entry.start).trim();
      if (own.length <= 7 && METHOD_WORDS.has(own.toUpperCase())) {
        line = `${line.slice(0, entry.start)}${own.toUpperCase()} `;
        return;
      }
      if (entry.spaced) line += " ";
    }
    if (entry.bold && !pre) {
      line = `${line.trimEnd()}** `;
      return;
    }
    if (pre) {
      if (name !== "pre") return;
      const code = trimStart(pre.join(""), "\n").trimEnd();
      const fence = code.includes("```") ? "~~~~" : "```";
      push("", fence + preLang);
      // The block's lines go out as one text; blank lines inside it collapse as between other lines.
      push(code.includes("\n\n\n") ? code.replace(/\n{3,}/g, "\n\n") : code);
      push(fence, "");
      pre = null;
      return;
    }
    const table = tables[tables.length - 1];
    if (table && (name === "td" || name === "th") && table.row) {
      if (table.row.length < MAX_CELLS) {
        const cell = line.replace(/\s+/g, " ").trim().slice(0, 2000);
        table.row.push(cell.includes("|") ? cell.replace(/\|/g, "\\|") : cell);
      }
      line = "";
      return;
    }
    if (table && name === "tr" && table.row) {
      if (table.row.length && table.rows.length < MAX_ROWS) table.rows.push(table.row);
      table.row = null;
      return;
    }
    if (table && name === "table") {
      tables.pop();
      const rows = table.rows;
      if (tables.length && tables[tables.length - 1].row) {
        line += rows.map((r) => r.join(" ")).join("; ");
        return;
      }
      if (!rows.length) return;
      const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
      const row = (r: string[]) => {
        let text = `| ${r[0] ?? ""}`;
        for (let c = 1; c < width; c++) text += ` | ${r[c] ?? ""}`;
        return `${text} |`;
      };
      push("", row(rows[0]));
      push(`|${" --- |".repeat(width)}`);
      for (const r of rows.slice(1)) push(row(r));
      push("");
      return;
    }
    if (table && table.row && BLOCK.has(name)) {
      line += " ";
      return;
    }
    switch (name) {
      case "code":
        inCode = Math.max(inCode - 1, 0);
        line += "`";
        return;
      case "strong":
      case "b":
        line += "**";
        return;
      case "ul":
      case "ol":
      case "dl":
        flush();
        listDepth = Math.max(listDepth - 1, 0);
        indent = listDepth ? `${listIndent()}  ` : "";
        return;
      case "dt": {
        const text = line.trim();
        // A term written without markup is the parameter's name: make it bold like `**name**`.
        const word = /^[A-Za-z_$][\w.$[\]-]*/.exec(text)?.[0];
        if (word) line = `**${word}**${text.slice(word.length)}`;
        flush();
        return;
      }
    }
    if (HEADINGS.has(name)) {
      flush();
      heading = 0;
    } else if (BLOCK.has(name)) flush();
  };

  const closeTo = (name: string, stopAt: Set<string>) => {
    for (let k = stack.length - 1; k >= 0 && stack.length - k < 64; k--) {
      if (stack[k].name === name) {
        while (stack.length > k) close(stack.pop()!);
        return true;
      }
      if (stopAt.has(stack[k].name)) return false;
    }
    return false;
  };
  const LIST_STOP = new Set(["ul", "ol", "dl", "table"]);
  const ROW_STOP = new Set(["table"]);
  const CELL_STOP = new Set(["tr", "table"]);
  const NO_STOP = new Set<string>();

  let i = 0;
  const n = html.length;
  while (i < n && size < maxChars) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      if (!skipping && inRegion) emit(decodeEntities(html.slice(i)));
      break;
    }
    if (lt > i && !skipping && inRegion) emit(decodeEntities(html.slice(i, lt)));
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
        emit("<");
        i = lt + 1;
      }
      continue;
    }
    const name = nameAt(html, nameStart, j);
    let quote = 0;
    let k = j;
    for (; k < n; k++) {
      const c = html.charCodeAt(k);
      if (quote) {
        if (c === quote) quote = 0;
      } else if ((c === 34 || c === 39) && html.charCodeAt(k - 1) === 61) quote = c;
      else if (c === 62) break;
    }
    const attrs = html.slice(j, k);
    i = k + 1;
    if (closing) {
      // A closing tag with no open element (beyond the stack bound, or stray) still ends a block's line.
      if (!closeTo(name, NO_STOP) && BLOCK.has(name) && !skipping && inRegion && !pre && !tables.length) flush();
      continue;
    }
    if (name === "li") closeTo("li", LIST_STOP);
    else if (name === "dt" || name === "dd") {
      closeTo("dt", LIST_STOP);
      closeTo("dd", LIST_STOP);
    } else if (name === "tr") closeTo("tr", ROW_STOP);
    else if (name === "td" || name === "th") {
      closeTo("td", CELL_STOP);
      closeTo("th", CELL_STOP);
    } else if (name === "p") closeTo("p", LIST_STOP);
    if (RAW.has(name) && !attrs.endsWith("/")) {
      const end = indexOfTag(html, `</${name}`, i);
      const inner = end < 0 ? "" : html.slice(i, end);
      i = end < 0 ? n : (html.indexOf(">", end) + 1 || n);
      if (name === "noscript" || name === "template") continue;
      if (name === "textarea" && !skipping && inRegion) emit(decodeEntities(inner));
      if (name === "script" && !embedded && inner.includes('"paths"')) {
        const doc = embeddedDescription(inner);
        if (doc) embedded = describeAsMarkdown(doc).slice(0, maxChars);
      }
      continue;
    }
    open(name, attrs);
    const block = pre as string[] | null;
    if (name === "pre" && block) {
      // A code block is read in one pass: its text, with line breaks where lines, <br> or blocks start.
      const end = indexOfTag(html, "</pre", i);
      const stop = end < 0 ? n : end;
      const code = codeText(html, i, stop);
      if (!preLang) preLang = code.lang;
      block.push(code.text);
      i = stop;
    }
  }
  while (stack.length) close(stack.pop()!);
  flush();
  void inCode;
  // Blank lines still waiting at the end: as many line breaks as there were, never more than two.
  const trailing = Math.max(out.length ? blanks : blanks - 1, 0);
  const text = out.join("\n") + "\n".repeat(trailing >= 3 ? 2 : trailing);
  // A description the page embeds comes first: it is the page's reference in full.
  return (embedded ? `${embedded}\n\n${text}` : text).slice(0, maxChars);
}
