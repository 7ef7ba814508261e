// Routes in text: "METHOD path" signatures, path templates in their many spellings (`:id`, `{id}`,
// `<id>`, `{channel.id}`, `(type:id)`, a host as `${VAR}`, `$VAR` or `{{var}}`) → OpenAPI's `{name}`, and the route-shape key that merges the spellings.
import { blankPlaceholders, trimEnd, trimStart } from "./text";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const METHOD_SET = new Set(METHODS);
/** A route as written; `also` holds the other methods of a line that offers several (`HEAD|GET|POST /x`, "GET or POST /x"). */
/** `also`: further methods of the path; `others`: further paths of the method a sentence sends it to. */
export type Route = { method: string; path: string; end: number; also?: string[]; others?: string[] };

const isWordChar = (c: string | undefined) => c !== undefined && /\w/.test(c);
const PATH_STOP = new Set([" ", "\t", "\n", "\r", "`", '"', "'", "*", "|", ")", "]", ",", ";", "(", "[", "\\"]);
const DOC_EXTENSIONS = /\.(?:html?|mdx?)$/i;

/** Whether the space at `at` is inside a placeholder of words (`<camera entity_id>`, `{kind of tea}`): its `close` follows shortly. */
function spacedPlaceholder(text: string, at: number, close = ">"): boolean {
  for (let k = at + 1; k < text.length && k - at < 30; k++) {
    if (text[k] === close) return true;
    if (text[k] !== " " && !isWordChar(text[k])) return false;
  }
  return false;
}

/** The index of the `)` closing a `(name)` or `(type:name)` placeholder opened at `at`; -1 when none. */
function parenthesised(text: string, at: number): number {
  for (let k = at + 1; k < text.length && k - at < 60; k++) {
    if (text[k] === ")") return k > at + 1 ? k : -1;
    // Sphinx renders `(string:slug)` as `(string: slug)`.
    if (text[k] === " " && text[k - 1] === ":") continue;
    if (!isWordChar(text[k]) && text[k] !== ":" && text[k] !== "-" && text[k] !== ".") return -1;
  }
  return -1;
}

/** The index of the `]` closing a bracketed placeholder (`[path]`, `[GEM NAME]`, `[USER HANDLE|USER ID]`) opened at `at`; -1 when none. */
function bracketed(text: string, at: number): number {
  // After a separator of the path, or a query name's `=` (`?vendor=[vendor]`).
  if (!"/-_.=".includes(text[at - 1] ?? "")) return -1;
  for (let k = at + 1; k < text.length && k - at < 40; k++) {
    if (text[k] === "]") return k > at + 1 ? k : -1;
    if (!isWordChar(text[k]) && !" |-".includes(text[k])) return -1;
  }
  return -1;
}

/** Format alternatives after a dot (`.(json|yaml)`) opened at `at`: the first format and the index of the `)`, or null. */
function formatAlternatives(text: string, at: number): { first: string; close: number } | null {
  if (text[at - 1] !== ".") return null;
  for (let k = at + 1; k < text.length && k - at < 40; k++) {
    if (text[k] === ")") {
      const first = text.slice(at + 1, k).split("|")[0];
      return first && text.slice(at + 1, k).includes("|") ? { first, close: k } : null;
    }
    if (!isWordChar(text[k]) && text[k] !== "|") return null;
  }
  return null;
}

