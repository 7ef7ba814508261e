// Routes written in prose rather than as request lines: the method a sentence gives a path ("POST a
// username and password … to `/api/token/`", "POST a multipart form to this endpoint"), a URL with a
// query string (a GET), an endpoint said to accept a payload (a POST), and the verb that opens the
// section under a path heading ("Get auto completions for …").
import { leadingRoute, METHODS, pathAt, type Route } from "./routes";
import { QUERY_NAME } from "./params";
import { trimEnd, trimStart } from "./text";

const MAX_SENTENCES = 50;
const MAX_SPANS = 40;

/** The first word of a section's opening sentence, as the method it asks for; null when it says none plainly. */
const VERB_METHODS: Record<string, string> = Object.assign(Object.create(null), {
  get: "GET",
  gets: "GET",
  retrieve: "GET",
  retrieves: "GET",
  list: "GET",
  lists: "GET",
  fetch: "GET",
  fetches: "GET",
  return: "GET",
  returns: "GET",
  search: "GET",
  searches: "GET",
  show: "GET",
  shows: "GET",
  download: "GET",
  downloads: "GET",
  create: "POST",
  creates: "POST",
  add: "POST",
  adds: "POST",
  upload: "POST",
  uploads: "POST",
  submit: "POST",
  submits: "POST",
  delete: "DELETE",
  deletes: "DELETE",
  remove: "DELETE",
  removes: "DELETE",
});

export function methodOfVerb(sentence: string): string | null {
  let start = 0;
  while (start < sentence.length && " *_>".includes(sentence[start])) start++;
  let end = start;
  while (end < sentence.length && end - start < 12 && /[A-Za-z]/.test(sentence[end])) end++;
  // A verb then a space: "Get auto completions", not "Gets:" or "Getting".
  return sentence[end] === " " ? (VERB_METHODS[sentence.slice(start, end).toLowerCase()] ?? null) : null;
}

/** The code spans of `text` whose whole content is a path or URL (no method): `/api/x/`, `/api/x/?q=term`. */
function codeSpanPaths(text: string): { path: string; start: number }[] {
  const found: { path: string; start: number }[] = [];
  for (let i = text.indexOf("`"); i >= 0 && found.length < MAX_SPANS; i = text.indexOf("`", i + 1)) {
    const end = text.indexOf("`", i + 1);
    if (end < 0) break;
    const content = text.slice(i + 1, end).trim();
    const path = pathAt(content, 0);
    if (path && path.end === content.length) found.push({ path: path.path, start: i });
    i = end;
  }
  return found;
}

const MAX_MENTIONS = 100;

/** Adds the paths a prose line names in code spans without a method to `hints.mentions`, as one group. */
export function readMentions(text: string, hints: { mentions?: string[][] }): void {
  if (!text.includes("`/") || leadingRoute(text) || METHODS.some((m) => text.includes(`${m} /`))) return;
  const paths = codeSpanPaths(text)
    .map((s) => s.path)
    .filter((p) => p.startsWith("/") && !p.includes("?"));
  if (paths.length && (hints.mentions?.length ?? 0) < MAX_MENTIONS) (hints.mentions ??= []).push(paths.slice(0, 20));
}

const READ_FROM = /\b(?:obtain|retrieve|fetch|download)\b[^.`]{1,80}\b(?:using|at|from|via)\b[^.`]{0,20}`\//i;

/**
 * Paths a sentence says things are read from ("You may also obtain those objects individually using the URLs `/json/state`
 * `/json/info` …"): GETs, even where the pages send another method to the same path.
 */
export function readFromPaths(text: string): string[] {
  const m = READ_FROM.exec(text.slice(0, 2000));
  if (!m) return [];
  const end = text.indexOf(". ", m.index + m[0].length);
  const sentence = text.slice(m.index, end < 0 ? undefined : end);
  return codeSpanPaths(sentence)
    .map((s) => s.path)
    .filter((p) => p.startsWith("/") && !p.includes("?"));
}

/** A paragraph that is one path in a code span and nothing else (an endpoint written alone on its line). */
export function lonePath(text: string): string | null {
  const t = text.trim();
  if (!t.startsWith("`") || !t.endsWith("`")) return null;
  const spans = codeSpanPaths(t);
  return spans.length === 1 && spans[0].start === 0 && t.indexOf("`", 1) === t.length - 1 ? spans[0].path : null;
}

