// Parameters as documentation writes them: tables, list items (and definition lists, which arrive as
// list items), bold-name paragraphs, stacked name/type lines and <ParamField> tags; with location,
// type, required flag and description.
import { trimEnd, trimStart } from "./text";
import { attributesOf } from "./html-scan";
import { schemaOfTypeName, type Schema } from "./json-schema";

export type ParamLocation = "path" | "query" | "header" | "body";
export type FoundParam = {
  name: string;
  in: ParamLocation | null;
  schema: Schema;
  required: boolean;
  description?: string;
  typeText?: string;
};

// Column titles in English, and in Chinese as Apifox and YApi export them (名称 name, 参数名 parameter name, 字段 field;
// 类型 type; 位置 location; 必选/必填 required; 说明/描述/备注 description).
const NAME_COL =
  /^(?:name|parameters?|params?|fields?|attributes?|arguments?|args?|propert(?:y|ies)|keys?|options?|variables?|headers?|(?:query|path|url|body|form|header|request|json) ?(?:parameters?|params?|fields?|keys?|propert(?:y|ies)|attributes?))(?: name)?$|^(?:名称|参数名称?|参数|字段名?|属性名?)$/i;
const TYPE_WORD =
  /^(?:\?)?(?:string|str|integer|int|int32|int64|long|number|float|double|decimal|boolean|bool|array|list|object|hash|map|dict|enum|date|datetime|date-time|timestamp|uuid|file|binary|snowflake|any|null|json|iso8601|url|uri|email|text|char|numeric|bigint|mixed|dictionary)\b/i;
const PROSE_WORDS = new Set([
  "note",
  "warning",
  "tip",
  "important",
  "example",
  "examples",
  "returns",
  "response",
  "request",
  "default",
  "deprecated",
  "caution",
  "info",
  "see",
]);
const NOT_NAMES = new Set(["required", "optional", "yes", "no", "true", "false", "null", "none", "GET", "POST", "PUT", "PATCH", "DELETE"]);
const NAME = /^[A-Za-z_$@][\w.\-[\]$@]{0,79}$/;
const MARKUP_CHAR = /[`*_[\]]/;
const BRACKETED = /^[A-Za-z_][\w-]{0,79}(?:\[[\w-]{0,40}\]){1,5}$/;

/** `poll[options][]` → base `poll`, keys `["options"]`, array true; a plain name has no keys. */
export function bracketPath(name: string): { base: string; keys: string[]; array: boolean } {
  const open = name.indexOf("[");
  if (open < 0) return { base: name, keys: [], array: false };
  const parts = name.slice(open + 1, -1).split("][");
  const array = parts.at(-1) === "";
  return { base: name.slice(0, open), keys: parts.filter((k) => k !== ""), array };
}

/** Markup dropped from a cell or fragment: code ticks, bold and emphasis markers, links' targets. */
export const plain = (s: string) =>
  // Most cells carry no Markdown at all: only those with its characters go through the replacements.
  !MARKUP_CHAR.test(s)
    ? s.trim()
    : s
        .replace(/`/g, "")
        .replace(/\*\*/g, "")
        .replace(/(?<![\w\\])[*_]|[*_](?!\w)/g, "")
        .replace(/\]\([^)\s]{0,500}\)/g, "]")
        .replace(/[[\]]/g, "")
        .trim();

/** Location named in text: "Path parameters", "in: query", "Request body", "Headers". */
export function locationOf(text: string | undefined): ParamLocation | null {
  const t = (text ?? "").toLowerCase();
  if (/\b(?:path|route)\b/.test(t)) return "path";
  // "URL query parameters" are the query's; "URL parameters" fill the path.
  if (/\bquery|querystring/.test(t)) return "query";
  if (/\burl\b/.test(t)) return "path";
  if (/\bheaders?\b/.test(t)) return "header";
  if (/\b(?:body|form|formdata|payload|json|data|multipart)\b/.test(t)) return "body";
  return null;
}