/** The index of the `]` closing an optional segment (`/posts[/type]`) opened at `at`, which the route is written without; -1 when none. */
function optionalSegment(text: string, at: number): number {
  if (text[at + 1] !== "/") return -1;
  const close = text.indexOf("]", at);
  return close < 0 || close - at > 40 || /[\s`[]/.test(text.slice(at + 1, close)) ? -1 : close;
}

/** A `*` in a query's value (`?query=collectd.*`, a wildcard the API matches), not bold marks around a path (two stars). */
const globValue = (text: string, at: number, i: number) => {
  if (text[i] !== "*" || text[i - 1] === "*" || text[i + 1] === "*") return false;
  const written = text.slice(at, i); // a path is read for at most 500 characters
  const query = written.indexOf("?");
  return query >= 0 && written.lastIndexOf("=") > query;
};

/**
 * The index of the last bracket of a placeholder opened at `at` that may hold spaces: in doubled brackets (`<<name>>`,
 * `{{ name }}`), or named in words (`{kind of tea}`); else -1.
 */
function spacedBrackets(text: string, at: number): number {
  if (text[at] === "{" && text[at + 1] !== "{") return spacedPlaceholder(text, at, "}") ? text.indexOf("}", at) : -1;
  const close = text[at] === "<" && text[at + 1] === "<" ? ">>" : text[at] === "{" && text[at + 1] === "{" ? "}}" : "";
  const end = close ? text.indexOf(close, at + 2) : -1;
  return end > 0 && end - at <= 60 && /^\s?[A-Za-z_][\w.-]*\s?$/.test(text.slice(at + 2, end)) ? end + 1 : -1;
}

/** Reads a path or URL starting at `at`: `/x/{id}`, `https://host/x`, `{{baseUrl}}/x`; null when none starts there. */
export function pathAt(text: string, at: number): { path: string; end: number } | null {
  let i = at;
  if (text.startsWith("{{", i) || text.startsWith("${", i)) {
    // A host variable: `{{baseUrl}}/x`, `${API_HOST}/x`.
    const close = text.indexOf("}", i);
    i = close + (text[close + 1] === "}" ? 2 : 1);
    if (close < 0 || close - at > 40 || text[i] !== "/") return null;
  } else if (text[i] === "$" && /[A-Za-z_]/.test(text[i + 1] ?? "")) {
    // `$API_URL/x`, as shell examples write a host variable.
    i++;
    while (i < text.length && i - at < 40 && isWordChar(text[i])) i++;
    if (text[i] !== "/") return null;
  } else if (text.startsWith("http://", i) || text.startsWith("https://", i)) {
    i = text.indexOf("/", i + 8);
    if (i < 0 || i - at > 200) return null;
    for (let k = at + 8; k < i; k++) if (PATH_STOP.has(text[k]) || text[k] === "<") return null;
  }
  if (text[i] !== "/" || text[i + 1] === "/") return null;
  let angle = false;
  let end = i;
  let format: { from: number; to: number; first: string } | null = null; // `.(json|yaml)` as its first format, `[/type]` left out
  for (; end < text.length && end - at < 500; end++) {
    const c = text[end];
    const optional: number = c === "[" && !format ? optionalSegment(text, end) : -1;
    if (optional > 0) [format, end] = [{ from: end - at, to: optional + 1 - at, first: "" }, optional];
    if (optional > 0) continue;
    if (c === "[") {
      const close = bracketed(text, end);
      if (close < 0) break;
      end = close;
      continue;
    }
    const formats: { first: string; close: number } | null = c === "(" && !format ? formatAlternatives(text, end) : null;
    if (formats) {
      format = { from: end - at, to: formats.close + 1 - at, first: formats.first };
      end = formats.close;
      continue;
    }
    if (c === "(" && text[end - 1] === "/") {
      // Sphinx's http domain writes placeholders as `(name)` or `(type:name)` segments.
      const close = parenthesised(text, end);
      if (close > 0) {
        end = close;
        continue;
      }
      break;
    }
    // `/settings/{"name":"…"}`: a JSON body written after the path, not a placeholder.
    if (c === "{" && text[end + 1] === '"') break;
    // `<<deck_id>>`, `{{ provider }}`, `{kind of tea}`: a placeholder in brackets, spaces inside.
    const doubled = angle ? -1 : spacedBrackets(text, end);
    if (doubled > 0) {
      end = doubled;
      continue;
    }
    if (c === "<" && text[end + 1] === "<" && !angle) break;
    if (c === "<") {
      if (angle || !/[A-Za-z_]/.test(text[end + 1] ?? "")) break;
      angle = true;
    } else if (c === ">") {
      if (!angle) break;
      angle = false;
    } else if (c === "/" && angle) {
      angle = false; // `<ping-key/<slug>`: a placeholder left unclosed ends with its segment
    } else if (PATH_STOP.has(c) && !(angle && c === " " && spacedPlaceholder(text, end)) && !globValue(text, at, end)) break;
  }
  const written = writtenPath(text.slice(at, end));
  let path = written.path;
  if (written.length < 2 && !text.startsWith("/", at)) return null;
  const stop = at + written.length;
  if (format && format.to <= path.length) path = path.slice(0, format.from) + format.first + path.slice(format.to);
  const bare = path.split("?")[0];
  if (
    DOC_EXTENSIONS.test(bare) ||
    /\/\/|\.\.|\s/.test(
      bare
        .replace(/^https?:\/\//, "")
        .replace(/<<[\w-]*>>|<[\w ]*>|\{\{ ?[\w.]* ?\}\}|\{[\w ]*\}/g, "<>")
        .replace(/\[[\w |-]*\]/g, "[]")
        .replace(/\([\w: .-]*\)/g, "()"),
    )
  )
    return null;
  return { path, end: stop };
}

/**
 * A path as written up to its stop, without the punctuation of the sentence after it, and how many characters it
 * took; an ellipsis for its last segment (`/item/path/...`) stands for the rest of the path.
 */
function writtenPath(raw: string): { path: string; length: number } {
  const rest = raw.endsWith("/...") ? 3 : raw.endsWith("/…") ? 1 : 0;
  if (rest) return { path: `${raw.slice(0, -rest)}{path}`, length: raw.length };
  let path = raw;
  while (path.length > 1 && /[.,:;!?]/.test(path[path.length - 1])) path = path.slice(0, -1);
  return { path, length: path.length };
}

/**
 * The resource an API Blueprint heading names in brackets at its end ("Awards [/api/v2/awards/{award_id}/{?year}]"):
 * its path, with a query template (`{?year,page}`) written as the query string it stands for; null for any other heading.
 */
export function bracketedResource(text: string): string | null {
  const t = text.trimEnd();
  const open = t.lastIndexOf(" [/");
  if (open < 0 || !t.endsWith("]")) return null;
  const inner = t.slice(open + 2, -1);
  const q = inner.indexOf("{?");
  const close = q < 0 ? -1 : inner.indexOf("}", q);
  const found = pathAt(q < 0 ? inner : inner.slice(0, q), 0);
  if (!found || found.end !== (q < 0 ? inner.length : q) || (q >= 0 && close !== inner.length - 1)) return null;
  const names =
    q < 0
      ? []
      : inner
          .slice(q + 2, close)
          .split(",")
          .filter((n) => /^[A-Za-z_][\w.-]{0,60}$/.test(n.trim()));
  return names.length ? `${found.path}?${names.map((n) => `${n.trim()}=`).join("&")}` : found.path;
}

/** The method an API Blueprint action heading ends with in brackets ("List Federal Accounts [POST]"), or null. */
export function bracketedMethod(text: string): string | null {
  const t = text.trimEnd();
  const open = t.lastIndexOf("[");
  const method = open >= 0 && t.endsWith("]") ? t.slice(open + 1, -1) : "";
  return METHOD_SET.has(method) ? method : null;
}

/** The method word at `at` and where it ends, or null. */
function methodAt(text: string, at: number): { method: string; end: number } | null {
  let m = at;
  while (m < text.length && m - at < 7 && /[A-Za-z]/.test(text[m])) m++;
  const word = text.slice(at, m);
  return METHOD_SET.has(word) && !isWordChar(text[m]) && !isWordChar(text[at - 1]) ? { method: word, end: m } : null;
}

/** Further methods after a method word (`|GET`, `, POST`, ` or POST`) and where they end. */
function alternativesAt(text: string, at: number): { methods: string[]; end: number } {
  const methods: string[] = [];
  let end = at;
  while (methods.length < METHODS.length) {
    let i = end;
    while (i < text.length && i - end < 3 && " `*".includes(text[i])) i++;
    if (text[i] === "|" || text[i] === ",") i++;
    else if (text.startsWith("or ", i)) i += 3;
    else break;
    while (i < text.length && i - end < 10 && " `*".includes(text[i])) i++;
    const next = methodAt(text, i);
    if (!next) break;
    methods.push(next.method);
    end = next.end;
  }
  return { methods, end };
}

/** The route written at `at` ("GET /x", "`POST` `/x`", "**GET** /x", "HEAD|GET|POST /x"), or null. */
export function routeAt(text: string, at: number): Route | null {
  const first = methodAt(text, at);
  if (!first) return null;
  const { methods, end: m } = alternativesAt(text, first.end);
  let p = m;
  // "GET /x", "`GET` `/x`", "[GET] /x", "(GET) /x", "GET - `/x`", "DELETE: `/x`".
  while (p < text.length && p - m < 6 && (" `*\t_)]-–".includes(text[p]) || (p === m && text[p] === ":" && text[p + 1] === " "))) p++;
  // "GET/POST/PUT" lists methods; it is not a route.
  if (p === m && (text[p] !== "/" || methodAt(text, p + 1))) return null;
  const found = pathAt(text, p);
  if (!found) return null;
  return { method: first.method, path: found.path, end: found.end, ...(methods.length ? { also: methods } : {}) };
}

/** The first route anywhere in `text` (headings, table cells, code spans). */
export function findRoute(text: string): Route | null {
  if (!text.includes("/")) return null; // every path has a slash
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c >= "D" && c <= "T" && (i === 0 || !isWordChar(text[i - 1]))) {
      const route = routeAt(text, i);
      if (route) return route;
    }
  }
  return null;
}

/** Text whose leading lowercase method word is followed by a path ("get /users", "`post` /x") with that word uppercased. */
export function upperMethod(text: string): string {
  const start = afterLabel(text);
  let end = start;
  while (end < text.length && end - start < 8 && text[end] >= "a" && text[end] <= "z") end++;
  const word = text.slice(start, end).toUpperCase();
  if (!METHOD_SET.has(word) || !routeAt(`${word}${text.slice(end)}`, 0)) return text;
  return text.slice(0, start) + word + text.slice(end);
}

/** Skips markup and a short label ("Endpoint:", "HTTP request", "**Route**") at the start of a line; the index of what follows. */
export function afterLabel(text: string): number {
  let i = skipMarks(text, 0);
  const colon = text.indexOf(":", i);
  if (colon > i && colon - i <= 30 && !text.startsWith("//", colon + 1) && /^[A-Za-z][A-Za-z *_]*$/.test(text.slice(i, colon)))
    i = skipMarks(text, colon + 1);
  return i;
}

/** The index after markup characters from `i`. */
function skipMarks(text: string, i: number): number {
  while (i < text.length && " \t`*_>#-+:".includes(text[i])) i++;
  return i;
}

/** A route that begins a line (after markup and a label), or null. */
export function leadingRoute(text: string): Route | null {
  if (!text.includes("/")) return null; // every path has a slash
  const start = afterLabel(text);
  // "DELETE: `/quotes`": the method written as a label of its path.
  const direct = routeAt(text, start) ?? (start > 0 ? routeAt(text, skipMarks(text, 0)) : null);
  if (direct) return direct;
  // A method boxed like a badge before its path: "[GET] /x", "**[ POST ]** /x", "(DELETE) /x".
  if (text[start] === "[" || text[start] === "(") {
    let at = start + 1;
    while (at < text.length && at - start < 4 && text[at] === " ") at++;
    const boxed = routeAt(text, at);
    if (boxed) return boxed;
  }
  // A route quoted alone on its line (`'GET /projects/{project-name}/branches'`, as Gerrit writes its definitions).
  const quote = text[start];
  const quoted = quote === "'" || quote === '"' ? routeAt(text, start + 1) : null;
  if (quoted && text[quoted.end] === quote && skipMarks(text, quoted.end + 1) === text.length) return quoted;
  const label = /^(?:HTTP request|Request|Endpoint|Definition|Route|URL|Method)\b/i.exec(text.slice(start, start + 20))?.[0];
  return label ? routeAt(text, afterLabel(text.slice(start + label.length)) + start + label.length) : null;
}

/**
 * A request line that writes its placeholders after the path, each in parentheses with its type and joined by `/`
 * (`GET /tasks/report/ (int: id) / (str: format)`, emphasis marks aside): the line with the path as `/tasks/report/{id}/{format}`.
 */
export function typedPlaceholders(text: string): string {
  const t = text.replaceAll("**", "").replaceAll("*", "").trim();
  const open = t.indexOf(" (");
  const head = open < 0 ? null : leadingRoute(t.slice(0, open));
  if (!head || head.end !== t.slice(0, open).trimEnd().length) return text;
  let path = t.slice(0, head.end);
  let rest = t.slice(open).trim();
  for (let n = 0; n < 10 && rest.startsWith("("); n++) {
    const typed = /^\([a-z]{1,12}: ?([A-Za-z_][\w-]{0,60})\)/.exec(rest);
    if (!typed) break;
    path = `${trimEnd(path, "/")}/{${typed[1]}}`;
    rest = rest.slice(typed[0].length).trim();
    if (rest.startsWith("/")) rest = rest.slice(1).trim();
  }
  return path.length === head.end ? text : `${path} ${rest}`.trim();
}

/** A path segment that starts an API's base rather than naming a resource: `/api`, `/rest`, `/v2`, a dated version. */
export const API_PREFIX = /^(?:api|rest|public|v\d+(?:\.\d+)?|\d{4}-\d{2}-\d{2})$/i;

/** A request's URL cut to its origin and the API prefix segments it starts with (`https://host/v1/search?q=x` → `https://host/v1`). */
export function apiBaseOf(url: string): string {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  if (slash < 0) return url.split("?", 1)[0];
  const prefix: string[] = [];
  for (const segment of url
    .slice(slash + 1)
    .split(/[?#]/, 1)[0]
    .split("/")) {
    if (!API_PREFIX.test(segment) || prefix.length >= 3) break;
    prefix.push(segment);
  }
  return `${url.slice(0, slash)}${prefix.map((p) => `/${p}`).join("")}`;
}

/**
 * A route written as the text of a link to its whole URL (`<a href="https://host/v1/quotes">/quotes</a>`, or a
 * template linked to an example of it: `[/gimme/{count}](https://host/gimme/2)`): the route on the link's host,
 * where what comes before the route in the URL is API prefix segments only; else null.
 */
export function linkedRoute(route: string, href: string): string | null {
  if (route.length < 2 || route.length > 300 || route[0] !== "/" || /[\s?#]/.test(route)) return null;
  if (!/^https?:\/\/[\w.-]+(?::\d{1,5})?\//.test(href)) return null;
  const url = href.split(/[?#]/, 1)[0];
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  const segments = url.slice(slash + 1).split("/");
  const written = trimEnd(route, "/").slice(1).split("/");
  const before = segments.length - written.length;
  if (before < 0 || !written.every((w, i) => w === segments[before + i] || (isPlaceholder(w) && segments[before + i] !== ""))) return null;
  const prefix = segments.slice(0, before);
  return prefix.every((segment) => API_PREFIX.test(segment))
    ? `${url.slice(0, slash)}${prefix.map((p) => `/${p}`).join("")}${route}`
    : null;
}

/** A placeholder's name as an OpenAPI parameter name: `channel.id` → `channel_id`, `YOUR_ID` → `your_id`. */
export function paramName(raw: string): string {
  const name = trimEnd(trimStart(raw.slice(0, 64).replace(/[^A-Za-z0-9_]+/g, "_"), "_"), "_");
  return /^[A-Z0-9_]+$/.test(name) ? name.toLowerCase() : name || "id";
}

const singular = (word: string) => word.replace(/ies$/, "y").replace(/(?<=[^s])s$/, "");
/** A long run of hex digits with both digits and letters (a MongoDB ObjectId, a hash): no route is named so. */
const hexId = (segment: string) => /^[0-9a-f]{16,64}$/i.test(segment) && /\d/.test(segment) && /[a-f]/i.test(segment);
/** A number, a UUID or a hex id: a segment no route is named by, so an id however the path was written. */
const plainId = (segment: string) => /^\d+$/.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment) || hexId(segment);
/** A format suffix after a segment's value (`8863.json`): the value is the segment, the suffix stays. */
const formatSuffix = (segment: string) => /\.[a-z]{2,5}$/i.exec(segment)?.[0] ?? "";
const isNumber = (segment: string) => /^\d+$/.test(segment.slice(0, segment.length - formatSuffix(segment).length));
/** A literal id in an example URL (`123`, a UUID, `cus_9s6XKzkNRiz8i3`) that stands for a parameter. */
const looksLikeId = (segment: string) => plainId(segment) || (/\d/.test(segment) && /^[A-Za-z]{1,6}_[A-Za-z0-9]{6,}$/.test(segment));
/** Whether a segment names a collection an id can follow: not the path's start, nor a prefix such as `/api/3` or `/v2/1`. */
const namesCollection = (segment: string | undefined) =>
  Boolean(segment) && !/^(?:api|rest|v\d+(?:\.\d+)?)$/i.test(segment!) && !plainId(segment!);

/** Upper-case words that name formats and channels in routes (`/export/CSV`, `/messages/SMS`), not values. */
const ACRONYMS = new Set([
  "JSON",
  "XML",
  "HTML",
  "YAML",
  "CSV",
  "TSV",
  "PDF",
  "SMS",
  "MMS",
  "URL",
  "URI",
  "API",
  "RSS",
  "SQL",
  "ICS",
  "VCF",
  "GPX",
  "KML",
  "PNG",
  "SVG",
]);

/** A segment written as a placeholder: `{id}`, `<id>`, `:id`, or an upper-case name such as `OBJECT_ID` (`/object/OBJECT_ID/SECTION`). */
const isPlaceholder = (segment = "") =>
  /^[{<:[($]/.test(segment) || (/^[A-Z][A-Z0-9_]*$/.test(segment) && (segment.includes("_") || segment.endsWith("ID")));

/** Whether every literal segment of a path but its upper-case ones is written in lower case (`/api/v1/draft/YEAR`), one at least. */
function lowerCaseRoute(segments: string[]): boolean {
  const literal = segments.filter((s) => s && !/^[A-Z]+$/.test(s) && !isPlaceholder(s));
  return literal.length > 0 && literal.every((s) => /^[a-z0-9._-]+$/.test(s));
}

/**
 * A written path (no origin, no query) in OpenAPI's template form, a number or UUID after a collection
 * (`/feeds/42`, as request lines are often written) becoming a parameter named after it, unless the
 * path also has placeholders (`/widgets/7/{id}`: written as a template, its numbers are its own);
 * `literalIds` also turns the other literal ids of example URLs (`cus_9s6XKzkNRiz8i3`) into parameters.
 */
export function templateOf(path: string, literalIds = false): string {
  const templated = !literalIds && (path.includes("{") || path.includes("<") || path.includes("/:"));
  const segments = joinedValues(path.split("/")).map((segment, i, all) => {
    let out = "";
    let k = 0;
    while (k < segment.length) {
      const c = segment[k];
      const close =
        c === "{"
          ? segment[k + 1] === "{"
            ? "}}"
            : "}"
          : c === "<"
            ? segment[k + 1] === "<"
              ? ">>"
              : ">"
            : c === "["
              ? "]"
              : c === "(" && k === 0
                ? ")"
                : "";
      if (close) {
        // `<name` without its `>`: an unclosed placeholder is the whole segment.
        const end = close === ">" && k === 0 && !segment.includes(">") ? segment.length : segment.indexOf(close, k + close.length);
        if (end > k) {
          const inner = segment.slice(k + close.length, end);
          // `(string:project_slug)`: the name follows the converter's type.
          out += `{${paramName(close === ")" ? inner.slice(inner.indexOf(":") + 1).trim() : inner)}}`;
          k = end + close.length;
          continue;
        }
      }
      if ((c === ":" || c === "$") && k === 0 && /[A-Za-z_]/.test(segment[1] ?? "")) {
        out += `{${paramName(segment.slice(1))}}`;
        break;
      }
      out += c;
      k++;
    }
    // `/items/8863.json`: the id before a format suffix is the value, the suffix stays the route's.
    const suffix = formatSuffix(out);
    const value = out.slice(0, out.length - suffix.length);
    if ((literalIds ? looksLikeId(value) : !templated && plainId(value)) && namesCollection(all[i - 1]))
      return `{${paramName(`${singular(all[i - 1])}_id`)}}${suffix}`;
    // A run of numbers that ends the path, starting it or after another number (`/200/300`, `/id/237/200/300`: sizes,
    // not a version such as `/3/movie`), are values, named by their place.
    if (
      !templated &&
      i > 0 &&
      isNumber(out) &&
      (i === 1 || isNumber(all[i - 1])) &&
      all.slice(i).every((s, k) => isNumber(s) || (!s && i + k === all.length - 1))
    )
      return `{value${i}}${suffix}`;
    // An upper-case name stands for a value: `USER_ID`, `ID`, `FEEDID`, and `YEAR` among lower-case segments (`/draft/YEAR`).
    if (
      /^[A-Z][A-Z0-9_]*$/.test(out) &&
      (out.includes("_") ||
        out.endsWith("ID") ||
        (/^[A-Z]{3,}$/.test(out) &&
          !ACRONYMS.has(out) &&
          (namesCollection(all[i - 1]) || isPlaceholder(all[i - 1])) &&
          lowerCaseRoute(all)))
    )
      return `{${paramName(out)}}`;
    return out;
  });
  const joined = trimEnd(segments.join("/"), "/");
  return joined || "/";
}

/** Short words that join upper-case names into one value spread over segments (`PATH/IN/ZIMFILE`, `PATH/TO/RESOURCE`). */
const JOINING = new Set(["IN", "TO", "OF", "ON", "AT", "FOR", "WITHIN", "UNDER"]);
/** An upper-case name of a value (`ZIMFILE`, `RESOURCE`), not a format or channel word (`CSV`, `SMS`). */
const upperName = (segment = "") => /^[A-Z][A-Z0-9_]{2,40}$/.test(segment) && !ACRONYMS.has(segment);

/**
 * Segments with a value written as an upper-case phrase across several of them (`/content/ZIMNAME/PATH/IN/ZIMFILE`:
 * a path inside the file) as one placeholder named by its first word, the path's rest with it.
 */
function joinedValues(segments: string[]): string[] {
  const at = segments.findIndex((s, i) => JOINING.has(s) && i > 1 && upperName(segments[i - 1]) && upperName(segments[i + 1]));
  return at < 0 ? segments : [...segments.slice(0, at - 1), `{${segments[at - 1].toLowerCase()}}`];
}

/** The route's shape: its template with parameter names dropped, so `/u/{id}` and `/u/:user_id` are one. */
export const shapeOf = (method: string, template: string) => `${method.toLowerCase()} ${blankPlaceholders(template).toLowerCase()}`;