const SHARED = [
  "as well",
  "same parameters",
  "same query parameters",
  "also supported",
  "also accepted",
  "the same as for",
  "the same as those of",
];

/**
 * The route whose parameters a sentence says the endpoint it describes takes too ("all parameters that work for the
 * /api endpoint are supported with structured search as well", "accepts the same parameters as `/search`").
 */
export function sharedParamsRoute(text: string): string | null {
  if (text.length > 600) return null;
  const lower = text.toLowerCase();
  // "Supported filters are the same as for the /entries endpoint": a route's filters are its query parameters.
  if (!/\b(?:parameters|filters)\b/.test(lower) || !SHARED.some((w) => lower.includes(w))) return null;
  for (let at = text.indexOf("/"); at >= 0; at = text.indexOf("/", at + 1)) {
    if (at > 0 && !" `(".includes(text[at - 1])) continue;
    const found = pathAt(text, at);
    if (found && found.path.length > 1) return found.path;
  }
  return null;
}

/**
 * A paragraph that opens with a whole URL in a code span and names no method (`http://your-server/rest/getAlbum`
 * Since 1.8.0): the URL a page about one endpoint says to call.
 */
export function openingUrl(text: string): string | null {
  const t = text.trimStart();
  const end = t.indexOf("`", 1);
  if (!t.startsWith("`http") || end < 0 || t.length - end > 80) return null;
  const span = t.slice(1, end);
  if (!/^https?:\/\/[\w.-]+(?::\d{1,5})?\/[\w\-./{}:]+$/.test(span)) return null;
  // A base URL (`https://api.host/v1` is the base for all requests) is not an endpoint.
  const last = trimEnd(span, "/").split("/").at(-1) ?? "";
  return /^(?:api|rest|v\d+(?:\.\d+)?)$/i.test(last) || /\bbase\b/i.test(t.slice(end)) ? null : span;
}

/**
 * The URL a prose line gives as an example, after a label that says so and nothing after it ("Example:
 * https://host/v0/items/42.json?pretty", "For example, a story: https://…"), or a line that is only a path or URL
 * with its query: a request to visit, so a GET.
 */
export function exampleUrlLine(text: string): string | null {
  const query = queryUrlLine(text);
  if (query) return query;
  const at = text.indexOf(": http");
  if (at < 0 || at > 80 || !/\b(?:examples?|e\.g\.|for instance)\b/i.test(text.slice(0, at))) return null;
  const url = trimEnd(text.slice(at + 2).trim(), ".,;");
  return /^https?:\/\/[\w.-]+(?::\d{1,5})?\/[^\s`<>"']*$/.test(url) ? url : null;
}

/**
 * A line that is only a request's path or URL with its query (`/v1/search?text=YMCA&**size=1**`, the changed
 * parameter set in bold as docs write them), or null.
 */
function queryUrlLine(text: string): string | null {
  if (text.length > 2000 || !text.includes("?")) return null;
  const url = text.replaceAll("**", "").replaceAll("__", "").trim();
  return /^(?:https?:\/\/[\w.-]+(?::\d{1,5})?)?\/[\w\-./{}]*\?[\w.[\]-]+=\S*$/.test(url) ? url : null;
}

/**
 * A path in a code span with a query string ("`/api/documents/?text=your%20query`"): a URL to GET, with the
 * query names of every span of the paragraph that queries the same path (values may hold commas: `?ids=11,12`).
 */
export function queryUrlRoute(text: string): Route | null {
  let first: string | null = null;
  let path = "";
  const names: string[] = [];
  for (let i = text.indexOf("`"); i >= 0 && names.length < MAX_SPANS; i = text.indexOf("`", i + 1)) {
    const end = text.indexOf("`", i + 1);
    if (end < 0) break;
    const span = text.slice(i + 1, end).trim();
    i = end;
    const q = span.indexOf("?");
    if (q <= 0 || !/^[A-Za-z_][\w.[\]-]{0,60}=/.test(span.slice(q + 1, q + 64))) continue;
    const route = pathAt(span.slice(0, q), 0);
    if (!route || route.end !== q || (first !== null && route.path !== path)) continue;
    first ??= span;
    path = route.path;
    for (const name of queryNamesOf(span)) if (!names.includes(name)) names.push(name);
  }
  if (first === null) return null;
  // The first span as written, with the names only the others query.
  const more = names.filter((n) => !queryNamesOf(first).includes(n));
  return { method: "GET", path: [first, ...more.map((n) => `${n}=`)].join("&"), end: text.length };
}

