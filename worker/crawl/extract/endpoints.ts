// Reading endpoints out of a page's Markdown blocks: routes in headings, lines, code blocks, badges and
// summary tables; request examples; parameters of the endpoint's section; object sections as schemas.
import { dropLastWord, trimEnd } from "./text";
import { type Block, blocksOf } from "./blocks";
import { type Example, exampleOf } from "./examples";
import { HINT_WORDS, readHints } from "./hints";
import { parseExample, type Schema, schemaOf } from "./json-schema";
import { type FoundParam, locationOf, nameOf, type ParamLocation, paramOfItem, paramOfTag, paramsOfTable, plain, typeAtStart } from "./params";
import { addedRoutes, announcedMethod, announcedRoute, lonePath, readTemplates, methodOfVerb, namedFields, payloadRoute, queryNamesOf, queryUrlRoute, verbRoute } from "./prose";
import { codeSpanRoute, paramOfHeading, readSummaryTable, sameRoute, typedObjectKeys, typedParams } from "./readers";
import { findRoute, leadingRoute, METHODS, pathAt, type Route, routeAt, upperMethod } from "./routes";

export type Draft = {
  method: string;
  /** Path as written: relative (/notes/{id}) or absolute (https://api.example.com/v1/notes). */
  rawPath: string;
  summary?: string;
  description?: string;
  params: FoundParam[];
  requestExample?: Schema;
  responseExample?: Schema;
  source: string;
  /** How the route was found: 0 a summary table or list, 1 a request example only, 2 a signature. */
  strength: number;
  /** The route was read from a request example (a code block) rather than written as the endpoint's definition. */
  example?: boolean;
  /** Other routes its line states with it (`HEAD|GET /x`, "`GET /a`, `GET /b`: …"): each an operation with the same parameters. */
  also?: { method: string; rawPath: string }[];
};
export type Hints = {
  baseUrls: string[];
  exampleUrls: string[];
  auth: Set<string>;
  apiKeyHeaders: Set<string>;
  apiKeyQuery: Set<string>;
  /** Fields of the objects the pages describe ("The User object"), by lowercase name. */
  objects?: Record<string, FoundParam[]>;
  /** Path templates written without a method (`<topic>/json`): examples that are their instances take their placeholders. */
  templates?: string[];
  /** Values the pages say stand for a parameter ("your topic is `mywebhook`"): value → name. */
  values?: Record<string, string>;
};
export type Page = { url: string; title?: string | null; markdown: string };

/** A record with no prototype: a section named "constructor" or "__proto__" is a name like any other. */
export const noPrototype = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

type Kind = "response" | "object" | "params" | "changelog" | "other";
type Heading = { level: number; text: string; kind: Kind; location: ParamLocation | null; generic: boolean };

