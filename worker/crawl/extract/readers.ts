// Readers for the parts of a page the endpoint walk meets: routes in code spans and summary tables,
// parameters written as headings or as typed declarations in code blocks.
import type { Draft } from "./draft";
import { withScheme } from "./hints";
import { schemaOfTypeName } from "./json-schema";
import { type FoundParam, nameOf, type ParamLocation, paramOfItem, plain, typeAtStart } from "./params";
import { leadingRoute, METHODS, pathAt, type Route } from "./routes";

const MAX_DRAFTS = 1000;
const MAX_PARAMS = 300;
const MAX_CODE_SCAN = 400;
const clean = (s: string) => plain(s).replace(/\s+/g, " ").trim();
/** A cell that writes a path: its code and bold marks dropped, brackets kept (`/posts[/type]`, `/gems/[GEM NAME]`) unless it is a link. */
const pathCell = (s: string) => (s.includes("](") ? clean(s) : s.replaceAll("`", "").replaceAll("**", "").replace(/\s+/g, " ").trim());

/** A heading that is a parameter: a name, then its type or a required/optional flag. */
export function paramOfHeading(text: string, location: ParamLocation | null): FoundParam | null {
  const found = nameOf(text);
  const rest = text.slice(text.indexOf(found?.name ?? " ") + (found?.name.length ?? 0)).trim();
  if (!found || !rest || rest.length > 120 || !(typeAtStart(rest) || /^(?:required|optional)\b/i.test(rest))) return null;
  return paramOfItem(`**${found.name}** ${rest}`, "", location, false);
}

/** Whether two spellings of a path are one route: equal, or one ends with the other (a base URL before it). */
export function sameRoute(a: string, b: string): boolean {
  const [x, y] = [a.split("?")[0], b.split("?")[0]].sort((p, q) => p.length - q.length);
  return x === y || (x.startsWith("/") && x.length > 1 && y.endsWith(x));
}

/** Parameters written as typed declarations in a code block ("limit?: integer //default: 10", "WM_SVC.NAME: string"). */
export function typedParams(lines: string[], location: ParamLocation | null): FoundParam[] {
  const params: FoundParam[] = [];
  for (const line of lines.slice(0, 50)) {
    const m = /^\s*([A-Za-z_$][\w.$-]{0,80})(\??):\s?(\S[^/]{0,200})/.exec(line);
    if (!m || /^(?:https?|curl)$/i.test(m[1])) continue;
    params.push({ name: m[1], in: location, schema: schemaOfTypeName(m[3]), required: !m[2], typeText: m[3].trim() });
  }
  return params.length === lines.filter((l) => l.trim()).length ? params : [];
}

/** The top-level keys of an object written in a code block as a type or as JSON with placeholders ("{ name: string, tags?: {…}[] }", `{ "ids": [LIST_OF_IDS] }`). */
export function typedObjectKeys(lines: string[], location: ParamLocation): FoundParam[] {
  const params: FoundParam[] = [];
  let depth = 0;
  for (const line of lines.slice(0, MAX_CODE_SCAN)) {
    const m = depth === 1 ? /^\s*"?([A-Za-z_$][\w$-]{0,80})"?(\??):\s?(\S{0,40})/.exec(line) : null;
    if (m && params.length < MAX_PARAMS)
      params.push({ name: m[1], in: location, schema: schemaOfTypeName(m[3] === "{" ? "object" : m[3]), required: !m[2] });
    for (const c of line) depth += c === "{" || c === "[" ? 1 : c === "}" || c === "]" ? -1 : 0;
  }
  return params;
}

/** A route written in a code span inside a line ("Send `POST /v1/x` with…"). */
export function codeSpanRoute(text: string): Route | null {
  for (let i = text.indexOf("`"); i >= 0 && i < text.length; i = text.indexOf("`", i + 1)) {
    const end = text.indexOf("`", i + 1);
    if (end < 0) return null;
    const route = leadingRoute(text.slice(i + 1, end));
    if (route) return { ...route, end };
    i = end;
  }
  return null;
}

/** Parameters a summary table's cell lists after a "Parameters" label, each a bold name and a colon ("*Payload Parameters* **urls**: … **body**: …"). */
function cellParamNames(cell: string): string[] {
  const label = cell.search(/\bparameters\b/i);
  if (label < 0) return [];
  const names: string[] = [];
  for (let i = cell.indexOf("**", label); i >= 0 && names.length < 50; i = cell.indexOf("**", i + 2)) {
    const close = cell.indexOf("**", i + 2);
    if (close < 0) break;
    const name = cell.slice(i + 2, close);
    // A capitalised word in bold ("**Note**:") labels a remark; parameter names are not written so.
    if (cell[close + 2] === ":" && /^[A-Za-z_][\w.-]{0,60}$/.test(name) && !/^[A-Z][a-z]+$/.test(name)) names.push(name);
    i = close;
  }
  return names;
}