const requiredIn = (text: string) => {
  const t = plain(text).toLowerCase();
  if (/^(?:yes|true|required|✓|✔|x|y|always|是)$/.test(t)) return true;
  return /\brequired\b/.test(t) && !/\b(?:not required|required if|required when|required only)\b/.test(t);
};
const optionalIn = (text: string) => /^(?:no|false|optional|n)$/i.test(plain(text)) || /\boptional\b/i.test(text);

/** A query parameter's name, repeated or Rails-style ones whole (`limit`, `match[]`, `filter[status]`). */
export const QUERY_NAME = /^[A-Za-z_][\w.-]{0,79}(?:\[[\w-]{0,40}\]){0,5}$/;

/**
 * The name of a parameter written as the query string writes it, the form of its value after `=` (`start=<rfc3339>`,
 * `match[]=<selector>`, emphasis marks before it aside); else null.
 */
export function nameBeforeValue(written: string): string | null {
  const eq = written.indexOf("=");
  const name = eq > 0 ? written.slice(0, eq).replace(/^[`*]+/, "") : "";
  return QUERY_NAME.test(name) ? name : null;
}

/** A parameter name from a cell or fragment (`name?`, `**name***`, `name (required)`), or null. */
export function nameOf(written: string): { name: string; optional: boolean; required: boolean } | null {
  const raw = nameBeforeValue(written) ?? written;
  // Rails-style names (`poll[options][]`, `filter[status]`) are kept whole: their brackets are not link syntax.
  const token =
    raw
      .replace(/[`*]/g, "")
      .trim()
      .split(/[\s(,:]/)[0] ?? "";
  if (BRACKETED.test(token)) return { name: token, optional: false, required: false };
  const first = plain(raw).split(/[\s(,:]/)[0] ?? "";
  const optional = first.endsWith("?") || first.startsWith("?");
  const required = first.endsWith("*");
  const name = trimEnd(trimStart(first, "?"), "?*");
  // Admonition and prose words ("Note:", "Returns") are not names; lowercase ones like `note` may be.
  if (!NAME.test(name) || NOT_NAMES.has(name) || (/^[A-Z][a-z]+$/.test(name) && PROSE_WORDS.has(name.toLowerCase()))) return null;
  return { name, optional, required };
}

/** The type written at the start of a fragment ("string", "array of objects", "?integer"), or "". */
export const typeAtStart = (text: string) => TYPE_WORD.exec(plain(text).replace(/^[(,:\s—–-]+/, ""))?.[0] ?? "";

/** How deep a "» » name" cell is nested. */
function depthOf(cell: string): number {
  let depth = 0;
  for (const c of cell.slice(0, 20))
    if (c === "»") depth++;
    else if (c !== " " && c !== "\u00a0") break;
  return depth;
}

/** A cell of three or more plain words, each capitalised ("ISO UTC Time Date (Hour)"): a title, not a parameter's name. */
function isTitleCell(cell: string): boolean {
  if (/[`*_]/.test(cell)) return false;
  const words = plain(cell).trim().split(/\s+/, 8);
  return words.length >= 3 && words.every((w) => /^[A-Z0-9(]/.test(w));
}

/** Parameters of one table (rows of cells, the first the header); null when it is not a parameter table. */
export function paramsOfTable(rows: string[][], sectionLocation: ParamLocation | null, inParams: boolean): FoundParam[] | null {
  if (rows.length < 2) return null;
  const header = rows[0].map((h) => plain(h).toLowerCase());
  const col = (re: RegExp) => header.findIndex((h) => re.test(h));
  if (col(/^(?:status|code|http code|status code|error|method|verb|http method)$/) === 0) return null;
  let name = col(NAME_COL);
  let type = col(/\btype\b|^format$|^schema$|^(?:数据)?类型$/);
  let where = col(/^(?:in|location|located in|where|source|param(?:eter)? type|kind|placement|(?:参数)?位置)$/);
  if (header.every((h) => !h)) {
    // A table without a header (bootprint): a column of locations marks it; names are the first column.
    const share = (c: number, test: (cell: string) => boolean) =>
      rows.slice(1).filter((r) => test(plain(r[c] ?? ""))).length / (rows.length - 1);
    where = header.findIndex((_, c) => share(c, (cell) => /^(?:path|query|header|body|formdata|cookie)$/i.test(cell)) >= 0.8);
    type = header.findIndex((_, c) => c !== where && share(c, (cell) => Boolean(typeAtStart(cell))) >= 0.8);
    if (where >= 0) name = 0;
  }
  if (name < 0 && inParams && header.length >= 2) name = 0;
  if (name < 0) return null;
  // A column of titles ("ISO UTC Time Date (Hour)" over "Unix Nano Timestamp") names formats or cases, not parameters.
  if (rows.slice(1).filter((c) => isTitleCell(c[name] ?? "")).length * 2 >= rows.length - 1) return null;
  const required = col(/required|optional|mandatory|必选|必填|必须/);
  let description = col(/desc|details|notes|meaning|comment|explanation|info|summary|purpose|说明|描述|备注/);
  if (description < 0 && header.length > 2) description = header.length - 1;
  const headerLocation = locationOf(header[name]);
  // Nesting written as "» child" (widdershins): a body parameter's children are the body's properties.
  const depths = rows.map((c) => depthOf(c[name] ?? ""));
  const params: FoundParam[] = [];
  for (let r = 1; r < rows.length; r++) {
    const c = rows[r];
    const depth = depths[r];
    if (depth > 1) continue;
    if (depth === 0 && depths[r + 1] === 1 && /body|anonymous/i.test(`${c[where] ?? ""} ${c[name]}`)) continue;
    if (depth === 1 && !/body/i.test(c[where] ?? "body")) continue;
    const found = nameOf(depth ? trimStart(c[name], "» \u00a0") : (c[name] ?? ""));
    if (!found) continue;
    const typeText = type >= 0 ? plain(c[type] ?? "") : typeAtStart(c[description] ?? "");
    const desc = description >= 0 && description !== name ? plain(c[description] ?? "").slice(0, 500) : "";
    const req = required >= 0 ? (c[required] ?? "") : "";
    const isOptionalColumn = required >= 0 && /optional/.test(header[required]) && !/required/.test(header[required]);
    const flagged = required >= 0 ? (isOptionalColumn ? !requiredIn(req) && !optionalIn(req) : requiredIn(req)) : false;
    const inText =
      found.required ||
      (!found.optional &&
        (flagged ||
          (required < 0 &&
            (requiredIn(c[type] ?? "") || /^\**required\b/i.test(plain(c[description] ?? "")) || /\(required\)/i.test(c[name] ?? "")))));
    params.push({
      name: found.name,
      in: (where >= 0 ? locationOf(c[where]) : null) ?? headerLocation ?? sectionLocation,
      schema: schemaOfTypeName(typeText),
      required: inText,
      ...(desc ? { description: desc } : {}),
      ...(typeText ? { typeText } : {}),
    });
  }
  return params;
}

/** Reads "name (type, required): text", "name type required — text" after the name. */
function detailAfterName(
  name: string,
  rest: string,
  more: string,
  sectionLocation: ParamLocation | null,
  formatted: boolean,
  inParams: boolean,
): FoundParam | null {
  let detail = "";
  let text = rest.trim();
  if (text.startsWith("(")) {
    const close = text.indexOf(")");
    if (close < 0 || close > 120) return null;
    detail = text.slice(1, close);
    text = text.slice(close + 1).trim();
  }
  if (!detail && !text && more) text = more.slice(0, 300);
  const typeWord = typeAtStart(detail) || typeAtStart(text);
  // "string, path, required." — a location among the short clauses before the first sentence ends.
  const clauses = text
    .split(".")[0]
    .split(",")
    .map((c) => c.trim().toLowerCase());
  const clauseLocation = clauses.find((c) => /^(?:in )?(?:path|query|body|header)$/.test(c));
  const separated = /^(?:[—–:-]|\s*$)/.test(text) || text.startsWith("- ");
  const flags = /^[,\s]*(?:\*|_)*(?:required|optional)\b/i.test(text) || /\b(?:required|optional)\b/i.test(detail);
  const dashed = /^[—–:-]\s*\S/.test(text);
  if (!formatted && !(inParams && (detail || dashed || typeWord)) && !(detail && typeAtStart(detail))) return null;
  if (formatted && !inParams && !typeWord && !flags && !detail && !(separated && text.length > 1)) return null;
  const all = `${detail} ${text.slice(0, 80)}`;
  const required = /\brequired\b/i.test(all) && !/\bnot required\b|\boptional\b/i.test(all);
  let description = plain(text.replace(/^[—–:-]\s*/, "")) || plain(more);
  if (typeWord && description.toLowerCase().startsWith(typeWord.toLowerCase()))
    description = description.slice(typeWord.length).replace(/^[\s,;—–:-]+/, "");
  return {
    name,
    in: locationOf(detail) ?? (clauseLocation ? locationOf(clauseLocation) : null) ?? sectionLocation,
    schema: schemaOfTypeName(typeWord || detail.split(/[,;]/)[0]),
    required: required || /^\**required\b/i.test(plain(more)),
    ...(description ? { description: description.slice(0, 500) } : {}),
    ...(typeWord || detail ? { typeText: typeWord || detail.split(/[,;]/)[0] } : {}),
  };
}

/** The name at the start of a fragment: `code`, **bold**, **`both`**, or a bare word. */
function leadingName(text: string): { raw: string; rest: string; formatted: boolean } | null {
  for (const [open, close] of [
    ["**`", "`**"],
    ["`", "`"],
    ["**", "**"],
    ["__", "__"],
  ] as const) {
    if (text.startsWith(open)) {
      const end = text.indexOf(close, open.length);
      if (end < 0 || end > 100) return null;
      return { raw: text.slice(open.length, end), rest: text.slice(end + close.length), formatted: true };
    }
  }
  const end = text.search(/[\s(:—–]|$/);
  return { raw: text.slice(0, end), rest: text.slice(end), formatted: false };
}

/** A parameter written as a list item (text after the marker, continuation lines in `more`), or null. */
export function paramOfItem(text: string, more: string, sectionLocation: ParamLocation | null, inParams: boolean): FoundParam | null {
  const typed = typeBeforeName(text.trim());
  const lead = leadingName(typed?.rest ?? text.trim());
  if (!lead) return null;
  const found = nameOf(lead.raw);
  if (!found || (!lead.formatted && !/^[a-z_$]/.test(found.name) && !inParams)) return null;
  // "**performance benefits**:" is a label of words; a formatted name is one word, a type or flag at most beside it
  // (or, written `name=<form>`, the form of its value).
  const besides = lead.formatted && nameBeforeValue(lead.raw) === null ? plain(lead.raw).slice(found.name.length).trim() : "";
  if (besides && !typeAtStart(besides) && !/^[(?*]|^(?:required|optional)\b/i.test(besides)) return null;
  const param = detailAfterName(found.name, lead.rest, more, sectionLocation, lead.formatted, inParams);
  if (param && typed && !param.typeText) Object.assign(param, { schema: schemaOfTypeName(typed.type), typeText: typed.type });
  if (param && found.required) param.required = true;
  if (param && found.optional) param.required = false;
  return param;
}

/** "string `address1` (optional): …", "int **id**": a type word written before a formatted name; the type and what follows it. */
function typeBeforeName(text: string): { type: string; rest: string } | null {
  const space = text.indexOf(" ");
  if (space < 2 || space > 20) return null;
  const word = text.slice(0, space);
  const rest = text.slice(space + 1).trimStart();
  return typeAtStart(word) === word && (rest.startsWith("`") || rest.startsWith("**")) ? { type: word, rest } : null;
}

/** A `<ParamField query="limit" type="number" required>` tag (MDX component pages), or null. */
export function paramOfTag(text: string): FoundParam | null {
  if (!text.startsWith("<ParamField") && !text.startsWith("<Param ")) return null;
  const a = attributesOf(text.slice(text.indexOf(" "), text.lastIndexOf(">") > 0 ? text.lastIndexOf(">") : undefined));
  const where = (["path", "query", "body", "header"] as const).find((k) => a[k] !== undefined);
  const name = where ? a[where] : a.name;
  if (!name || !NAME.test(name)) return null;
  return {
    name,
    in: where ?? null,
    schema: schemaOfTypeName(a.type),
    required: "required" in a && a.required !== "false",
    ...(a.type ? { typeText: a.type } : {}),
  };
}