const MAX_DRAFTS = 1000;
const MAX_PARAMS = 300;
const MAX_OBJECTS = 500;
const CHANGELOG = /\b(?:change ?log|release notes|what'?s new|version history|deprecations?|migration guide|breaking changes)\b/i;
const RESPONSE = /\b(?:responses?|returns?|return value|output|results?|errors?|status codes?|error codes?)\b/i;
const PARAMS = /\b(?:requestbody|param(?:eter)?s?|arguments?|headers?|body|fields?|quer(?:y|ies)|attributes?|options|form data|payload|request schema|json params|inputs?|properties)\b/i;
const OBJECT = /(?:^the \S+ object\b|\b(?:objects?|models?|schemas?|structures?|resources?|entity|entities|types?|enums?|definitions)$)/i;
/** A short line or heading that announces the API's base URL ("Base URLs:", "API Servers"), the URL itself to follow. */
const namesBase = (text: string) => /\b(?:base url|servers?)s?\b/i.test(text) && !text.includes("http") && text.length < 80;
const PAYLOAD = /\b(?:payload|request body|json body)\b/i;
const GENERIC = /^(?:http request|request|endpoint|url|definition|route|method|http method|signature|usage|request url|resource url|example request|request example)s?$/i;

const clean = (s: string) => plain(s).replace(/\s+/g, " ").trim();
/** "The User object", "Channel Structure" → "user", "channel". */
const objectName = (text: string) =>
  dropLastWord(clean(text), ["object", "objects", "model", "schema", "structure", "resource", "entity"])
    .replace(/^the /i, "")
    .trim()
    .toLowerCase();

function kindOf(text: string): Kind {
  const t = clean(text);
  if (CHANGELOG.test(t)) return "changelog";
  if (/\brequest\b/i.test(t) && PARAMS.test(t)) return "params";
  if (RESPONSE.test(t)) return "response";
  if (PARAMS.test(t)) return "params";
  if (OBJECT.test(t)) return "object";
  return "other";
}

/** A short label line that names a section ("Query parameters:", "**Response**"), or null. */
function labelOf(text: string): string | null {
  const t = text.trim();
  if (t.length > 60) return null;
  if (t.endsWith(":") || /^\*\*[^*]+\*\*:?$/.test(t)) return clean(t.replace(/:$/, ""));
  return null;
}

/** Routes listed after the one ending at `end` on the same line ("`GET /a`, `GET /b` and `GET /c`: …"), each with its method alternatives. */
function routesAfter(text: string, end: number): { method: string; rawPath: string; end: number }[] {
  const found: { method: string; rawPath: string; end: number }[] = [];
  let at = end;
  while (found.length < 20) {
    let i = at;
    while (i < text.length && i - at < 8 && " `*,;&".includes(text[i])) i++;
    if (text.startsWith("and ", i)) i += 4;
    while (i < text.length && i - at < 12 && " `*".includes(text[i])) i++;
    const route = i > at ? routeAt(text, i) : null;
    if (!route) break;
    for (const method of [route.method, ...(route.also ?? [])]) found.push({ method, rawPath: route.path, end: route.end });
    at = route.end;
  }
  return found;
}

/** Query parameters a route's line names in code spans after it ("Use `?version={version_id}` to …"). */
function queryNamesIn(text: string, from: number): string[] {
  const names: string[] = [];
  for (let i = text.indexOf("`?", from); i >= 0 && names.length < 20; i = text.indexOf("`?", i + 2)) {
    const name = /^[A-Za-z_][\w.[\]-]{0,60}/.exec(text.slice(i + 2, i + 64))?.[0];
    if (name && (text[i + 2 + name.length] === "=" || text[i + 2 + name.length] === "`")) names.push(name);
  }
  return names;
}

/** Reads endpoints, hints and object sections from one page of Markdown; `work` counts characters read. */
export function readEndpoints(page: Page): { drafts: Draft[]; hints: Hints; work: number } {
  const { blocks, work } = blocksOf(page.markdown);
  const drafts: Draft[] = [];
  const hints: Hints = { baseUrls: [], exampleUrls: [], auth: new Set(), apiKeyHeaders: new Set(), apiKeyQuery: new Set(), objects: noPrototype() };
  let objectCount = 0;
  let lastObject = { section: "", name: "" }; // the object section the last field belonged to, and its name
  const changelogPage = CHANGELOG.test(page.url.replace(/[-_/]/g, " ")) || CHANGELOG.test(page.title ?? "");
  const headings: Heading[] = [];
  const st: { current: Draft | null; scope: number } = { current: null, scope: 0 };
  let paramIndent = -1;
  let pathHeading: { level: number; path: string; at: number } | null = null;
  let announced: { method: string; at: number } | null = null; // "submit a `POST` request to the following endpoint:"
  let lone: { path: string; at: number } | null = null; // a path written alone on its line, its method in the next sentence
  let expectBase = false;
  let labelMethod: { method: string; at: number } | null = null;
  let pending: FoundParam[] = []; // parameters written before their section's route (prose, then the example)
  let pendingScope = 0; // the level of the section those parameters belong to: a subsection after them ("Request") keeps them
  let label: { kind: Kind; location: ParamLocation | null } | null = null;
  let named: { param: FoundParam; at: number } | null = null; // a name alone on its line, its description to follow
  let headingRoute: Draft | null = null; // the endpoint a route heading opened

  const nearest = () => {
    for (let k = headings.length - 1; k >= 0; k--) if (!headings[k].generic) return headings[k];
    return null;
  };
  const scopeLevel = () => nearest()?.level ?? 0;
  /** Whether a heading above the k-th one names an object section. */
  const objectAbove = (k: number) => {
    const at = headings.findIndex((h) => h.kind === "object");
    return at >= 0 && at < k;
  };
  const kindNow = (): Kind => {
    if (label) return label.kind;
    for (let k = headings.length - 1; k >= 0; k--) {
      if (st.current && headings[k].level <= st.scope) break;
      const kind = headings[k].kind;
      // "Properties" under "The User object" (or under "Schemas") are the object's fields.
      if (kind === "params" && !st.current && objectAbove(k)) return "object";
      if (kind !== "other") return kind;
    }
    return headings.some((h) => h.kind === "changelog") || changelogPage ? "changelog" : "other";
  };
  const locationNow = () => label?.location ?? headings.findLast((h) => h.location && (!st.current || h.level > st.scope))?.location ?? null;
  const objectNow = () => headings.findLast((h) => h.kind === "object" || h.kind === "other")?.text;

  const open = (route: Route | Example, strength: number, level: number, summary?: string) => {
    const path = "url" in route ? route.url : route.path;
    const example = "url" in route;
    if (st.current && level === st.scope && st.current.strength === 1 && strength === 2) {
      Object.assign(st.current, { method: route.method, rawPath: path, strength, example });
      return;
    }
    if (st.current && level === st.scope && st.current.method === route.method && sameRoute(st.current.rawPath, path)) {
      // The same route written twice (`GET https://host/base/x HTTP/1.1`, then `GET /x`): keep the shorter spelling.
      if (path.split("?")[0].length < st.current.rawPath.split("?")[0].length) st.current.rawPath = path;
      for (const name of queryNamesOf(path)) if (!st.current.params.some((p) => p.name === name)) st.current.params.push({ name, in: "query", schema: { type: "string" }, required: false });
      return;
    }
    if (drafts.length >= MAX_DRAFTS) {
      st.current = null;
      return;
    }
    const also = "also" in route && route.also ? route.also.map((method) => ({ method, rawPath: path })) : undefined;
    st.current = { method: route.method, rawPath: path, params: level === scopeLevel() ? pending : [], source: page.url, strength, example, ...(also ? { also } : {}), ...(summary ? { summary } : {}) };
    pending = [];
    st.scope = level;
    label = null;
    drafts.push(st.current);
  };
  const addParam = (param: FoundParam | null) => {
    if (!param) return false;
    const kind = kindNow();
    if (kind === "response" || kind === "changelog") return true;
    if (kind === "object" && (!st.current || !label)) {
      const section = objectNow() ?? "";
      if (section !== lastObject.section) lastObject = { section, name: objectName(section) };
      const name = lastObject.name;
      const objects = hints.objects!;
      if (name && !objects[name] && objectCount < MAX_OBJECTS) {
        objects[name] = [];
        objectCount++;
      }
      if (name && objects[name] && objects[name].length < MAX_PARAMS) objects[name].push(param);
      return true;
    }
    if (st.current) {
      if (st.current.params.length < MAX_PARAMS) st.current.params.push(param);
    }
    else if (pending.length < MAX_PARAMS) {
      if (!pending.length) pendingScope = headings.findLast((h) => h.kind === "other" && !h.generic)?.level ?? 0;
      pending.push(param);
    }
    return true;
  };
  const attachExample = (example: Example) => {
    const draft = st.current as Draft;
    if (draft.method !== example.method) return;
    if (example.body && typeof example.body === "object") draft.requestExample ??= schemaOf(example.body);
    const location: ParamLocation = draft.method === "GET" || draft.method === "DELETE" ? "query" : "body";
    for (const name of example.fields) draft.params.push({ name, in: location, schema: { type: "string" }, required: false });
  };

  for (let b = 0; b < blocks.length; b++) {
    const block: Block = blocks[b];
    if (block.t === "heading") {
      while (headings.length && headings[headings.length - 1].level >= block.level) headings.pop();
      const text = clean(block.text);
      // A parameter written as a small heading ("amount REQUIRED integer") under its endpoint.
      const asParam = st.current && block.level > st.scope && kindOf(text) === "other" ? paramOfHeading(text, locationNow()) : null;
      if (asParam) {
        headings.push({ level: block.level, text, kind: "other", location: null, generic: true });
        addParam(asParam);
        continue;
      }
      const kind = kindOf(text);
      expectBase = namesBase(text);
      headings.push({ level: block.level, text, kind, location: kind === "params" ? locationOf(text) : null, generic: GENERIC.test(text) });
      label = null;
      if (block.level <= pendingScope) pending = [];
      paramIndent = -1;
      if (pathHeading && pathHeading.level >= block.level) pathHeading = null;
      let route = kind === "changelog" || changelogPage ? null : findRoute(upperMethod(block.text));
      // "### /v3/orders" then "#### GET": a path heading with its methods as subheadings.
      const bare = pathAt(text, 0);
      if (!route && bare && bare.end === text.length && text.startsWith("/")) {
        // A heading that is a path opens that endpoint's section: the route above ends here.
        pathHeading = { level: block.level, path: bare.path, at: b };
        st.current = null;
        continue;
      }
      if (!route && pathHeading && METHODS.includes(text.toUpperCase())) route = { method: text.toUpperCase(), path: pathHeading.path, end: 0 };
      if (route) {
        const rest = clean(block.text.replace(route.path, "").replace(route.method, ""));
        open(route, 2, block.level, rest.length > 2 ? rest : headings[headings.length - 2]?.text);
        headingRoute = st.current;
      } else if (st.current && block.level <= st.scope) st.current = null;
      continue;
    }
    const kind = kindNow();
    if (block.t === "code") {
      const first = block.lines.find((l) => l.trim())?.trim() ?? "";
      const definition = announced?.at === b - 1 && kind !== "changelog" ? announcedRoute(announced.method, block.lines) : null;
      if (definition) {
        open(definition, 2, scopeLevel(), nearest()?.text);
        continue;
      }
      // "### API Servers" then a block that is only the URL.
      if (expectBase && /^https?:\/\/[\w.-]+(?::\d{1,5})?(?:\/\S*)?$/.test(first) && block.lines.filter((l) => l.trim()).length <= 3) hints.baseUrls.push(first);
      expectBase = false;
      if (first[0] !== "{" && first[0] !== "[") readHints(block.lines.slice(0, 40), hints);
      if (kind === "changelog") continue;
      const example = exampleOf(block.lines);
      if (example?.strong && kind !== "response") {
        open(example, 2, scopeLevel(), nearest()?.text);
        if (example.body && st.current) st.current.requestExample ??= schemaOf(example.body);
        continue;
      }
      if (example) {
        hints.exampleUrls.push(example.url);
        if (st.current) attachExample(example);
        else if (kind !== "response" && kind !== "object") {
          open(example, 1, scopeLevel(), nearest()?.text);
          attachExample(example);
        }
        continue;
      }
      const typed = kind === "params" ? typedParams(block.lines, locationNow()) : [];
      // The block as JSON, parsed once and only when a reading below needs it.
      let blockJson: unknown;
      const parsed = () => (blockJson === undefined ? (blockJson = parseExample(block.lines.join("\n"))) : blockJson);
      if (typed.length) {
        for (const param of typed) addParam(param);
      } else if (kind === "params" && block.lines[0]?.trim() === "{" && !parsed()) {
        for (const param of typedObjectKeys(block.lines, locationNow() ?? "body")) addParam(param);
      } else if (st.current) {
        const draft = st.current as Draft;
        const context = `${label?.kind ?? ""} ${headings.at(-1)?.text ?? ""}`;
        const isRequest = kind === "params" || (/request|body|payload/i.test(context) && !/response|return/i.test(context));
        // Only the first example of each kind is kept: later ones are not parsed at all.
        const json = (isRequest ? draft.requestExample : draft.responseExample) ? null : parsed();
        if (json && typeof json === "object") {
          if (isRequest) draft.requestExample = schemaOf(json);
          else draft.responseExample = schemaOf(json);
        } else if (!json && first === "{" && b > 0 && blocks[b - 1].t === "line" && PAYLOAD.test((blocks[b - 1] as { text: string }).text)) {
          // "accepts a json payload of the format:" then an object with placeholders for values.
          for (const param of typedObjectKeys(block.lines, "body")) addParam(param);
        }
      }
      continue;
    }
    if (block.t === "table") {
      readHints(block.rows.filter((r) => r.some((cell) => HINT_WORDS.test(cell))).map((r) => r.join(" ")), hints);
      if (kind === "changelog") continue;
      if (readSummaryTable(block.rows, page.url, drafts)) continue;
      if (kind === "response") continue; // a response's fields are not the request's parameters (see addParam)
      const params = paramsOfTable(block.rows, locationNow(), kind === "params");
      if (params) for (const p of params) addParam(p);
      continue;
    }
    if (block.t === "hr") continue;
    const text = block.text;
    readHints([text], hints);
    readTemplates(text, hints);
    const method = block.t === "line" ? announcedMethod(text) : null;
    announced = method ? { method, at: b } : null;
    // "### `/api/search/autocomplete/`" then "Get auto completions for …": the section's verb is its method.
    const headingVerb = pathHeading?.at === b - 1 && !st.current && block.t === "line" && kind !== "changelog" ? methodOfVerb(clean(text)) : null;
    if (headingVerb && pathHeading) {
      open({ method: headingVerb, path: pathHeading.path, end: 0 }, 2, pathHeading.level, clean(text).slice(0, 200));
      continue;
    }
    // "Base URLs:" followed by the URLs as items.
    const url = /^[\s*`<-]*(https?:\/\/[^\s`*<>]+)/.exec(text)?.[1];
    if (expectBase && url) hints.baseUrls.push(url);
    expectBase = (expectBase && Boolean(url)) || namesBase(text);
    const tag = paramOfTag(text);
    if (tag) {
      addParam(tag);
      continue;
    }
    const openapi = /^openapi:\s*["']?(?:\S+\.(?:json|ya?ml)\s+)?(get|post|put|patch|delete)\s+(\/\S*)/i.exec(text);
    const leading = openapi ? { method: openapi[1].toUpperCase(), path: openapi[2].replace(/["']$/, ""), end: 0 } : leadingRoute(text);
    // Under a heading that is itself a route, a route named mid-sentence ("the ids come from `GET /genres`") refers to another endpoint.
    const crossReference = st.current !== null && st.current === headingRoute && (headings.at(-1)?.level ?? 0) >= st.scope;
    const loneBefore = lone && b - lone.at <= 2 ? lone.path : null;
    const alone = block.t === "line" ? lonePath(text) : null;
    if (alone) lone = { path: alone, at: b };
    const prose = block.t === "item" ? `${text}. ${block.more}` : text;
    if (kind === "changelog") {
      // A reference page's changelog names endpoints it added, removed or moved: only those it says were
      // added are read. A page that is all changelog is history; the reference pages define the endpoints.
      const [added, ...more] = changelogPage ? [] : addedRoutes(prose);
      if (added) {
        open(added, 2, scopeLevel(), nearest()?.text);
        if (more.length && st.current) st.current.also = more.map((r) => ({ method: r.method, rawPath: r.path }));
      }
      continue;
    }
    const route = leading ?? (crossReference ? null : codeSpanRoute(text) ?? verbRoute(prose, loneBefore) ?? queryUrlRoute(text) ?? payloadRoute(prose));
    if (route) {
      open(route, block.t === "item" ? 0 : 2, scopeLevel(), nearest()?.text);
      const more = leading ? routesAfter(text, route.end) : [];
      if (more.length && st.current) st.current.also = [...(st.current.also ?? []), ...more];
      const rest = clean(text.slice(more.at(-1)?.end ?? route.end));
      for (const name of queryNamesIn(text, more.at(-1)?.end ?? route.end)) addParam({ name, in: "query", schema: { type: "string" }, required: false });
      const fieldsIn: ParamLocation = route.method === "GET" || route.method === "DELETE" ? "query" : "body";
      for (const name of namedFields(prose)) addParam({ name, in: fieldsIn, schema: { type: "string" }, required: false });
      if (block.t === "item" && rest.length > 3 && st.current) st.current!.description ??= rest.replace(/^[—–:-]\s*/, "").slice(0, 1000);
      continue;
    }
    // "Method: POST" and "URL: /things" written on separate lines.
    const labelled = /^[\s*_`-]*(?:http )?(method|verb|url|path|endpoint|route|resource url)[\s*_`]*:[\s*_`]*(\S{1,300})/i.exec(text);
    if (labelled) {
      const value = trimEnd(labelled[2], "`*_");
      if (/^(?:method|verb)$/i.test(labelled[1]) && METHODS.includes(value.toUpperCase())) {
        labelMethod = { method: value.toUpperCase(), at: b };
        continue;
      }
      const routed = labelMethod && b - labelMethod.at <= 3 ? leadingRoute(`${labelMethod.method} ${value}`) : null;
      if (routed) {
        open(routed, 2, scopeLevel(), nearest()?.text);
        labelMethod = null;
        continue;
      }
    }
    const labelText = labelOf(text);
    if (labelText) {
      const labelKind = kindOf(labelText);
      if (labelKind !== "other") {
        label = { kind: labelKind, location: labelKind === "params" ? locationOf(labelText) : null };
        continue;
      }
      // A bold line that names another part ("**List archived**" after "Example response:") ends the label before it.
      if (text.trimStart().startsWith("**")) label = null;
    }
    const inParams = kind === "params";
    const location = locationNow();
    // The paragraph under a name alone on its line (`**period** <Optional />`) is that parameter's description,
    // even when it opens like a declaration ("A boolean that…", "Comma-separated list of…").
    if (named?.at === b - 1 && block.t === "line" && !/^(?:\*\*|`)/.test(text)) {
      named.param.description = clean(text).slice(0, 500);
      named = null;
      continue;
    }
    let param = block.t === "item" ? paramOfItem(text, block.more, location, inParams) : /^(?:\*\*|`)/.test(text) || inParams ? paramOfItem(text, "", location, inParams) : null;
    const next = blocks[b + 1];
    if (!param && block.t === "line" && next?.t === "line" && (st.current || kind === "object")) {
      // A name on its own line with its type on the next (rendered parameter components).
      const found = nameOf(text);
      const type = typeAtStart(next.text);
      if (found && clean(text) === found.name && type && next.text.length < 200) {
        param = { name: found.name, in: location, schema: paramOfItem(`\`${found.name}\` (${type})`, "", location, true)?.schema ?? {}, required: /\brequired\b/i.test(next.text), typeText: type };
        b++;
      }
    }
    if (paramIndent >= 0 && block.indent > paramIndent) continue; // a nested property of the parameter above
    if (param) paramIndent = block.indent;
    if (addParam(param)) {
      const flagOnly = !param?.description || /^\W*(?:required|optional)\W*$/i.test(param.description);
      named = param && block.t === "line" && flagOnly ? { param, at: b } : null;
      continue;
    }
    if (st.current && !st.current!.description && block.t === "line" && text.length > 3) st.current!.description = clean(text).slice(0, 1000);
  }
  return { drafts, hints, work };
}