/** The parameter names of a path's query string: `/x/?text=a&page=2` → text, page. */
export function queryNamesOf(path: string): string[] {
  const q = path.indexOf("?");
  if (q < 0) return [];
  return path
    .slice(q + 1)
    .split("&")
    .slice(0, 20)
    .map((pair) => pair.split("=")[0])
    .filter((name) => /^[A-Za-z_][\w.[\]-]{0,60}$/.test(name));
}

/** A sentence that names an endpoint in a code span and says it accepts a payload: "use the endpoint `/x/` which accepts a json payload". */
export function payloadRoute(text: string): Route | null {
  for (const sentence of sentences(text)) {
    if (!/\bendpoint\b/i.test(sentence)) continue;
    if (!/\b(?:accepts?|requires?|expects?|takes?)\b[^.]{1,40}\b(?:payload|body)\b/i.test(sentence)) continue;
    const spans = codeSpanPaths(sentence);
    if (spans.length === 1) return { method: "POST", path: spans[0].path, end: text.length };
  }
  return null;
}

/**
 * A method used as a verb at a sentence's start, with the path it is sent to: "POST a username and
 * password … to `/api/token/`", or "to this endpoint" after `lone`, a path written alone just before.
 */
export function verbRoute(text: string, lone: string | null): Route | null {
  for (const sentence of sentences(text)) {
    const sent = requestSentTo(sentence);
    if (sent) return { ...sent, end: text.length };
    const space = sentence.indexOf(" ");
    const method = sentence.slice(0, space);
    if (space < 0 || !METHODS.includes(method) || !/^(?:a|an|the|your) /.test(sentence.slice(space + 1, space + 6))) continue;
    const to = sentence.indexOf(" to `/");
    const path = to < 0 ? null : pathAt(sentence, to + 5);
    if (path && sentence[to + 5 + path.path.length] === "`") return { method, path: path.path, end: text.length };
    if (lone && /\bto this (?:endpoint|url)\b/i.test(sentence)) return { method, path: lone, end: text.length };
  }
  return null;
}

const SENT_TO = /\b(?:a|an|the) (GET|POST|PUT|PATCH|DELETE|HEAD) requests? (?:to|at|on|against) `/;

/**
 * "Sending a POST request to `/json` or `/json/state` …": the method and the paths in code spans after it, joined by "or",
 * "and" or commas (the others as `others`).
 */
function requestSentTo(sentence: string): Omit<Route, "end"> | null {
  const m = SENT_TO.exec(sentence);
  if (!m) return null;
  const paths: string[] = [];
  for (let at = m.index + m[0].length; paths.length < 5;) {
    const found = sentence[at] === "/" ? pathAt(sentence, at) : null;
    if (!found || sentence[at + found.path.length] !== "`") break;
    paths.push(found.path);
    const joint = /^`(?:,? or |,? and |, )`/.exec(sentence.slice(at + found.path.length, at + found.path.length + 8));
    if (!joint) break;
    at += found.path.length + joint[0].length;
  }
  return paths.length ? { method: m[1], path: paths[0], ...(paths.length > 1 ? { others: paths.slice(1) } : {}) } : null;
}

