// Markdown → a flat list of blocks (headings, code blocks, tables, list items, lines, rules) by a
// single line-by-line pass. Work is bounded: lines are cut, and the caller is told the units spent.
import { attributesOf, textOf } from "./html-scan";
import { trimStart } from "./text";

export type Block =
  | { t: "heading"; level: number; text: string }
  | { t: "code"; lang: string; lines: string[] }
  | { t: "table"; rows: string[][] }
  | { t: "item"; indent: number; text: string; more: string }
  | { t: "line"; text: string; indent: number }
  | { t: "hr" };

/** Lines longer than this are read only up to it. */
export const MAX_LINE_CHARS = 20_000;
const MAX_TABLE_ROWS = 2000;
const MAX_CODE_LINES = 400;

/** Whether `line`, after its leading spaces, starts with `text`. */
const startsAfterIndent = (line: string, text: string) => line.startsWith(text, indentOf(line));

/** Splits a row's text into cells on unescaped `|` outside code spans, character by character. */
function splitCells(text: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let code = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && text[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (c === "`") {
      code = !code;
      cell += c;
    } else if (c === "|" && !code) {
      cells.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** Splits a table row into cells on unescaped `|` outside code spans. */
export function cellsOf(row: string): string[] {
  const text = row.trim();
  // Without escaped bars or code spans every `|` separates cells.
  const cells = text.includes("\\|") || text.includes("`") ? splitCells(text) : text.split("|").map((c) => c.trim());
  if (text.startsWith("|")) cells.shift();
  if (text.endsWith("|") && cells.length && cells[cells.length - 1] === "") cells.pop();
  return cells;
}

const isSeparatorRow = (line: string) => {
  const t = line.trim();
  if (!t.includes("-") || t.length > MAX_LINE_CHARS) return false;
  for (const c of t) if (c !== "|" && c !== "-" && c !== ":" && c !== " " && c !== "\t") return false;
  return true;
};

/** Whether `line` closes a code block opened with `fence`: the fence alone, no info string (as CommonMark renders it). */
const closesFence = (line: string, fence: string) =>
  line.includes(fence) && startsAfterIndent(line, fence) && trimStart(line.trim(), fence[0]) === "";

const indentOf = (line: string) => {
  let n = 0;
  while (n < line.length && (line[n] === " " || line[n] === "\t")) n++;
  return n;
};

/** The list marker's length at `at` ("- ", "* ", "+ ", "1. ", "2) "), or 0. */
function markerAt(line: string, at: number): number {
  const c = line[at];
  if ((c === "-" || c === "*" || c === "+") && (line[at + 1] === " " || line[at + 1] === "\t")) return 2;
  let k = at;
  while (k < line.length && k - at < 4 && line[k] >= "0" && line[k] <= "9") k++;
  if (k > at && (line[k] === "." || line[k] === ")") && line[k + 1] === " ") return k - at + 2;
  return 0;
}

const METHOD_WORDS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/** Link text without its target, and escapes dropped: `[\{id\}](/x)` → `{id}`. */
function unlink(text: string): string {
  let out = "";
  let closes = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const close = c === "]" && text[i + 1] === "(" && closes ? text.indexOf(")", i) : -1;
    if (close > 0) i = close;
    else if (c === "]" && text[i + 1] === "(") {
      closes = false;
      out += c;
    } else if (c !== "[" && c !== "\\") out += c;
  }
  return out;
}

/**
 * A component that names its route in attributes, as MDX sites write them (`<Route method="GET">/x</Route>`,
 * `<Endpoint method="get" path="/x">`): the line as "GET /x"; null for any other line.
 */
function componentRoute(trimmed: string): string | null {
  if (trimmed[0] !== "<" || !/[A-Za-z]/.test(trimmed[1] ?? "")) return null;
  // The tag ends at the first `>` outside quotes: a path attribute may hold `<id>` placeholders.
  let gt = -1;
  for (let q = 1, quote = ""; q < trimmed.length && q < 2000 && gt < 0; q++) {
    const c = trimmed[q];
    if (quote) quote = c === quote ? "" : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === ">") gt = q;
  }
  if (gt < 0) return null;
  let k = 1;
  while (k < gt && /[\w.-]/.test(trimmed[k])) k++;
  const attrs = attributesOf(trimmed.slice(k, gt));
  const method = (attrs.method ?? attrs.verb ?? "").toUpperCase();
  if (!METHOD_WORDS.has(method)) return null;
  const path = attrs.path ?? attrs.route ?? attrs.url ?? unlink(textOf(trimmed.slice(gt + 1)));
  return path.startsWith("/") || path.startsWith("http") ? `${method} ${path}` : null;
}

/** Reads the blocks of a Markdown text; `work` is the number of characters looked at. */
export function blocksOf(markdown: string): { blocks: Block[]; work: number } {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  let work = 0;
  let i = 0;
  if (lines[0]?.trim() === "---") {
    // Front matter: its lines are read as lines (Mintlify's `openapi: get /x` lives there), never as headings.
    for (i = 1; i < lines.length && i < 100 && lines[i].trim() !== "---"; i++)
      blocks.push({ t: "line", text: lines[i].slice(0, 2000).trim(), indent: 0 });
    i++;
  }
  for (; i < lines.length; i++) {
    const line = lines[i].length > MAX_LINE_CHARS ? lines[i].slice(0, MAX_LINE_CHARS) : lines[i];
    work += line.length + 1;
    const trimmed = line.trim();
    if (!trimmed) continue;
    const indent = indentOf(line);
    if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
      const fence = trimmed.startsWith("```") ? "```" : "~~~";
      const lang = trimmed
        .slice(fence.length)
        .replace(/^[`~]+/, "")
        .trim()
        .split(" ")[0]
        .slice(0, 40);
      const body: string[] = [];
      for (i++; i < lines.length && !closesFence(lines[i], fence); i++) {
        work += Math.min(lines[i].length, MAX_LINE_CHARS) + 1;
        if (body.length < MAX_CODE_LINES) body.push(lines[i].slice(0, 4000));
      }
      blocks.push({ t: "code", lang, lines: body });
      continue;
    }
    if (trimmed[0] === "#") {
      let level = 0;
      while (level < trimmed.length && trimmed[level] === "#") level++;
      if (level <= 6 && (trimmed[level] === " " || level === trimmed.length)) {
        blocks.push({ t: "heading", level, text: trimmed.slice(level).replace(/\s#+$/, "").trim() });
        continue;
      }
    }
    // An HTML heading on its own line in Markdown (`<h2 id="x">Title</h2>`, as widdershins writes them).
    if (/^<h[1-6][\s>]/i.test(trimmed) && /<\/h[1-6]>$/i.test(trimmed)) {
      blocks.push({ t: "heading", level: Number(trimmed[2]), text: textOf(trimmed) });
      continue;
    }
    const next = lines[i + 1]?.trim() ?? "";
    if (trimmed.includes("|") && isSeparatorRow(next) && next.includes("-")) {
      const rows: string[][] = [cellsOf(trimmed)];
      for (i += 2; i < lines.length && lines[i].includes("|") && lines[i].trim(); i++) {
        const row = lines[i].length > MAX_LINE_CHARS ? lines[i].slice(0, MAX_LINE_CHARS) : lines[i];
        work += row.length + 1;
        if (rows.length < MAX_TABLE_ROWS) rows.push(cellsOf(row));
      }
      i--;
      blocks.push({ t: "table", rows });
      continue;
    }
    if ((trimmed[0] === "-" || trimmed[0] === "*" || trimmed[0] === "_") && /^(?:-{3,}|\*{3,}|_{3,})$/.test(trimmed.replace(/ /g, ""))) {
      blocks.push({ t: "hr" });
      continue;
    }
    if (/^=+$/.test(trimmed) || (/^-+$/.test(trimmed) && blocks.at(-1)?.t === "line")) {
      const prev = blocks.at(-1);
      if (prev?.t === "line" && !prev.indent)
        blocks[blocks.length - 1] = { t: "heading", level: trimmed[0] === "=" ? 1 : 2, text: prev.text };
      continue;
    }
    const marker = markerAt(line, indent);
    if (marker) {
      const more: string[] = [];
      // Continuation lines: indented deeper than the marker, not list items or fences themselves.
      while (i + 1 < lines.length) {
        const cont = lines[i + 1];
        const contIndent = indentOf(cont);
        if (!cont.trim() || contIndent <= indent || markerAt(cont, contIndent) || cont.trimStart().startsWith("```")) break;
        work += Math.min(cont.length, MAX_LINE_CHARS) + 1;
        more.push(cont.trim().slice(0, 2000));
        i++;
      }
      blocks.push({ t: "item", indent, text: line.slice(indent + marker).trim(), more: more.join(" ") });
      continue;
    }
    // A definition list (Markdown Extra, Pandoc, Hugo): a term, then its definitions on lines opening with ": ".
    if (next.startsWith(": ") && trimmed.length <= 200 && !trimmed.startsWith(":")) {
      const definitions: string[] = [];
      for (; i + 1 < lines.length && lines[i + 1].trim().startsWith(": ") && definitions.length < 20; i++)
        definitions.push(lines[i + 1].trim().slice(2, 2002));
      const word = /^[A-Za-z_$][\w.$[\]-]*/.exec(trimmed)?.[0];
      blocks.push({ t: "item", indent, text: word ? `**${word}**${trimmed.slice(word.length)}` : trimmed, more: definitions.join(" ") });
      continue;
    }
    const component = componentRoute(trimmed);
    if (component) {
      blocks.push({ t: "line", text: component, indent });
      continue;
    }
    blocks.push({ t: "line", text: trimmed.startsWith(">") ? trimmed.replace(/^[>\s]+/, "") : trimmed, indent });
  }
  return { blocks, work };
}
