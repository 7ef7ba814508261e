// The state of one HTML → Markdown conversion: the lines written, the line being built, the open
// elements, and the context they set (list depth, a heading, a code block, tables, skipped regions).
import { trimEnd } from "./text";
import { MAX_LIST_INDENT, METHOD_WORDS } from "./html-rules";

/** An open element: what it changed on the way in, so closing it undoes exactly that. */
export type Entry = {
  name: string;
  skip: boolean;
  region: boolean;
  bold: boolean;
  spaced: boolean;
  start: number;
  nests: boolean;
  /** A link that opens a list item: where it leads (an absolute URL without a query). */
  target?: string;
  /** A link to an absolute URL: where it leads, for a route written as its text. */
  href?: string;
  /** Plain emphasis in prose (`<em>` without a class): a single word set so is written `*word*`. */
  emphasis?: boolean;
};
export type Table = { rows: string[][]; row: string[] | null };
/** The element that holds the page's main content: <main>, else <article>, else role="main", else "" (the whole page). */
export type Region = "main" | "article" | "role" | "";

export class MarkdownWriter {
  readonly out: string[] = [];
  size = 0;
  /** Blank lines waiting for the next line: more than one between two lines is written as one. */
  blanks = 0;
  line = "";
  /** The list marker waiting for the item's first line. */
  marker = "";
  /** Continuation indent inside list items. */
  indent = "";
  listDepth = 0;
  nested = 0;
  heading = 0;
  inRegion: number;
  skipping = 0;
  pre: string[] | null = null;
  preLang = "";
  inCode = 0;
  readonly tables: Table[] = [];
  embedded = "";
  readonly stack: Entry[] = [];

  constructor(readonly regionTag: Region) {
    this.inRegion = regionTag ? 0 : 1;
  }

  /** Whether text at this point is written: inside the main region and outside skipped elements. */
  get visible(): boolean {
    return !this.skipping && this.inRegion > 0;
  }

  /** The innermost table while one of its rows is open. */
  get openRow(): boolean {
    return this.tables.length > 0 && this.tables[this.tables.length - 1].row !== null;
  }

  push(...lines: string[]) {
    for (const text of lines) {
      this.size += text.length + 1;
      if (!text) {
        this.blanks++;
        continue;
      }
      // Leading blank lines are kept up to two, as are blank lines at the end (see `finish`).
      const blanks = this.blanks;
      for (let b = this.out.length ? Math.min(blanks, 1) : Math.min(blanks, blanks >= 3 ? 2 : blanks); b > 0; b--) this.out.push("");
      this.blanks = 0;
      this.out.push(text);
    }
  }

  /**
   * Ends the line being built: written as a heading, a list item, an item's continuation or a paragraph. A lone
   * method word waits for the URL that follows it, unless `written` (a new definition term starts instead).
   */
  flush(written = false) {
    const text = this.line.replace(/\s+/g, " ").trim();
    if (!written && text.length <= 7 && !this.heading && METHOD_WORDS.has(text.toUpperCase())) {
      this.line = `${text.toUpperCase()} `; // a route badge: the verb joins the URL that follows it
      return;
    }
    this.line = "";
    if (!text) return;
    if (this.heading) this.push("", `${"#".repeat(this.heading)} ${trimEnd(text, " ¶#§\u200b")}`, "");
    else if (this.marker) this.push(this.marker + text);
    else if (this.indent) this.push(this.indent + text);
    else if (this.nested) this.push("  ".repeat(Math.min(this.nested, MAX_LIST_INDENT)) + text, "");
    else this.push(text, "");
    this.marker = "";
  }

  listIndent(): string {
    return "  ".repeat(Math.min(Math.max(this.listDepth - 1, 0), MAX_LIST_INDENT));
  }

  emit(text: string) {
    if (!this.visible) return;
    if (this.pre) this.pre.push(text);
    else this.line += text;
  }

  /** Adds a line break inside the code block being read, unless it already ends one. */
  breakCode() {
    const pre = this.pre;
    if (pre && pre.length && !pre[pre.length - 1].endsWith("\n")) pre.push("\n");
  }

  /** The Markdown written, at most `maxChars` long, after the description the page embeds (if any). */
  finish(maxChars: number): string {
    // Blank lines still waiting at the end: as many line breaks as there were, never more than two.
    const trailing = Math.max(this.out.length ? this.blanks : this.blanks - 1, 0);
    const text = this.out.join("\n") + "\n".repeat(trailing >= 3 ? 2 : trailing);
    // A description the page embeds comes first: it is the page's reference in full.
    return (this.embedded ? `${this.embedded}\n\n${text}` : text).slice(0, maxChars);
  }
}