/**
 * The endpoints a changelog sentence says were added: "New read-only endpoints `/a/` and `/b/` …, and
 * `POST /c/` lets …" (a path alone is a GET only when the sentence calls it read-only). A sentence
 * that also speaks of removing, deprecating, moving or renaming adds nothing, nor one that calls what it
 * adds beta, experimental or a preview: that is not yet part of the reference.
 */
export function addedRoutes(text: string): Route[] {
  const routes: Route[] = [];
  for (const sentence of sentences(text)) {
    if (
      !/\b(?:new|added|adds|introduced)\b/i.test(sentence) ||
      /\b(?:remov|deprecat|mov|renam|drop|replac|beta\b|experimental|preview)/i.test(sentence)
    )
      continue;
    const readOnly = /\bread[- ]only\b/i.test(sentence);
    for (let i = sentence.indexOf("`"); i >= 0 && routes.length < MAX_SPANS; i = sentence.indexOf("`", i + 1)) {
      const end = sentence.indexOf("`", i + 1);
      if (end < 0) break;
      const span = sentence.slice(i + 1, end).trim();
      const line = leadingRoute(span);
      const path = line ? null : pathAt(span, 0);
      if (line) routes.push({ ...line, end: text.length });
      else if (readOnly && path && path.end === span.length && span.startsWith("/"))
        routes.push({ method: "GET", path: path.path, end: text.length });
      i = end;
    }
  }
  return routes;
}

const FIELD_WORDS = new Set([
  "field",
  "fields",
  "parameter",
  "parameters",
  "param",
  "params",
  "argument",
  "arguments",
  "updates",
  "update",
  "sets",
  "set",
  "changes",
  "change",
]);
/** Whether a word is a type's name in CamelCase (`CheckConfigInput`): letters and digits, a capital first and inside. */
function isTypeName(word: string): boolean {
  if (word.length < 4 || word.length > 80 || word[0] < "A" || word[0] > "Z" || !/^[A-Za-z0-9]+$/.test(word)) return false;
  let capitals = 0;
  for (const c of word) if (c >= "A" && c <= "Z") capitals++;
  return capitals >= 2 && capitals < word.length;
}

/** The type a sentence says the request body is ("set in the request body as a CheckConfigInput entity"), or null. */
export function bodyTypeOf(text: string): string | null {
  const at = text.toLowerCase().indexOf("request body");
  if (at < 0) return null;
  for (const word of text
    .slice(at + 12, at + 120)
    .split(" ")
    .slice(0, 8)) {
    const bare = trimEnd(trimStart(word, "[(`*_"), "].,:;)`*_");
    if (isTypeName(bare)) return bare;
  }
  return null;
}

/** The object a sentence sends as a request's body ("a POST request to `/json` with (parts of) the state object"): its name, or null. */
export function sentObject(text: string): string | null {
  return /\b(?:POST|PUT|PATCH)\b[^.]{1,160}?\bwith (?:\(?parts of\)? )?the (\w{1,40}) object\b/.exec(text.slice(0, 2000))?.[1] ?? null;
}

const BETWEEN_FIELDS = new Set(["and", "or", "optional", "optionally", "the", "a", "an", "required"]);

/** Names in code spans that a sentence calls fields: "multipart form field `document` and optional `version_label`", "updates the `label`". */
export function namedFields(text: string): string[] {
  const names: string[] = [];
  const words = text.slice(0, 2000).split(" ");
  for (let w = 0; w < words.length && names.length < 20; w++) {
    if (!FIELD_WORDS.has(trimEnd(words[w], ":").toLowerCase())) continue;
    for (let k = w + 1; k < words.length && k - w < 12; k++) {
      const word = words[k];
      if (BETWEEN_FIELDS.has(word.toLowerCase())) continue;
      const name = /^`([A-Za-z_][\w.-]{0,60})`$/.exec(trimEnd(word, ",.;:"))?.[1];
      if (!name) break;
      names.push(name);
    }
  }
  return names;
}

