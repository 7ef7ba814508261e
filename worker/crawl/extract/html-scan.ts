// Small linear scanners for HTML text: entities, a tag's attributes, the page title.
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", mdash: "—", ndash: "–", hellip: "…", rarr: "→", larr: "←",
  copy: "©", reg: "®", trade: "™", laquo: "«", raquo: "»", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", bull: "•", middot: "·",
  times: "×", zwj: "", zwnj: "", shy: "", ZeroWidthSpace: "", lbrace: "{", rbrace: "}", lcub: "{", rcub: "}", colon: ":", sol: "/", vert: "|",
};

// A Map: a lookup never reaches Object.prototype ("&constructor;" stays as written), and is faster.
const NAMED = new Map(Object.entries(NAMED_ENTITIES));

/** Decodes named and numeric character references (unknown ones are kept as written). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
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

/** A tag's attributes (the text between its name and `>`): lowercase names → decoded values. */
export function attributesOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
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
      attrs[name] = "";
      continue;
    }
    i++;
    while (i < n && text[i] === " ") i++;
    const quote = text[i] === '"' || text[i] === "'" ? text[i] : "";
    if (quote) i++;
    const valueStart = i;
    while (i < n && (quote ? text[i] !== quote : !space(text[i]) && text[i] !== ">")) i++;
    attrs[name] = decodeEntities(text.slice(valueStart, i));
    if (quote) i++;
  }
  return attrs;
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
  return decodeEntities(out + html.slice(i)).replace(/\s+/g, " ").trim();
}

/** The inner HTML of the first `<tag ...>...</tag>` (lowercase `lower` is `html` lowercased), or null. */
export function firstElement(html: string, lower: string, tag: string): string | null {
  const start = lower.indexOf(`<${tag}`);
  if (start < 0) return null;
  const open = lower.indexOf(">", start);
  const end = lower.indexOf(`</${tag}`, open);
  return open < 0 || end < 0 ? null : html.slice(open + 1, end);
}
