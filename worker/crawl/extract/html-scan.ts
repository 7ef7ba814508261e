// Small linear scanners for HTML text: entities, a tag's attributes, the page title.
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rarr: "→",
  larr: "←",
  copy: "©",
  reg: "®",
  trade: "™",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  times: "×",
  zwj: "",
  zwnj: "",
  shy: "",
  ZeroWidthSpace: "",
  lbrace: "{",
  rbrace: "}",
  lcub: "{",
  rcub: "}",
  colon: ":",
  sol: "/",
  vert: "|",
};

// A Map: a lookup never reaches Object.prototype ("&constructor;" stays as written), and is faster.
const NAMED = new Map(Object.entries(NAMED_ENTITIES));

/** References decoded with one native replacement each (code samples hold thousands of `&quot;`). */
const FREQUENT: [string, string][] = [
  ["&quot;", '"'],
  ["&lt;", "<"],
  ["&gt;", ">"],
];

/**
 * Whether a numeric reference reads past an `&` (`&#34&quot;`: the number ends where the first `;` is).
 * Only then could replacing a frequent reference first change what the text decodes to.
 */
function numericSpansAmpersand(text: string): boolean {
  for (let at = text.indexOf("&#"); at >= 0; at = text.indexOf("&#", at + 2)) {
    const semi = text.indexOf(";", at);
    const amp = text.indexOf("&", at + 1);
    if (semi > at && semi - at <= 32 && amp >= 0 && amp < semi) return true;
  }
  return false;
}

/** Decodes named and numeric character references (unknown ones are kept as written). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  // The frequent references first, natively: their characters (`"`, `<`, `>`) start or end no other reference.
  if (!numericSpansAmpersand(text)) {
    for (const [ref, char] of FREQUENT) if (text.includes(ref)) text = text.replaceAll(ref, char);
    if (!text.includes("&")) return text;
  }
  let out = "";
  let i = 0;
  for (;;) {
    const amp = text.indexOf("&", i);
    if (amp < 0) return out + text.slice(i);
    out += text.slice(i, amp);
    const semi = text.indexOf(";", amp);
    const ref = semi > amp && semi - amp <= 32 ? text.slice(amp + 1, semi) : "";
    let decoded: string | undefined;
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      decoded = Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : undefined;
    } else if (ref) decoded = NAMED.get(ref);
    if (decoded === undefined) {
      out += "&";
      i = amp + 1;
    } else {
      out += decoded;
      i = semi + 1;
    }
  }
}

const space = (c: string) => c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f";

/** Calls `visit` with `into` and each attribute of a tag (the text between its name and `>`): lowercase name, raw value. */
function eachAttribute<T>(text: string, visit: (into: T, name: string, value: string) => void, into: T): void {
  let i = 0;
  const n = Math.min(text.length, 4000);
  while (i < n) {
    while (i < n && (space(text[i]) || text[i] === "/")) i++;
    const start = i;
    while (i < n && !space(text[i]) && text[i] !== "=" && text[i] !== "/" && text[i] !== ">") i++;
    if (i === start) {
      i++;
      continue;
    }
    const name = text.slice(start, i).toLowerCase();
    while (i < n && text[i] === " ") i++;
    if (text[i] !== "=") {
      visit(into, name, "");
      continue;
    }
    i++;
    while (i < n && text[i] === " ") i++;
    const quote = text[i] === '"' || text[i] === "'" ? text[i] : "";
    if (quote) i++;
    const valueStart = i;
    while (i < n && (quote ? text[i] !== quote : !space(text[i]) && text[i] !== ">")) i++;
    visit(into, name, text.slice(valueStart, i));
    if (quote) i++;
  }
}

const setAttribute = (attrs: Record<string, string>, name: string, value: string) => {
  attrs[name] = decodeEntities(value);
};
/** A tag's attributes (the text between its name and `>`): lowercase names → decoded values. */
export function attributesOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  eachAttribute(text, setAttribute, attrs);
  return attrs;
}

/** The attributes the HTML converter reads of a tag, decoded; the others are passed over. */
export type TagAttributes = {
  class?: string;
  role?: string;
  id?: string;
  hidden?: string;
  ariaHidden?: string;
  method?: string;
  path?: string;
  componentPart?: string;
  language?: string;
  href?: string;
};

const TAG_ATTRIBUTES = new Map<string, keyof TagAttributes>([
  ["class", "class"],
  ["role", "role"],
  ["id", "id"],
  ["hidden", "hidden"],
  ["aria-hidden", "ariaHidden"],
  ["method", "method"],
  ["path", "path"],
  ["data-component-part", "componentPart"],
  ["data-language", "language"],
  ["href", "href"],
]);

const setTagAttribute = (a: TagAttributes, name: string, value: string) => {
  const field = TAG_ATTRIBUTES.get(name);
  if (field) a[field] = decodeEntities(value);
};

/** Reads the attributes of `TagAttributes` from a tag's attribute text (a later duplicate wins, as in `attributesOf`). */
export function tagAttributes(text: string): TagAttributes {
  // Every field is set, so every record has one shape and reading a field stays a plain load.
  const a: TagAttributes = {
    class: undefined,
    role: undefined,
    id: undefined,
    hidden: undefined,
    ariaHidden: undefined,
    method: undefined,
    path: undefined,
    componentPart: undefined,
    language: undefined,
  };
  eachAttribute(text, setTagAttribute, a);
  return a;
}

/** Text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  let out = "";
  let i = 0;
  for (;;) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    out += html.slice(i, lt);
    const gt = html.indexOf(">", lt);
    if (gt < 0) return decodeEntities(out).replace(/\s+/g, " ").trim();
    i = gt + 1;
  }
  return decodeEntities(out + html.slice(i))
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether character `c` is `lower`, or `lower` is an ASCII letter and `c` its capital. */
const sameLetter = (c: number, lower: number) => c === lower || (lower >= 97 && lower <= 122 && c === lower - 32);

/** Where `needle` (lowercase, starting with `<`) first occurs in `html` at or after `from`, ignoring ASCII case; -1 if nowhere. */
export function indexOfTag(html: string, needle: string, from = 0): number {
  for (let at = html.indexOf("<", from); at >= 0; at = html.indexOf("<", at + 1)) {
    let k = 1;
    while (k < needle.length && sameLetter(html.charCodeAt(at + k), needle.charCodeAt(k))) k++;
    if (k === needle.length) return at;
  }
  return -1;
}

/** The inner HTML of the first `<tag ...>...</tag>` (tag names in any case), or null. */
export function firstElement(html: string, tag: string): string | null {
  const start = indexOfTag(html, `<${tag}`);
  if (start < 0) return null;
  const open = html.indexOf(">", start);
  const end = indexOfTag(html, `</${tag}`, open);
  return open < 0 || end < 0 ? null : html.slice(open + 1, end);
}