const PARAM_WORDS = new Set(["parameter", "parameters", "param", "params", "argument", "arguments"]);
/** Words between a parameter's name and the word "parameter": "the `platform` query parameter", "deck_count as a GET or POST parameter". */
const QUALIFIERS = new Set([
  "query",
  "path",
  "url",
  "body",
  "form",
  "request",
  "header",
  "optional",
  "required",
  "get",
  "post",
  "or",
  "a",
  "an",
  "as",
]);
/** Words that stand before "parameter" without naming one: "the following parameter", "the same parameter". */
const NOT_PARAM_NAMES = new Set([
  "the",
  "this",
  "that",
  "each",
  "every",
  "any",
  "one",
  "two",
  "three",
  "following",
  "same",
  "other",
  "first",
  "second",
  "last",
  "new",
  "given",
  "above",
  "below",
  "additional",
  "extra",
  "optional",
  "required",
  "search",
  "mandatory",
  "such",
  "these",
  "those",
  "and",
  "or",
]);

const QUOTES = "'\"‘’“”";

/** The parameter name a word of prose writes: `name`, **name**, `name=value`, or a bare name with `_` or `=` in it; the rest only when `bare`. */
function nameInWord(word: string, bare: boolean): { name: string; formatted: boolean } | null {
  const w = trimEnd(word, ",.;:)");
  const quoted = w.length > 2 && QUOTES.includes(w[0]) && QUOTES.includes(w[w.length - 1]);
  const formatted = quoted || (w.startsWith("`") && w.endsWith("`")) || (w.length > 2 && w.startsWith("*") && w.endsWith("*"));
  const inner = quoted ? w.slice(1, -1) : formatted ? trimEnd(trimStart(w, "`*"), "`*") : w;
  const name = inner.split("=")[0].replace(/^\?/, "");
  // `match[]=<selector>`, `filter[status]=…`: a repeated or Rails-style name is kept whole.
  if (!QUERY_NAME.test(name) || NOT_PARAM_NAMES.has(name.toLowerCase())) return null;
  // `?delete`: written as the query string writes it.
  if (formatted || inner.includes("=") || name.includes("_") || inner.startsWith("?")) return { name, formatted: true };
  return bare && /^[a-z]+$/.test(name) ? { name, formatted: false } : null;
}

/**
 * Parameters a sentence names without listing them: "The **q** parameter contains …", "use the page query parameter",
 * "Use the **lat** and **lon** parameters", "Add deck_count as a GET or POST parameter", "a timestamp parameter named
 * `from`", "Requires two parameters: `gem_name` and `url`", "Pass `only=runtime` to restrict …".
 */
