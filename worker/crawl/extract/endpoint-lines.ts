// Lines and list items of a page: routes written in them (and the routes, query names and fields on the
// same line), "Method:"/"URL:" pairs, section labels ("Query parameters:"), and parameters with their descriptions.
import { trimEnd } from "./text";
import type { Block } from "./blocks";
import { readHints, readProseUrls } from "./hints";
import { parseExample } from "./json-schema";
import { locationOf, nameOf, type ParamLocation, paramOfItem, paramOfTag, typeAtStart } from "./params";
import {
  addedRoutes,
  alsoMethods,
  announcedMethod,
  bodyTypeOf,
  lonePath,
  openingUrl,
  sharedParamsRoute,
  methodOfVerb,
  namedFields,
  pathAliases,
  payloadRoute,
  proseParams,
  queryUrlRoute,
  readFromPaths,
  readMentions,
  readTemplates,
  sentMethods,
  sentObject,
  verbRoute,
} from "./prose";
import { codeSpanRoute } from "./readers";
import { leadingRoute, METHODS, pathAt, type Route, routeAt, typedPlaceholders } from "./routes";
import { clean, type Kind, kindOf, namesBase, type PageReader } from "./page-reader";

type TextBlock = Extract<Block, { t: "line" | "item" }>;

/** A label or heading over a list of example calls. */
export const EXAMPLES = /^examples?$/i;

/** API Blueprint's request and response sections, written as list items: "Response 200 (application/json)". */
const BLUEPRINT_SECTION = /^(?:Request|Response)(?: \d{3})?(?: \([^()]{1,60}\))?$/;