const METHOD_HEADER = /^(?:method|verb|http method|http verb)s?$/;
const REQUEST_HEADER = /\b(?:request|param(?:eter)?s?|arguments?|body|input|fields?|payload)\b/;

/** The names a cell of request fields lists: its code spans (`password` `re_password`), else its words separated by commas. */
function cellNames(cell: string): string[] {
  const spans = [...cell.matchAll(/`([^`]{1,80})`/g)].map((m) => m[1].trim());
  const words = spans.length ? spans : cell.split(/[,\s]+/).map((w) => w.trim());
  return words.filter((w) => /^[A-Za-z_][\w.-]{0,60}$/.test(w) && nameOf(w)?.name === w).slice(0, 50);
}

/**
 * A table of methods with no path column under a path the section states ("Default URL: `/users/me/`", a heading that is a
 * path): each row a method of that path, its request column the fields it takes (the response column is not read).
 */
export function readMethodTable(rows: string[][], path: string, source: string, drafts: Draft[]): Draft[] {
  const header = rows[0].map((h) => clean(h).toLowerCase());
  const methodCol = header.findIndex((h) => METHOD_HEADER.test(h));
  if (methodCol < 0 || header.some((h) => /^(?:path|endpoint|url|route|uri)s?$/.test(h))) return [];
  const requestCol = header.findIndex((h, c) => c !== methodCol && REQUEST_HEADER.test(h) && !/\b(?:response|returns?|output)\b/.test(h));
  const opened: Draft[] = [];
  for (const row of rows.slice(1)) {
    const method = clean(row[methodCol] ?? "").toUpperCase();
    if (!METHODS.includes(method) || drafts.length >= MAX_DRAFTS) continue;
    const location = method === "GET" || method === "DELETE" ? "query" : "body";
    const params = (requestCol >= 0 ? cellNames(row[requestCol] ?? "") : []).map((name): FoundParam => ({
      name,
      in: location,
      schema: { type: "string" },
      required: false,
    }));
    const draft: Draft = { method, rawPath: path, params, source, strength: 2 };
    drafts.push(draft);
    opened.push(draft);
  }
  return opened;
}

/** Endpoints listed in a table (method and path columns, or cells like "GET /x"); false when the table lists none. */
export function readSummaryTable(rows: string[][], source: string, drafts: Draft[]): boolean {
  const header = rows[0].map((h) => clean(h).toLowerCase());
  const methodCol = header.findIndex((h) => /^(?:method|verb|http method|http verb|type)$/.test(h));
  // A table written without a header ("| /posts | 100 posts |" first): its first row is a row of routes too.
  const headerPath = header.findIndex((h) => h.startsWith("/") && pathAt(h, 0)?.end === h.length);
  const pathCol =
    headerPath >= 0 ? headerPath : header.findIndex((h) => /^(?:path|endpoint|url|route|uri|resource|request|http request)s?$/.test(h));
  let found = 0;
  for (const row of headerPath >= 0 ? rows : rows.slice(1)) {
    if (!row.some((cell) => cell.includes("/"))) continue; // a route's path has a slash
    let route: Route | null = null;
    // A route table may write its URLs without a scheme (`api.host.com/v2/things/{id}`).
    if (methodCol >= 0 && pathCol >= 0)
      route = leadingRoute(`${clean(row[methodCol] ?? "").toUpperCase()} ${withScheme(pathCell(row[pathCol] ?? ""))}`);
    for (let c = 0; !route && c < Math.min(row.length, 8); c++) {
      // A method cell next to a path cell, whatever the header says.
      const method = row[c].length <= 16 ? clean(row[c]).toUpperCase() : "";
      route =
        leadingRoute(row[c]) ??
        (METHODS.includes(method) && c + 1 < row.length ? leadingRoute(`${method} ${withScheme(pathCell(row[c + 1]))}`) : null);
    }
    // A table of routes with no method anywhere ("resource | description" over `/works`, `/funders/{id}`): each a GET,
    // unless the pages give its path a method elsewhere.
    const bare = !route && methodCol < 0 && pathCol >= 0 ? clean(row[pathCol] ?? "") : "";
    const lone = bare.startsWith("/") ? pathAt(bare, 0) : null;
    if (lone && lone.end === bare.length) route = { method: "GET", path: lone.path, end: bare.length };
    if (!route) continue;
    found++;
    const other = row
      .map(clean)
      .find((cell) => cell && !cell.includes(route!.path) && !/^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/i.test(cell));
    const location = route.method === "GET" || route.method === "DELETE" ? "query" : "body";
    const params = row
      .flatMap(cellParamNames)
      .map((name): FoundParam => ({ name, in: location, schema: { type: "string" }, required: false }));
    if (drafts.length < MAX_DRAFTS)
      drafts.push({
        method: route.method,
        rawPath: route.path,
        params,
        source,
        strength: 0,
        ...(lone ? { methodless: true } : {}),
        ...(other ? { summary: other.slice(0, 200) } : {}),
      });
  }
  return found > 0;
}