export function proseParams(text: string): string[] {
  const names: string[] = [];
  const words = text.slice(0, 2000).split(" ");
  const add = (name: string) => {
    if (!names.includes(name) && names.length < 20) names.push(name);
  };
  for (let w = 0; w < words.length && names.length < 20; w++) {
    const word = trimEnd(words[w], ",.;:").toLowerCase();
    // `name=value` in a code span (`?expand=roster&season=2014`) is a parameter and its value, whatever the sentence says of it.
    if (words[w].startsWith("`") && words[w].includes("=")) {
      for (const pair of trimEnd(words[w], ",.;:").split("&").slice(0, 20)) {
        const name = trimStart(trimEnd(pair, "`"), "`?").split("=")[0];
        if (/^[A-Za-z_][\w.-]{0,60}$/.test(name)) add(name);
      }
    }
    // "If the `?delete` query string is included", "add the '?expand' flag": a query name, written as one.
    const flag = word === "flag" || word === "flags" || (word === "string" && words[w - 1]?.toLowerCase() === "query");
    // "optional: `source`, `sr`" beside "required params: …": a requirement as the label of names.
    const labelled = w === 0 && words[w].endsWith(":") && /^(?:optional|required|mandatory)$/.test(word);
    if (!PARAM_WORDS.has(word) && !flag && !labelled) continue;
    // Backwards: the names before the word, over its qualifiers ("query", "as a GET or POST") and lists ("**lat** and **lon**").
    let k = w - 1;
    while (k >= 0 && w - k < 8 && QUALIFIERS.has(words[k].toLowerCase())) k--;
    // A bare word names a parameter only right after "the" ("the page query parameter", "the limit and offset parameters").
    const listed: { name: string; formatted: boolean }[] = [];
    for (let j = k; j >= 0 && listed.length < 10; j -= 2) {
      const named = nameInWord(words[j], true);
      if (!named) break;
      listed.push(named);
      k = j;
      if (j < 1 || !["and", "or", "&"].includes(words[j - 1].toLowerCase())) break;
    }
    const afterThe = k >= 1 && words[k - 1].toLowerCase() === "the";
    for (const named of listed.reverse()) if (named.formatted || (afterThe && !flag)) add(named.name);
    // Forwards: "parameter named `from`", "parameters: `gem_name` and `url`", "parameters are supported: **city**, **street**".
    let f = w + 1;
    if (["named", "called"].includes((words[f] ?? "").toLowerCase())) f++;
    else {
      let colon = w;
      while (colon < words.length && colon - w < 4 && !words[colon].endsWith(":")) colon++;
      if (!words[colon]?.endsWith(":")) continue;
      f = colon + 1;
    }
    for (let aside = false; f < words.length && f - w < 80 && names.length < 20; f++) {
      const lower = words[f].toLowerCase();
      // A parenthesis after a name describes it: "**district** (as in city district or suburb), **housenumber**".
      if (aside || words[f].startsWith("(")) {
        aside = !words[f].includes(")");
        continue;
      }
      if (["and", "or", "optional", "optionally"].includes(lower)) continue;
      const named = nameInWord(words[f], false);
      if (!named || !(words[f].startsWith("`") || words[f].startsWith("**"))) break;
      add(named.name);
    }
  }
  return names;
}

/**
 * Methods a sentence offers together for what it sends somewhere ("simply PUT/POST the JSON object directly to the
 * root URL"): two or more methods joined by slashes, "to" following within a few words. Empty for any other text.
 */
export function sentMethods(text: string): string[] {
  for (const sentence of sentences(text)) {
    const words = sentence.split(" ");
    for (let w = 0; w < words.length; w++) {
      const methods = trimEnd(words[w].replace(/^\*+/, ""), "*,.:").split("/");
      if (methods.length < 2 || !methods.every((m) => METHODS.includes(m))) continue;
      if (words.slice(w + 1, w + 8).some((x) => x === "to")) return methods;
    }
  }
  return [];
}

/**
 * The methods a sentence under a route says the route also takes: "This endpoint also supports *DELETE* and *PATCH*
 * methods as above", "It also accepts PUT requests". Empty for any other text.
 */
export function alsoMethods(text: string): string[] {
  for (const sentence of sentences(text)) {
    const words = sentence.split(" ");
    const also = words.indexOf("also");
    if (also < 0 || !/^(?:supports|accepts|allows|takes|responds)$/.test(words[also + 1] ?? "")) continue;
    const methods: string[] = [];
    for (let w = also + 2; w < words.length && w - also < 12; w++) {
      const word = trimEnd(trimStart(words[w], "*`"), "*`,.:;");
      if (METHODS.includes(word)) methods.push(word);
      else if (methods.length && !["and", "or", "to", "&"].includes(word)) break;
    }
    if (methods.length) return methods;
  }
  return [];
}

/** The aliases a sentence gives a path: "call the `/publish` endpoint (or its aliases `/send` and `/trigger`)" → /publish: /send, /trigger. */
export function pathAliases(text: string): { path: string; aliases: string[] } | null {
  const at = text.indexOf("alias");
  if (at < 0) return null;
  const spans = codeSpanPaths(text);
  const before = spans.filter((s) => s.start < at);
  const after = spans.filter((s) => s.start > at).map((s) => s.path);
  return before.length && after.length ? { path: before[before.length - 1].path, aliases: after.slice(0, 10) } : null;
}

