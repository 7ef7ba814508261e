// The state of reading one page's blocks: the headings above, the endpoint whose section this is, the
// parameters waiting for their route, and how a section's kind (parameters, response, object …) is told.
import { dropLastWord } from "./text";
import { SAYS_REQUESTS, STARTS_WITH } from "./hints";
import type { Block } from "./blocks";
import type { Example } from "./examples";
import type { Draft, Hints, Page } from "./draft";
import { schemaOf } from "./json-schema";
import { type FoundParam, type ParamLocation, plain } from "./params";
import { methodOfVerb, queryNamesOf } from "./prose";
import { sameRoute } from "./readers";
import type { Route } from "./routes";

const SENDS_BODY = new Set(["POST", "PUT", "PATCH"]);

export type Kind = "response" | "object" | "params" | "changelog" | "other";
/** `drafts`: how many drafts the page had when the heading opened its section. */
type Heading = { level: number; text: string; kind: Kind; location: ParamLocation | null; generic: boolean; drafts?: number };

const MAX_DRAFTS = 1000;
const MAX_PARAMS = 300;
const MAX_OBJECTS = 500;
// A "Deprecation notice" heading announces; it does not list changes.
export const CHANGELOG =
  /\b(?:change ?log|release notes|what'?s new|version history|deprecations?(?! notice)|migration guide|breaking changes)\b/i;
const SUPERSEDED = /\b(?:legacy|deprecated|old)\b[^.]{1,40}\b(?:routes|endpoints|paths|urls)\b/i;
const RESPONSE = /\b(?:responses?|returns?|return value|output|errors?|status codes?|error codes?)\b/i;
const RESULTS = /\bresults?\b/i;
/** A section on narrowing a list: "Filter locations", "Sorting", "Pagination", "Search parameters". */
const FILTERING = /\b(?:filter|sort|order|paginat|search|quer)/i;
/** "Filter results by …", "Number of results", "Sorting results": a section on what a request asks for, not on the response. */
const SHAPING_RESULTS = /\b(?:filter|sort|order|limit|paginat|dedupe|group)|\bnumber of\b/i;
const PARAMS =
  /\b(?:requestbody|param(?:eter)?s?|arguments?|headers?|body|fields?|quer(?:y|ies)|attributes?|options|form data|payload|request schema|json params|inputs?|properties)\b/i;
const OBJECT = /(?:^the \S+ object\b|\b(?:objects?|models?|schemas?|structures?|resources?|entity|entities|types?|enums?|definitions)$)/i;
export const GENERIC =
  /^(?:http request|request|endpoint|url|definition|route|method|http method|signature|usage|request url|resource url|example request|request example)s?$/i;

/**
 * A short line or heading that announces the API's base URL ("Base URLs:", "API Servers", "All requests to the API
 * begin with:"), the URL itself to follow.
 */
export function namesBase(text: string): boolean {
  if (text.includes("http") || text.length >= 80) return false;
  if (/\b(?:base url|servers?)s?\b/i.test(text)) return true;
  const lower = text.toLowerCase();
  if (!lower.trimEnd().endsWith(":") || !SAYS_REQUESTS.test(lower)) return false;
  // "All API requests begin with:", "All Pelias requests share the same format:" (one request's URL follows).
  return STARTS_WITH.some((w) => lower.includes(w)) || (/\b(?:all|every)\b/.test(lower) && /\b(?:format|form|pattern)\b/.test(lower));
}

/** A parameters section that says its parameters go with every request of the page ("List of all parameters", "Common parameters"). */
export const PAGE_WIDE = /\b(?:all|common|global|shared|every)\b/i;

/** The non-empty segments of a written path or URL, without its origin and query. */
function segmentsOf(raw: string): string[] {
  const scheme = raw.indexOf("://");
  const slash = scheme >= 0 && scheme < 8 ? raw.indexOf("/", scheme + 3) : 0;
  const path = slash < 0 ? "" : raw.slice(slash);
  return path.split("?")[0].split("#")[0].split("/").filter(Boolean).slice(-20);
}

/** A segment written as a placeholder in any spelling (`{id}`, `:id`, `<id>`, `[id]`, `(id)`), or holding one. */
const isTemplated = (segment: string) => /[{<[(]/.test(segment) || segment.startsWith(":") || segment.startsWith("$");

export const clean = (s: string) => plain(s).replace(/\s+/g, " ").trim();
/** "The User object", "Channel Structure" → "user", "channel". */
const objectName = (text: string) =>
  dropLastWord(clean(text), ["object", "objects", "model", "schema", "structure", "resource", "entity"])
    .replace(/^the /i, "")
    .trim()
    .toLowerCase();

/**
 * The same words in Chinese, as API documentation written in it (and Apifox's or YApi's Markdown exports) titles its
 * sections: "返回/响应" (response, returned) before "参数/请求体" (parameters, request body), since "返回参数" are a response's.
 */
const RESPONSE_ZH = /返回|响应|出参/;
const PARAMS_ZH = /参数|请求体|入参/;

/** What a heading or label says its section holds. */
export function kindOf(text: string): Kind {
  const t = clean(text);
  if (RESPONSE_ZH.test(t)) return "response";
  if (PARAMS_ZH.test(t)) return "params";
  // "Legacy project-scoped routes", "Deprecated endpoints": superseded routes listed beside the reference, like a changelog's.
  if (CHANGELOG.test(t) || SUPERSEDED.test(t)) return "changelog";
  if (/\brequest\b/i.test(t) && PARAMS.test(t)) return "params";
  // "To return the timestamps for one bug:" says what the request after it is for, not what it answers.
  if (/^to [a-z]+ /i.test(t) && !PARAMS.test(t)) return "other";
  if (RESPONSE.test(t) || (RESULTS.test(t) && !SHAPING_RESULTS.test(t))) return "response";
  if (PARAMS.test(t)) return "params";
  // "List Available Models", "Create a Schema": an action on objects, not their definition.
  const words = t.replace(/^[^A-Za-z]+/, "");
  if (OBJECT.test(t) && !methodOfVerb(words) && !/^(?:update|edit|modify|generate|upload)\s/i.test(words)) return "object";
  return "other";
}

/** A record with no prototype: a section named "constructor" or "__proto__" is a name like any other. */
export const noPrototype = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export class PageReader {
  readonly drafts: Draft[] = [];
  readonly hints: Hints = {
    baseUrls: [],
    exampleUrls: [],
    auth: new Set(),
    apiKeyHeaders: new Set(),
    apiKeyQuery: new Set(),
    objects: noPrototype(),
  };
  readonly headings: Heading[] = [];
  readonly changelogPage: boolean;
  /** The endpoint whose section is being read, and the level of the heading that opened it. */
  current: Draft | null = null;
  scope = 0;
  paramIndent = -1;
  /** A heading that is a path (`at` its block), while its section lasts; `drafts` how many the page had when it was read. */
  pathHeading: { level: number; path: string; at: number; drafts: number; sharesParamsOf?: string } | null = null;
  /** The routes a table of routes just listed (drafts `from`…`to`), while the section holding it (below `parent`) lasts. */
  routeTable: { from: number; to: number; parent: number } | null = null;
  /** Headings read so far, and routes opened one after another by lines of one section, with no parameter between them. */
  headingCount = 0;
  private lineGroup: { drafts: Draft[]; headingCount: number } = { drafts: [], headingCount: 0 };
  /** "submit a `POST` request to the following endpoint:" */
  announced: { method: string; at: number } | null = null;
  /** A path written alone on its line, its method in the next sentence. */
  lone: { path: string; at: number } | null = null;
  expectBase = false;
  labelMethod: { method: string; at: number } | null = null;
  /**
   * A path written after a label ("Default URL: `/users/`") in the section being read (`headingCount` when it was
   * read), its methods to follow; when the label says it is an endpoint ("Endpoint:", "Request URL:"), `stated` holds how
   * many drafts the page had then.
   */
  labelPath: { path: string; headingCount: number; stated?: number } | null = null;
  /** Methods a sentence of the section offers together ("PUT/POST the JSON object to …"), and the level of that section. */
  offered: { methods: string[]; level: number } | null = null;
  /** The "Parameters" heading last read, while no other heading of its level or above follows: names titling sections after it are parameters. */
  paramSection: { level: number; location: ParamLocation | null } | null = null;
  /** A list of example calls under an "Examples" label or heading: the last block of it read. */
  examplesAt = -1;
  /** A list of endpoints announced by the line before ("provides the following endpoints:"): the last block of it read. */
  endpointList = -1;
  /** Parameters written before their section's route (prose, then the example). */
  pending: FoundParam[] = [];
  /** Parameters written before any route, kept for a page about one route (see placeUnplaced). */
  readonly unplaced: FoundParam[] = [];
  /** The heading the first of them was written under. */
  pendingAt: Heading | null = null;
  /** The level of the section those parameters belong to: a subsection after them ("Request") keeps them. */
  pendingScope = 0;
  label: { kind: Kind; location: ParamLocation | null } | null = null;
  /** A name alone on its line, its description to follow. */
  named: { param: FoundParam; at: number } | null = null;
  /** The endpoint a route heading opened. */
  headingRoute: Draft | null = null;
  /** Literal path segments the prose under their route sets apart as names ("The *querystring* must be …"). */
  namedSegments = new Set<string>();
  /** Parameters of a section that gives them to every request of the page, and that section's heading level (-1 outside one). */
  readonly pageWide: FoundParam[] = [];
  pageWideLevel = -1;
  private objectCount = 0;
  /** The object section the last field belonged to, and its name. */
  private lastObject = { section: "", name: "" };

  constructor(
    readonly page: Page,
    readonly blocks: Block[],
  ) {
    this.changelogPage = CHANGELOG.test(page.url.replace(/[-_/]/g, " ")) || CHANGELOG.test(page.title ?? "");
  }

  /** The nearest heading above that is not a generic label ("Request", "Endpoint"). */
  nearest(): Heading | null {
    for (let k = this.headings.length - 1; k >= 0; k--) if (!this.headings[k].generic) return this.headings[k];
    return null;
  }

  /** The level of the section an endpoint opened now belongs to: the nearest heading that titles one, not a part of one
   * ("Path Parameters", "Responses" of the endpoint before it: a request line after them opens the next endpoint beside it). */
  scopeLevel(): number {
    for (let k = this.headings.length - 1; k >= 0; k--) {
      const h = this.headings[k];
      if (!h.generic && (h.kind === "other" || h.kind === "object" || h.kind === "changelog")) return h.level;
    }
    return 0;
  }

  /** Whether a heading above the k-th one names an object section. */
  private objectAbove(k: number): boolean {
    const at = this.headings.findIndex((h) => h.kind === "object");
    return at >= 0 && at < k;
  }

  /** What the section being read holds. */
  kindNow(): Kind {
    if (this.label) return this.label.kind;
    for (let k = this.headings.length - 1; k >= 0; k--) {
      if (this.current && this.headings[k].level <= this.scope) break;
      const kind = this.headings[k].kind;
      // "Properties" under "The User object" (or under "Schemas") are the object's fields.
      if (kind === "params" && !this.current && this.objectAbove(k)) return "object";
      if (kind !== "other") return kind;
    }
    return this.headings.some((h) => h.kind === "changelog") || this.changelogPage ? "changelog" : "other";
  }

  locationNow(): ParamLocation | null {
    return this.label?.location ?? this.headings.findLast((h) => h.location && (!this.current || h.level > this.scope))?.location ?? null;
  }

  private objectNow(): string | undefined {
    return this.headings.findLast((h) => h.kind === "object" || h.kind === "other")?.text;
  }

  /** Opens the endpoint a route or example names, in a section at `level` (or refines the one open). */
  open(route: Route | Example, strength: number, level: number, summary?: string) {
    const path = "url" in route ? route.url : route.path;
    const example = "url" in route;
    const current = this.current;
    if (current && level === this.scope && current.strength === 1 && strength === 2) {
      // The example's other methods are the route's: they follow it to the path its request line writes.
      const also = current.also?.map((a) => ({ ...a, rawPath: path }));
      Object.assign(current, { method: route.method, rawPath: path, strength, example, ...(also ? { also } : {}) });
      return;
    }
    if (current && level === this.scope && current.method === route.method && sameRoute(current.rawPath, path)) {
      // The same route written twice (`GET https://host/base/x HTTP/1.1`, then `GET /x`): keep the shorter spelling.
      if (path.split("?")[0].length < current.rawPath.split("?")[0].length) current.rawPath = path;
      for (const name of queryNamesOf(path))
        if (!current.params.some((p) => p.name === name))
          current.params.push({ name, in: "query", schema: { type: "string" }, required: false });
      return;
    }
    if (this.drafts.length >= MAX_DRAFTS) {
      this.current = null;
      return;
    }
    const also = "also" in route && route.also ? route.also.map((method) => ({ method, rawPath: path })) : undefined;
    const grouped = current !== null && level === this.scope && !current.params.length && this.lineGroup.drafts.at(-1) === current;
    // An example takes the parameters written before it only in their own section: one in a later section (a route named
    // in passing under "Adding metadata") is not what they describe.
    const takesPending = level === this.scopeLevel() && (strength !== 1 || this.nearest() === this.pendingAt);
    this.current = {
      method: route.method,
      rawPath: path,
      params: takesPending ? this.pending : [],
      source: this.page.url,
      strength,
      example,
      ...(also ? { also } : {}),
      ...(summary ? { summary } : {}),
    };
    if (takesPending) this.pending = [];
    this.scope = level;
    this.label = null;
    // A method the section offers together with this one ("PUT/POST … to the root URL") is the same operation's too.
    const offered = this.offered?.methods.includes(route.method) ? this.offered.methods.filter((m) => m !== route.method) : [];
    if (offered.length) this.current.also = [...(this.current.also ?? []), ...offered.map((method) => ({ method, rawPath: path }))];
    this.drafts.push(this.current);
    this.lineGroup = { drafts: grouped ? [...this.lineGroup.drafts, this.current] : [this.current], headingCount: this.headingCount };
  }

  /** Files a parameter under the open endpoint, the object section it describes, or the parameters waiting for a route; false for none. */
  addParam(param: FoundParam | null): boolean {
    if (!param) return false;
    const kind = this.kindNow();
    if (kind === "response" || kind === "changelog") return true;
    if (kind === "object" && (!this.current || !this.label)) {
      this.addField(param);
      return true;
    }
    if (this.current) {
      // "Weekly report URL `GET /weekly`", "Summary report URL `GET /summary`", then a section of parameters: they are all of those routes'.
      const group = this.lineGroup;
      const shared = group.drafts.length > 1 && group.drafts.at(-1) === this.current && this.headingCount > group.headingCount;
      for (const draft of shared ? group.drafts : [this.current]) if (draft.params.length < MAX_PARAMS) draft.params.push(param);
    } else if (this.routeTable && param.in === "body") {
      // "Request Methods" as a table of routes, then "Request Body Parameters": the body of each route that sends one.
      for (const draft of this.drafts.slice(this.routeTable.from, this.routeTable.to))
        if (SENDS_BODY.has(draft.method) && draft.params.length < MAX_PARAMS) draft.params.push(param);
    } else if (this.pageWideLevel >= 0) {
      if (this.pageWide.length < MAX_PARAMS) this.pageWide.push(param);
    } else if (this.pending.length < MAX_PARAMS) {
      if (!this.pending.length) {
        this.pendingScope = this.headings.findLast((h) => h.kind === "other" && !h.generic)?.level ?? 0;
        this.pendingAt = this.nearest();
      }
      this.pending.push(param);
      if (this.unplaced.length < MAX_PARAMS) this.unplaced.push(param);
    }
    return true;
  }

  /** A field of the object section being read ("The User object"). */
  private addField(param: FoundParam) {
    const section = this.objectNow() ?? "";
    if (section !== this.lastObject.section) this.lastObject = { section, name: objectName(section) };
    const name = this.lastObject.name;
    const objects = this.hints.objects!;
    if (name && !objects[name] && this.objectCount < MAX_OBJECTS) {
      objects[name] = [];
      this.objectCount++;
    }
    if (name && objects[name] && objects[name].length < MAX_PARAMS) objects[name].push(param);
  }

  /**
   * Parameters of a section that names no route of its own and is about narrowing a list ("Filter locations",
   * "Sorting"), when it ends: the list route of the section it sits under (its GET with the shortest path) takes them.
   */
  adoptFilters() {
    const section = this.headings.findLast((h) => h.level === this.pendingScope);
    if (!this.pending.length || !section || !FILTERING.test(section.text)) return;
    const parent = this.headings.findLast((h) => h.level < this.pendingScope);
    const lists = this.drafts.slice(parent?.drafts ?? 0).filter((d) => d.method === "GET");
    const list = lists.sort((a, b) => segmentsOf(a.rawPath).length - segmentsOf(b.rawPath).length)[0];
    if (!list) return;
    for (const param of this.pending)
      if (param.in !== "body" && !list.params.some((p) => p.name === param.name) && list.params.length < MAX_PARAMS)
        list.params.push({ ...param, in: param.in ?? "query" });
  }

  /**
   * The end of a path heading's section (`/metrics/expand` or `### /houses/{name}`, then prose, parameters, a response,
   * and no method or request anywhere in it): the heading states that route, a GET unless the pages give it another
   * method, as a list of routes without methods does; the parameters the section named are its.
   */
  closePathHeading() {
    const heading = this.pathHeading;
    this.pathHeading = null;
    if (!heading) return;
    // A route of a table or list above that is this heading's path, where the section states other routes with its
    // method (`GET /files/view` over `GET /files/view/md5/{md5}` …): it named the section, not a route.
    const own = this.drafts.slice(heading.drafts).filter((d) => d.strength === 2);
    const sameAsHeading = (d: Draft) => segmentsOf(d.rawPath).join("/") === segmentsOf(heading.path).join("/");
    if (own.length && !own.some(sameAsHeading))
      for (const d of this.drafts.slice(0, heading.drafts))
        if (d.strength === 0 && sameAsHeading(d) && own.some((o) => o.method === d.method)) d.namesSection = true;
    // A sentence of the section that says its route shares another's parameters is the heading route's, however opened.
    if (heading.sharesParamsOf)
      for (const d of this.drafts.slice(heading.drafts)) if (sameAsHeading(d)) d.sharesParamsOf ??= heading.sharesParamsOf;
    if (this.statesRoute(heading.path, heading.drafts, this.pending, heading.sharesParamsOf)) this.pending = [];
  }

  /**
   * The route a section states by its title or a label, where nothing else in it stated one (examples of calls, a curl
   * of the path with its query, do not): a GET unless the pages give the path another method. Whether it was added.
   */
  private statesRoute(path: string, since: number, params: FoundParam[], sharesParamsOf?: string): boolean {
    if (this.drafts.slice(since).some((d) => d.strength !== 1) || this.drafts.length >= MAX_DRAFTS) return false;
    this.drafts.push({
      method: "GET",
      rawPath: path,
      params,
      source: this.page.url,
      strength: 0,
      methodless: true,
      ...(sharesParamsOf ? { sharesParamsOf } : {}),
    });
    return true;
  }

  /**
   * The end of a section that states an endpoint by a label ("Endpoint: `https://host/gimme/{count}`") and no
   * method or route after it: the label states that route, a GET unless the pages give it another method.
   */
  closeLabelPath() {
    const labelled = this.labelPath;
    this.labelPath = null;
    if (labelled?.stated !== undefined) this.statesRoute(labelled.path, labelled.stated, []);
  }

  /**
   * Parameters of a subsection without a route of its own ("### Schema parameters"), when the section holding it ends
   * ("## Create a collection", whose "### With pre-defined schema" defines `POST /collections`): when the section
   * defines one route, they are that route's.
   */
  adoptSectionRoute() {
    const section = this.headings.findLast((h) => h.level === this.pendingScope);
    if (!this.pending.length || section?.drafts === undefined) return;
    const own = this.drafts.slice(section.drafts).filter((d) => d.strength === 2 && !d.methodless && !d.example);
    if (new Set(own.map((d) => `${d.method} ${segmentsOf(d.rawPath).join("/")}`)).size !== 1) return;
    for (const param of this.pending)
      if (!own[0].params.some((p) => p.name === param.name) && own[0].params.length < MAX_PARAMS) own[0].params.push(param);
    this.pending = [];
  }

  /**
   * On a page whose requests all call one route ("The Render URL API": examples of `/render`, then a section per
   * parameter), the parameters no endpoint's section took are that route's.
   */
  placeUnplaced() {
    const routes = new Set(this.drafts.map((d) => `${d.method} ${segmentsOf(d.rawPath).join("/")}`));
    if (routes.size !== 1 || !this.unplaced.length) return;
    const placed = new Set(this.drafts.flatMap((d) => d.params));
    const target = this.drafts.find((d) => d.strength !== 1 && !d.example) ?? this.drafts[0];
    for (const param of this.unplaced)
      if (!placed.has(param) && !target.params.some((p) => p.name === param.name) && target.params.length < MAX_PARAMS)
        target.params.push(param);
  }

  /**
   * Notes the word a line under a route sets apart in emphasis (`The *querystring* must be a valid query`) that is the
   * last segment of that route's path, not its first: the route writes a placeholder by its name.
   */
  noteNamedSegments(text: string) {
    const segments = (this.current?.rawPath ?? "")
      .replace(/^https?:\/\/[^/]+/, "")
      .split("?")[0]
      .split("/");
    const last = segments.length > 2 ? segments[segments.length - 1] : "";
    if (!last || this.namedSegments.size >= 20 || !text.includes(`*${last}*`)) return;
    for (let i = text.indexOf(`*${last}*`); i >= 0; i = text.indexOf(`*${last}*`, i + 1))
      if (text[i - 1] !== "*" && text[i + last.length + 2] !== "*") this.namedSegments.add(last);
  }

  /** Writes the named segments of every route of the page as the placeholders they are (`/album/query/{querystring}`). */
  nameSegments() {
    if (!this.namedSegments.size) return;
    const name = (raw: string) => {
      const [whole, query] = raw.split("?");
      const origin = /^https?:\/\/[^/]+/.exec(whole)?.[0] ?? "";
      const segments = whole.slice(origin.length).split("/");
      // The last segment only, not a route's first.
      const last = segments.length > 2 && this.namedSegments.has(segments[segments.length - 1]);
      const named = last ? `${origin}${[...segments.slice(0, -1), `{${segments[segments.length - 1]}}`].join("/")}` : whole;
      return query === undefined ? named : `${named}?${query}`;
    };
    for (const draft of this.drafts) {
      draft.rawPath = name(draft.rawPath);
      if (draft.also) draft.also = draft.also.map((a) => ({ ...a, rawPath: name(a.rawPath) }));
    }
  }

  /** Gives the page-wide parameters to every endpoint of the page that does not name them itself. */
  spreadPageWide() {
    if (!this.pageWide.length) return;
    for (const draft of this.drafts) {
      const own = new Set(draft.params.map((p) => p.name.toLowerCase()));
      for (const param of this.pageWide)
        if (!own.has(param.name.toLowerCase()) && draft.params.length < MAX_PARAMS) draft.params.push({ ...param });
    }
  }

  /**
   * Whether a request calls the path the open path heading states, with values in its placeholders (`GET
   * /spells/acid-splash` under `## /spells/:spellId`): then it shows that route's method, the heading its path.
   */
  fitsPathHeading(url: string): boolean {
    if (!this.pathHeading) return false;
    const route = segmentsOf(this.pathHeading.path);
    const called = segmentsOf(url);
    return route.length === called.length && route.some(isTemplated) && route.every((s, i) => s === called[i] || isTemplated(s));
  }

  /** Whether an example calls the open endpoint's route (its method, and a path that ends as the route's does, placeholders taking any value. */
  confirms(example: Example): boolean {
    const draft = this.current as Draft;
    if (draft.method !== example.method) return false; // `PUT` then `PATCH` of one path: two operations
    const route = segmentsOf(draft.rawPath);
    const called = segmentsOf(example.url);
    // Two whole URLs are one route only with as many segments: `https://host/id/9/200/300` does not call `https://host/200/300`.
    if (/^https?:\/\//.test(draft.rawPath) && /^https?:\/\//.test(example.url) && route.length !== called.length) return false;
    const n = Math.min(route.length, called.length);
    if (!n) return route.length === called.length;
    for (let k = 1; k <= n; k++) {
      const [want, got] = [route[route.length - k], called[called.length - k]];
      if (want !== got && !isTemplated(want)) return false;
    }
    return true;
  }

  /** An example of another route than the open endpoint's, under its section: a draft of its own, the section still the endpoint's. */
  aside(example: Example, summary?: string) {
    if (this.drafts.length >= MAX_DRAFTS) return;
    const location: ParamLocation = example.method === "GET" || example.method === "DELETE" ? "query" : "body";
    this.drafts.push({
      method: example.method,
      rawPath: example.url,
      params: example.fields.map((name) => ({ name, in: location, schema: { type: "string" }, required: false })),
      source: this.page.url,
      strength: 1,
      example: true,
      ...(example.body && typeof example.body === "object" ? { requestExample: schemaOf(example.body) } : {}),
      ...(summary ? { summary } : {}),
    });
  }

  /** An example of the open endpoint lends its body, fields and query names. */
  attachExample(example: Example) {
    const draft = this.current as Draft;
    if (draft.method !== example.method) return;
    if (example.body && typeof example.body === "object") draft.requestExample ??= schemaOf(example.body);
    const location: ParamLocation = draft.method === "GET" || draft.method === "DELETE" ? "query" : "body";
    for (const name of example.fields) draft.params.push({ name, in: location, schema: { type: "string" }, required: false });
    for (const name of queryNamesOf(example.url))
      if (!draft.params.some((p) => p.name === name) && draft.params.length < MAX_PARAMS)
        draft.params.push({ name, in: "query", schema: { type: "string" }, required: false });
  }
}