/** A short label line that names a section ("Query parameters:", "**Response**", "Response 200 (application/json)"), or null. */
function labelOf(text: string): string | null {
  const t = text.trim();
  if (t.length > 60) return null;
  if (t.endsWith(":") || /^\*\*[^*]+\*\*:?$/.test(t) || BLUEPRINT_SECTION.test(t)) return clean(t.replace(/:$/, ""));
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

/** Whether the line's first code span comes after several words of a sentence (a mention), not as the line's subject. */
function mentionedInSentence(text: string): boolean {
  const before = text.slice(0, text.indexOf("`"));
  // Only the words of its own sentence: a route written after a full stop ("… must be an admin. `GET /x`", two
  // source lines a paragraph joins) starts a sentence of its own. (Not after an abbreviation: "e.g. `GET /x`".)
  const stop = Math.max(before.lastIndexOf(". "), before.lastIndexOf("! "), before.lastIndexOf("? "));
  const ended = stop > 0 && /(?:^|\s)[A-Za-z][a-z]+$/.test(before.slice(Math.max(0, stop - 30), stop));
  let words = 0;
  for (const word of (ended ? before.slice(stop + 2) : before).split(" ")) if (/^[A-Za-z][a-z'’]*,?$/.test(word)) words++;
  return words >= 3;
}

/** Opens the endpoint a line's route names, with the routes, query names, fields and description the line adds. */
function openLineRoute(r: PageReader, block: TextBlock, route: Route, leading: boolean, prose: string) {
  const text = block.text;
  r.open(route, block.t === "item" ? 0 : 2, r.scopeLevel(), r.nearest()?.text);
  const more = leading ? routesAfter(text, route.end) : [];
  if (route.others && r.current)
    r.current.also = [...(r.current.also ?? []), ...route.others.map((p) => ({ method: route.method, rawPath: p }))];
  if (more.length && r.current) r.current.also = [...(r.current.also ?? []), ...more];
  const rest = clean(text.slice(more.at(-1)?.end ?? route.end));
  for (const name of queryNamesIn(text, more.at(-1)?.end ?? route.end))
    r.addParam({ name, in: "query", schema: { type: "string" }, required: false });
  const fieldsIn: ParamLocation = route.method === "GET" || route.method === "DELETE" ? "query" : "body";
  // The body is an object the pages describe elsewhere ("… with (parts of) the state object"): its fields are the body's.
  const sent = fieldsIn === "body" ? sentObject(prose) : null;
  if (sent) r.addParam({ name: "body", in: "body", schema: { type: "object" }, required: false, typeText: sent });
  for (const name of namedFields(prose)) r.addParam({ name, in: fieldsIn, schema: { type: "string" }, required: false });
  // A JSON body written right after the path (`POST /settings/{"name":"…","value":"…"}`): its keys are the body's,
  // whatever section the line stands in (the route's own line, not a response's).
  const after = text.slice(route.end).trimStart();
  const written = after.startsWith("{") && r.current ? parseExample(after.slice(0, after.lastIndexOf("}") + 1)) : null;
  if (written && !Array.isArray(written))
    for (const name of Object.keys(written).slice(0, 50))
      r.current?.params.push({ name, in: "body", schema: { type: "string" }, required: false });
  if (block.t === "item" && rest.length > 3 && r.current) r.current.description ??= rest.replace(/^[—–:-]\s*/, "").slice(0, 1000);
}

/** A route the line states (or, in a changelog, one it says was added); true when the line was one. */
function readRouteLine(r: PageReader, written: TextBlock, b: number, kind: Kind): boolean {
  const typed = typedPlaceholders(written.text);
  const block = typed === written.text ? written : { ...written, text: typed };
  const text = block.text;
  const openapi = /^openapi:\s*["']?(?:\S+\.(?:json|ya?ml)\s+)?(get|post|put|patch|delete)\s+(\/\S*)/i.exec(text);
  const leading = openapi ? { method: openapi[1].toUpperCase(), path: openapi[2].replace(/["']$/, ""), end: 0 } : leadingRoute(text);
  // Under a heading that is itself a route, a route named mid-sentence ("the ids come from `GET /genres`") refers to another endpoint.
  const crossReference = r.current !== null && r.current === r.headingRoute && (r.headings.at(-1)?.level ?? 0) >= r.scope;
  const loneBefore = r.lone && b - r.lone.at <= 2 ? r.lone.path : null;
  const alone = block.t === "line" ? lonePath(text) : null;
  if (alone) r.lone = { path: alone, at: b };
  const prose = block.t === "item" ? `${text}. ${block.more}` : text;
  if (kind === "changelog") {
    // A reference page's changelog names endpoints it added, removed or moved: only those it says were
    // added are read. A page that is all changelog is history; the reference pages define the endpoints.
    const [added, ...more] = r.changelogPage ? [] : addedRoutes(prose);
    if (added) {
      r.open(added, 2, r.scopeLevel(), r.nearest()?.text);
      if (more.length && r.current) r.current.also = more.map((m) => ({ method: m.method, rawPath: m.path }));
    }
    return true;
  }
  const spanned = leading || crossReference ? null : codeSpanRoute(text);
  const route =
    leading ?? (crossReference ? null : (spanned ?? verbRoute(prose, loneBefore) ?? queryUrlRoute(text) ?? payloadRoute(prose)));
  if (!route) return readOpeningUrl(r, block, b);
  // Under a path heading, a request with values in its placeholders is an example of that route: its method is the route's.
  const heading = r.pathHeading;
  if (leading && heading && (!r.current || r.current.rawPath === heading.path) && r.fitsPathHeading(route.path)) {
    if (r.current?.method !== route.method)
      r.open({ method: route.method, path: heading.path, end: 0 }, 2, heading.level, r.nearest()?.text);
    if (r.current) r.attachExample({ method: route.method, url: route.path, fields: [], headers: [], strong: false });
    return true;
  }
  // A URL with its values and no method listed under an "Examples" label or heading is an example of a route, not its definition.
  const example = !leading && !spanned && r.examplesAt === b - 1;
  if (example) r.examplesAt = b;
  if ((spanned && block.t === "line" && mentionedInSentence(text)) || example) {
    // A route named inside a sentence ("two clients may `GET /config/foo` at once") is a mention: like an example,
    // it confirms a route the page defines elsewhere, and stands as one only where the page defines none.
    r.open(route, 1, r.scopeLevel(), r.nearest()?.text);
    if (r.current) r.current.example = true;
    return true;
  }
  openLineRoute(r, block, route, Boolean(leading), prose);
  return true;
}

/**
 * A page that opens with a URL to call and no method (`http://your-server/rest/ping` Since 1.0.0, before anything
 * but headings): that page's endpoint, a GET unless the pages give it another. A page that opens with its API's
 * origin alone (`https://api.host/`, then the routes) states its base.
 */
function readOpeningUrl(r: PageReader, block: TextBlock, b: number): boolean {
  let k = 0;
  while (k < b && r.blocks[k].t === "heading") k++;
  if (block.t !== "line" || k !== b || r.drafts.length) return false;
  const origin = /^<?(https?:\/\/[\w.-]+(?::\d{1,5})?)\/?>?$/.exec(clean(block.text))?.[1];
  if (origin) r.hints.baseUrls.push(origin);
  const url = origin ? null : openingUrl(block.text);
  if (!url) return false;
  r.open({ method: "GET", path: url, end: 0 }, 2, r.scopeLevel(), r.nearest()?.text);
  if (r.current) r.current.methodless = true;
  return true;
}

/** "Method: POST" and "URL: /things" written on separate lines; true when the line was one of the pair that counts. */
function readLabelledRoute(r: PageReader, text: string, b: number): boolean {
  // "Method: GET", "URL: /x", and with a word before the label ("Default URL: `/users/`", "Request path: …").
  const labelled =
    /^[\s*_`-]*(?:([A-Za-z]{3,12}) )?(method|verb|url|path|endpoint|route|resource url|uri)[\s*_`]*:[\s*_`]*(\S{1,300})/i.exec(text);
  if (!labelled || /^(?:base|example|sample|root|api)$/i.test(labelled[1] ?? "")) return false;
  const value = trimEnd(labelled[3], "`*_");
  if (/^(?:method|verb)$/i.test(labelled[2]) && METHODS.includes(value.toUpperCase())) {
    // "URL: /x" before "Method: GET" names the route as well.
    const path = r.labelPath?.headingCount === r.headingCount ? r.labelPath.path : null;
    r.labelMethod = { method: value.toUpperCase(), at: b };
    const route = path ? leadingRoute(`${value.toUpperCase()} ${path}`) : null;
    if (route) {
      r.open(route, 2, r.scopeLevel(), r.nearest()?.text);
      r.labelPath = null;
    }
    return true;
  }
  const routed = r.labelMethod && b - r.labelMethod.at <= 3 ? leadingRoute(`${r.labelMethod.method} ${value}`) : null;
  if (!routed) {
    // A path labelled alone ("**Default URL**: `/users/me/`"): its methods come after it, in a label or a table of methods.
    const path = /^(?:\/|https?:\/\/)/.test(value) ? pathAt(text, labelled[0].length - labelled[3].length)?.path : undefined;
    if (path && !/^(?:method|verb)$/i.test(labelled[2])) {
      const stated = /^(?:endpoint|route)$/i.test(labelled[2]) || /^request$/i.test(labelled[1] ?? "");
      r.labelPath = { path, headingCount: r.headingCount, ...(stated ? { stated: r.drafts.length } : {}) };
    }
    return false;
  }
  r.open(routed, 2, r.scopeLevel(), r.nearest()?.text);
  r.labelMethod = null;
  return true;
}

/** A parameter the line or item states, or the description of one named just before, or the endpoint's description; returns the last block read. */
function readParamLine(r: PageReader, block: TextBlock, b: number, kind: Kind): number {
  const text = block.text;
  const inParams = kind === "params";
  const location = r.locationNow();
  // The paragraph under a name alone on its line (`**period** <Optional />`) is that parameter's description,
  // even when it opens like a declaration ("A boolean that…", "Comma-separated list of…").
  if (r.named?.at === b - 1 && block.t === "line" && !/^(?:\*\*|`)/.test(text)) {
    r.named.param.description = clean(text).slice(0, 500);
    r.named = null;
    return b;
  }
  let param =
    block.t === "item"
      ? paramOfItem(text, block.more, location, inParams)
      : /^(?:\*\*|`)/.test(text) || inParams
        ? paramOfItem(text, "", location, inParams)
        : null;
  const next = r.blocks[b + 1];
  if (!param && block.t === "line" && next?.t === "line" && (r.current || kind === "object")) {
    // A name on its own line with its type on the next (rendered parameter components).
    const found = nameOf(text);
    const type = typeAtStart(next.text);
    if (found && clean(text) === found.name && type && next.text.length < 200) {
      param = {
        name: found.name,
        in: location,
        schema: paramOfItem(`\`${found.name}\` (${type})`, "", location, true)?.schema ?? {},
        required: /\brequired\b/i.test(next.text),
        typeText: type,
      };
      b++;
    }
  }
  if (r.paramIndent >= 0 && block.indent > r.paramIndent) return b; // a nested property of the parameter above
  if (param) r.paramIndent = block.indent;
  if (r.addParam(param)) {
    const flagOnly = !param?.description || /^\W*(?:required|optional)\W*$/i.test(param.description);
    r.named = param && block.t === "line" && flagOnly ? { param, at: b } : null;
    return b;
  }
  if (r.current && !r.current.description && block.t === "line" && text.length > 3) r.current.description = clean(text).slice(0, 1000);
  // Parameters named in the section's prose ("The **q** parameter contains …", "use the page query parameter").
  if (kind !== "response" && kind !== "object" && (r.current || r.pageWideLevel >= 0)) {
    const prose = block.t === "item" ? `${text} ${block.more}` : text;
    const location = /\bquery (?:string|param)/i.test(prose) ? "query" : r.locationNow();
    for (const name of proseParams(prose))
      if (!r.current?.params.some((p) => p.name === name)) r.addParam({ name, in: location, schema: { type: "string" }, required: false });
  }
  return b;
}

const MAX_LIST_DRAFTS = 1000;

/**
 * Whether a line or heading announces a list of endpoints: "provides the following endpoints:", "Use these routes to
 * request data:", or a label alone ("**Endpoints**", "Available routes").
 */
export const announcesEndpoints = (text: string) =>
  text.length < 200 &&
  /\b(?:endpoints|routes)\b/i.test(text) &&
  (text.trim().endsWith(":") || /^[\w ]{0,40}\b(?:endpoints|routes)$/i.test(clean(text)));

/**
 * An item of a list of endpoints that names no methods ("photon provides the following endpoints:", then
 * "- /api for forward search", "- (optional) `/metrics` for …"): its path, a GET unless the pages give it a method elsewhere.
 */
function readEndpointListItem(r: PageReader, block: TextBlock, b: number): boolean {
  if (block.t !== "item" || r.endpointList !== b - 1) return false;
  let text = block.text.trim();
  if (text.startsWith("(")) text = text.slice(text.indexOf(")") + 1).trim();
  if (text.startsWith("`")) text = text.slice(1);
  // A list of whole URLs ("Available nested routes:", then "- https://host/users/1/todos") names its routes so too.
  const found = text.startsWith("/") || /^https?:\/\/[\w.-]+\//.test(text) ? pathAt(text, 0) : null;
  if (!found || leadingRoute(block.text) || found.path.includes("?")) return false;
  r.endpointList = b;
  const rest = clean(text.slice(found.end)).replace(/^`/, "").trim();
  if (r.drafts.length < MAX_LIST_DRAFTS)
    r.drafts.push({
      method: "GET",
      rawPath: found.path,
      params: [],
      source: r.page.url,
      strength: 0,
      methodless: true,
      ...(rest.length > 3 ? { description: rest.slice(0, 300) } : {}),
    });
  return true;
}

/** Reads a line or list item; returns the index of the last block read (a name and its type line are read together). */
export function readLine(r: PageReader, block: TextBlock, b: number, kind: Kind): number {
  const text = block.text;
  readHints([text], r.hints);
  readTemplates(text, r.hints);
  readProseUrls(text, r.hints);
  if (block.t === "line") readMentions(text, r.hints);
  if (block.t === "line" && kind !== "changelog")
    for (const path of readFromPaths(text))
      if (r.drafts.length < MAX_LIST_DRAFTS) r.drafts.push({ method: "GET", rawPath: path, params: [], source: r.page.url, strength: 0 });
  if (r.current && block.t === "line") r.current.sharesParamsOf ??= sharedParamsRoute(text) ?? undefined;
  else if (r.pathHeading && block.t === "line") r.pathHeading.sharesParamsOf ??= sharedParamsRoute(text) ?? undefined;
  if (r.current && block.t === "line") {
    r.noteNamedSegments(text);
    const current = r.current;
    for (const method of alsoMethods(text))
      if (method !== current.method && !current.also?.some((a) => a.method === method))
        current.also = [...(current.also ?? []), { method, rawPath: current.rawPath }];
  }
  if (block.t === "line") {
    const methods = sentMethods(text);
    if (methods.length) r.offered = { methods, level: r.headings.at(-1)?.level ?? 0 };
    const aliased = pathAliases(text);
    if (aliased)
      for (const alias of aliased.aliases) (r.hints.aliases ??= Object.create(null) as Record<string, string>)[alias] = aliased.path;
  }
  // "Input options can be set in the request body as a CheckConfigInput entity": the body is that type's fields.
  const bodyType = r.current && block.t === "line" ? bodyTypeOf(text) : null;
  if (bodyType) r.addParam({ name: "body", in: "body", schema: { type: "object" }, required: false, typeText: bodyType });
  const method = block.t === "line" ? announcedMethod(text) : null;
  r.announced = method ? { method, at: b } : null;
  // "### `/api/search/autocomplete/`" then "Get auto completions for …": the section's verb is its method. A request
  // line there (`GET https://host/v3/zone/speeds`) is not a sentence: it states the route, whole URL and all.
  const headingVerb =
    r.pathHeading?.at === b - 1 && !r.current && block.t === "line" && kind !== "changelog" && !leadingRoute(text) && !codeSpanRoute(text)
      ? methodOfVerb(clean(text))
      : null;
  if (headingVerb && r.pathHeading) {
    r.open({ method: headingVerb, path: r.pathHeading.path, end: 0 }, 2, r.pathHeading.level, clean(text).slice(0, 200));
    return b;
  }
  // "Base URLs:" followed by the URLs as items.
  const url = /^[\s*`<-]*(https?:\/\/[^\s`*<>]+)/.exec(text)?.[1];
  if (r.expectBase && url) r.hints.baseUrls.push(url);
  r.expectBase = (r.expectBase && Boolean(url)) || namesBase(text);
  if (readEndpointListItem(r, block, b)) return b;
  if (block.t === "line" && announcesEndpoints(text)) r.endpointList = b;
  const tag = paramOfTag(text);
  if (tag) {
    r.addParam(tag);
    return b;
  }
  if (readRouteLine(r, block, b, kind) || readLabelledRoute(r, text, b)) return b;
  const labelText = labelOf(text);
  if (labelText && EXAMPLES.test(labelText)) r.examplesAt = b;
  if (labelText) {
    const labelKind = kindOf(labelText);
    if (labelKind !== "other") {
      r.label = { kind: labelKind, location: labelKind === "params" ? locationOf(labelText) : null };
      return b;
    }
    // A bold line that names another part ("**List archived**" after "Example response:") ends the label before it, as
    // does a label of examples ("example:" after "response code:"): what follows is the request's example.
    if (text.trimStart().startsWith("**") || EXAMPLES.test(labelText)) r.label = null;
  }
  return readParamLine(r, block, b, kind);
}