/** The method a line announces for the URL that follows it: "submit a `POST` request to the following endpoint:". */
export function announcedMethod(text: string): string | null {
  const t = text.trim();
  if (!t.endsWith(":") || t.length > 300) return null;
  for (const method of METHODS) {
    for (const spelled of [`\`${method}\` request`, `${method} request`]) {
      const at = t.indexOf(spelled);
      if (at >= 0 && !/\w/.test(t[at - 1] ?? "")) return method;
    }
  }
  return null;
}

/**
 * The route of a code block that is one URL or path and nothing else, announced by the line before:
 * an origin written with placeholders (`http://<host>:<port>/db/<name>/tx`) is the instance's own, so
 * the route is its path.
 */
export function announcedRoute(method: string, lines: string[]): Route | null {
  const filled = lines.map((l) => l.trim()).filter(Boolean);
  if (filled.length !== 1) return null;
  let line = filled[0];
  if (line.startsWith("http://") || line.startsWith("https://")) {
    const slash = line.indexOf("/", line.indexOf("//") + 2);
    const origin = slash < 0 ? line : line.slice(0, slash);
    if (/[<{$]/.test(origin)) line = slash < 0 ? "/" : line.slice(slash);
  }
  const path = pathAt(line, 0);
  return path && path.end === line.length ? { method, path: path.path, end: line.length } : null;
}

const MAX_TEMPLATES_PER_PAGE = 100;
const MAX_VALUES = 100;

/** A segment holding a generated value (`20171210T211224Z-2be650b6d019eb54`: ten digits or more): the span is an instance, not a template. */
const isValue = (segment: string) => segment.replace(/\D+/g, "").length >= 10;

/**
 * What a line says about placeholders without stating a route: path templates in code spans that name no
 * method (`<topic>/json`, `/users/{id}`) and values it says stand for a parameter ("assuming your topic is
 * `mywebhook`").
 */
export function readTemplates(text: string, hints: { templates?: string[]; values?: Record<string, string> }): void {
  if (!text.includes("`")) return;
  for (let i = text.indexOf("`"); i >= 0; i = text.indexOf("`", i + 1)) {
    const end = text.indexOf("`", i + 1);
    if (end < 0) break;
    const span = text.slice(i + 1, end).trim();
    i = end;
    if (!/^[</{:]/.test(span) || !span.includes("/") || !/[<{]|\/:/.test(span) || (hints.templates?.length ?? 0) >= MAX_TEMPLATES_PER_PAGE)
      continue;
    const written = span.startsWith("/") ? span : `/${span}`;
    const path = pathAt(written, 0);
    if (path && path.end === written.length && !written.split("/").some(isValue)) (hints.templates ??= []).push(written);
  }
  for (let at = text.toLowerCase().indexOf("your "); at >= 0; at = text.toLowerCase().indexOf("your ", at + 5)) {
    const m = /^your ([a-z][a-z_-]{1,30}) is `([\w.-]{1,60})`/i.exec(text.slice(at, at + 110));
    if (!m) continue;
    const values = (hints.values ??= Object.create(null) as Record<string, string>);
    if (Object.keys(values).length < MAX_VALUES) values[m[2]] = m[1].toLowerCase();
  }
}

/** The sentences of a paragraph (split at ". "), at most MAX_SENTENCES, each at most 300 characters. */
function sentences(text: string): string[] {
  const out: string[] = [];
  let start = text.length - text.trimStart().length;
  while (start < text.length && out.length < MAX_SENTENCES) {
    const stop = text.indexOf(". ", start);
    const end = stop < 0 ? text.length : stop;
    out.push(text.slice(start, Math.min(end, start + 300)));
    start = end + 2;
  }
  return out;
}
