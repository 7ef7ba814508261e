// What each element does to the Markdown on the way in and on the way out: a table of per-tag
// handlers over the writer's state, and the rules that decide whether an element is skipped, bold or a label.
import { trimStart } from "./text";
import { linkedRoute } from "./routes";
import { tagAttributes, type TagAttributes } from "./html-scan";
import {
  BLOCK,
  MAX_CELLS,
  MAX_ROWS,
  MAX_STACK,
  METHOD_WORDS,
  SKIP,
  SKIP_CLASS,
  SKIP_CLASS_PARTS,
  SKIP_ID_PARTS,
  SKIP_ROLES,
  VOID,
} from "./html-rules";
import type { Entry, MarkdownWriter, Table } from "./html-writer";

// Inline elements styled as separate labels (a type pill, a "required" badge, an HTTP method) read as separate words.
const LABEL_CLASS = /type|required|optional|default|badge|pill|method|verb|label|deprecated|nullable|tag\b/;
const TABLE_PARTS = new Set(["td", "th", "tr", "table"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** The attributes of a tag written without any: most tags of a page, so they share one empty record. */
const NO_ATTRIBUTES: Readonly<TagAttributes> = tagAttributes("");

const SKIP_PART_WORDS = [...SKIP_CLASS_PARTS];
// A part can only be one of the words if the class contains it: most classes are passed over without splitting.
const skippedClass = (cls: string) =>
  cls !== "" &&
  (SKIP_CLASS.some((c) => cls.includes(c)) ||
    (SKIP_PART_WORDS.some((w) => cls.includes(w)) && cls.split(/[\s_-]/).some((part) => SKIP_CLASS_PARTS.has(part))));

/** Navigation, boilerplate and hidden elements: their text is not written. */
function skipped(w: MarkdownWriter, name: string, a: TagAttributes, cls: string, role: string): boolean {
  return (
    SKIP.has(name) ||
    SKIP_ROLES.has(role) ||
    ((name === "header" || name === "footer") && !w.inRegion) ||
    (a.hidden !== undefined && role !== "tabpanel") ||
    a.ariaHidden === "true" ||
    skippedClass(cls) ||
    (a.id !== undefined &&
      a.id
        .toLowerCase()
        .split(/[_-]/)
        .some((part) => SKIP_ID_PARTS.has(part)))
  );
}

const startList = (w: MarkdownWriter) => {
  w.flush();
  w.listDepth++;
};
const startItem = (w: MarkdownWriter) => {
  w.flush();
  w.marker = `${w.listIndent()}- `;
  w.indent = `${w.listIndent()}  `;
};
const bold = (w: MarkdownWriter) => {
  w.line += "**";
};

/** What an element does when it opens (after the checks every element goes through). */
const OPEN = new Map<string, (w: MarkdownWriter, cls: string, a: TagAttributes) => void>([
  [
    "pre",
    (w, cls, a) => {
      w.flush();
      w.pre = [];
      w.preLang = /(?:language|lang|highlight)-([\w+-]+)/.exec(`${cls} ${(a.language ?? "") && `language-${a.language}`}`)?.[1] ?? "";
    },
  ],
  [
    "code",
    (w) => {
      w.inCode++;
      w.line += "`";
    },
  ],
  ["strong", bold],
  ["b", bold],
  ["ul", startList],
  ["ol", startList],
  ["dl", startList],
  ["li", startItem],
  [
    "dt",
    (w) => {
      // A definition's value that is a method ("HTTP request method:" then GET) is written out: the next term is no URL.
      w.flush(true);
      startItem(w);
    },
  ],
  [
    "dd",
    (w) => {
      w.flush();
      w.indent = `${w.listIndent()}  `;
    },
  ],
  [
    "table",
    (w) => {
      w.flush();
      if (w.openRow) w.line += " ";
      w.tables.push({ rows: [], row: null });
    },
  ],
  [
    "tr",
    (w) => {
      if (w.tables.length) w.tables[w.tables.length - 1].row = [];
    },
  ],
  ["td", (w) => void (w.line = "")],
  ["th", (w) => void (w.line = "")],
  [
    "hr",
    (w) => {
      w.flush();
      w.push("---");
    },
  ],
  ["br", (w) => w.flush()],
]);

/** Inside a code block only line breaks matter: attribute parsing is skipped for the many token spans. */
function openInCode(w: MarkdownWriter, name: string, attrs: string) {
  const lineLike =
    name === "br" ||
    (BLOCK.has(name) && name !== "pre") ||
    (attrs.includes("line") && / line|"line|'line|token-line|code-line/.test(attrs.toLowerCase()));
  if (lineLike) w.breakCode();
  if (name === "code" && !w.preLang) w.preLang = /(?:language|lang)-([\w+-]+)/.exec(attrs)?.[1] ?? "";
  if (!VOID.has(name)) w.stack.push({ name, skip: false, region: false, bold: false, spaced: false, start: 0, nests: false });
}

/** A component naming its route in attributes (`<div method="get" path="/x">`, `<x-route method="GET">/x`). */
function routeAttributes(w: MarkdownWriter, a: TagAttributes) {
  const method = (a.method ?? "").toUpperCase();
  if (!METHOD_WORDS.has(method)) return;
  if (a.path?.startsWith("/")) {
    w.flush();
    w.line = `${method} ${a.path}`;
    w.flush();
  } else w.line += `${method} `;
}

/** Whether nothing is written yet of the list item (not a definition term) being read. */
const opensItem = (w: MarkdownWriter) =>
  w.marker !== "" && !w.line.trim() && w.stack.findLast((e) => e.name === "li" || e.name === "dt")?.name === "li";

/** Opens an element: pushes it on the stack and writes what it starts. */
export function openTag(w: MarkdownWriter, name: string, attrs: string) {
  if (w.pre && w.visible && name !== "pre" && w.stack.length < MAX_STACK) return openInCode(w, name, attrs);
  const a = attrs.length > 1 ? tagAttributes(attrs) : NO_ATTRIBUTES;
  const cls = (a.class ?? "").toLowerCase();
  const role = (a.role ?? "").toLowerCase();
  const region = w.regionTag === "role" ? role === "main" : name === w.regionTag;
  const skip = skipped(w, name, a, cls, role);
  // A parameter component's name element ("param-name", data-component-part="field-name") reads as `**name**`.
  // Child attributes of a parameter (ReadMe "Param-children", Stripe "child-attributes") are indented under it.
  const nests = cls !== "" && /child|nested/.test(cls) && !w.listDepth;
  const isName =
    !w.pre &&
    ((cls !== "" && /(?:^|[\s_-])(?:param|field|property|parameter|attribute|arg)(?:-|__|_)?name\b/.test(cls)) ||
      a.componentPart === "field-name");
  // Beyond the stack bound elements are transparent: their text is kept, their structure is not.
  if (!VOID.has(name) && w.stack.length >= MAX_STACK) {
    if (BLOCK.has(name) && w.visible && !w.pre && !w.tables.length) w.flush();
    return;
  }
  if (!VOID.has(name)) {
    w.stack.push({
      name,
      skip,
      region,
      bold: isName,
      spaced: cls !== "" && !BLOCK.has(name) && w.inCode === 0 && LABEL_CLASS.test(cls),
      start: w.line.length,
      nests,
      ...((name === "em" || name === "i") && cls === "" && w.inCode === 0 && !w.heading && !w.tables.length ? { emphasis: true } : {}),
      ...(name === "a" && opensItem(w) && /^https?:\/\/[\w.-]+(?::\d{1,5})?\/[^\s?#]+$/.test(a.href ?? "") ? { target: a.href } : {}),
      ...(name === "a" && a.href?.startsWith("http") ? { href: a.href } : {}),
    });
    if (nests) w.nested++;
    if (skip) w.skipping++;
    if (region) w.inRegion++;
  }
  if (!w.visible) return;
  if (w.pre) {
    if (name === "code" && !w.preLang) w.preLang = /(?:language|lang)-([\w+-]+)/.exec(cls)?.[1] ?? "";
    if (name === "br" || (BLOCK.has(name) && name !== "pre") || / line|^line|token-line|code-line/.test(cls)) w.breakCode();
    return;
  }
  if (isName) {
    if (BLOCK.has(name) && !w.openRow) w.flush();
    w.line += "**";
    return;
  }
  routeAttributes(w, a);
  if (w.openRow && BLOCK.has(name) && !TABLE_PARTS.has(name)) {
    w.line += " ";
    return;
  }
  const handler = OPEN.get(name);
  if (handler) return handler(w, cls, a);
  if (HEADINGS.has(name)) {
    w.flush();
    // A heading inside a list item is the item's label (parameter lists written with <h3> names).
    w.heading = w.listDepth ? 0 : Number(name[1]);
  } else if (BLOCK.has(name)) w.flush();
}

const endList = (w: MarkdownWriter) => {
  w.flush();
  w.listDepth = Math.max(w.listDepth - 1, 0);
  w.indent = w.listDepth ? `${w.listIndent()}  ` : "";
};

/** How far into its line a link may start for its text to be read as a route linked to its URL. */
const MAX_ROUTE_START = 200;
/** How far into its line an inline element may start for what it wrote to be read (a badge, a name, a linked route). */
const MAX_READ_START = 4000;

/** What an element does when it closes (outside tables and code blocks). */
const CLOSE = new Map<string, (w: MarkdownWriter) => void>([
  [
    "code",
    (w) => {
      w.inCode = Math.max(w.inCode - 1, 0);
      w.line += "`";
    },
  ],
  ["strong", bold],
  ["b", bold],
  ["ul", endList],
  ["ol", endList],
  ["dl", endList],
  [
    "dt",
    (w) => {
      const text = w.line.trim();
      // A term written without markup is the parameter's name: make it bold like `**name**`.
      const word = /^[A-Za-z_$][\w.$[\]-]*/.exec(text)?.[0];
      if (word) w.line = `**${word}**${text.slice(word.length)}`;
      w.flush();
    },
  ],
]);

/** Writes a closed code block as a fence. */
function closePre(w: MarkdownWriter, pre: string[]) {
  let code = trimStart(pre.join(""), "\n").trimEnd();
  // A method badge over a block that holds only a route (`<div class="method">GET</div><pre>/keys</pre>`): the verb joins it.
  const verb = w.line.trim();
  if (verb && METHOD_WORDS.has(verb) && !code.includes("\n") && (code.startsWith("/") || code.startsWith("http"))) {
    code = `${verb} ${code}`;
    w.line = "";
  }
  const fence = code.includes("```") ? "~~~~" : "```";
  w.push("", fence + w.preLang);
  // The block's lines go out as one text; blank lines inside it collapse as between other lines.
  w.push(code.includes("\n\n\n") ? code.replace(/\n{3,}/g, "\n\n") : code);
  w.push(fence, "");
  w.pre = null;
}

/** Writes a closed table as a Markdown table (a table inside a cell joins its rows into the cell). */
function closeTable(w: MarkdownWriter, table: Table) {
  w.tables.pop();
  const rows = table.rows;
  if (w.openRow) {
    w.line += rows.map((r) => r.join(" ")).join("; ");
    return;
  }
  if (!rows.length) return;
  const width = rows.reduce((n, r) => Math.max(n, r.length), 0);
  const row = (r: string[]) => {
    let text = `| ${r[0] ?? ""}`;
    for (let c = 1; c < width; c++) text += ` | ${r[c] ?? ""}`;
    return `${text} |`;
  };
  w.push("", row(rows[0]));
  w.push(`|${" --- |".repeat(width)}`);
  for (const r of rows.slice(1)) w.push(row(r));
  w.push("");
}

/** Closes a part of the innermost table (a cell, a row, the table, or a block inside a cell); false for anything else. */
function closeTablePart(w: MarkdownWriter, table: Table, name: string): boolean {
  if ((name === "td" || name === "th") && table.row) {
    if (table.row.length < MAX_CELLS) {
      const cell = w.line.replace(/\s+/g, " ").trim().slice(0, 2000);
      table.row.push(cell.includes("|") ? cell.replace(/\|/g, "\\|") : cell);
    }
    w.line = "";
    return true;
  }
  if (name === "tr" && table.row) {
    if (table.row.length && table.rows.length < MAX_ROWS) table.rows.push(table.row);
    table.row = null;
    return true;
  }
  if (name === "table") {
    closeTable(w, table);
    return true;
  }
  if (table.row && BLOCK.has(name)) {
    w.line += " ";
    return true;
  }
  return false;
}

/** Closes an element: undoes what it set and writes what it ends. */
export function closeTag(w: MarkdownWriter, entry: Entry) {
  const { name } = entry;
  const visible = w.visible;
  if (entry.skip) w.skipping--;
  if (entry.region) w.inRegion--;
  if (entry.nests) w.nested--;
  if (!visible) return;
  // What an inline element wrote is read only near its line's start: reading it slices the line, which V8 flattens first,
  // so doing it for each of thousands of elements in one long paragraph would take quadratic time. Request lines,
  // badges and names set apart sit at the start of short lines.
  if (!w.pre && !BLOCK.has(name) && w.line.length >= entry.start && entry.start <= MAX_READ_START) {
    const own = w.line.slice(entry.start).trim();
    if (own.length <= 7 && METHOD_WORDS.has(own.toUpperCase())) {
      w.line = `${w.line.slice(0, entry.start)}${own.toUpperCase()} `;
      return;
    }
    if (entry.spaced) w.line += " ";
    // "The *querystring* must be …", "the *?delete* query string": a word set apart as a name, as Markdown writes it.
    if (entry.emphasis && /^\??[A-Za-z_][\w.-]{0,40}$/.test(own)) {
      w.line = `${w.line.slice(0, entry.start)}*${own}*`;
      return;
    }
    // A route written as a link to its whole URL (GET [`/quotes`](https://host/quotes)): the URL is the route as called.
    // Request lines start with their route: only a link near the line's start is read so (no line is rebuilt per link).
    const code = own.startsWith("`") && own.endsWith("`");
    const route =
      entry.href && own.length > 1 && entry.start <= MAX_ROUTE_START ? linkedRoute(code ? own.slice(1, -1) : own, entry.href) : null;
    if (route) {
      w.line = `${w.line.slice(0, entry.start)}\`${route}\``;
      return;
    }
    // A list item that opens with a link titled in words ("All Characters"): where it leads is what the item names.
    if (entry.target && own && !own.includes("://")) w.line = `${w.line.slice(0, entry.start)}${entry.target} ${own}`;
  }
  if (entry.bold && !w.pre) {
    // Trimming flattens the line: a name far into a long paragraph is closed as it stands (see MAX_READ_START).
    w.line = `${entry.start <= MAX_READ_START ? w.line.trimEnd() : w.line}** `;
    return;
  }
  if (w.pre) {
    if (name === "pre") closePre(w, w.pre);
    return;
  }
  const table = w.tables[w.tables.length - 1];
  if (table && closeTablePart(w, table, name)) return;
  const handler = CLOSE.get(name);
  if (handler) return handler(w);
  if (HEADINGS.has(name)) {
    w.flush();
    w.heading = 0;
  } else if (BLOCK.has(name)) w.flush();
}
