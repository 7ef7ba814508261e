// Reading endpoints out of a page's Markdown blocks: routes in headings, lines, code blocks, badges and
// summary tables; request examples; parameters of the endpoint's section; object sections as schemas.
// The reading's state is in page-reader.ts; lines of text (routes, labels, parameters) in endpoint-lines.ts.
import { type Block, blocksOf } from "./blocks";
import { announcesEndpoints, EXAMPLES, readLine } from "./endpoint-lines";
import { commandsOf, type Example, exampleOf, urlLinesOf } from "./examples";
import { HINT_WORDS, readHints, readInstanceUrls } from "./hints";
import { parseExample, schemaOf } from "./json-schema";
import { locationOf, paramsOfTable } from "./params";
import { announcedRoute, exampleUrlLine } from "./prose";
import { paramOfHeading, readMethodTable, readSummaryTable, typedObjectKeys, typedParams } from "./readers";
import { apiBaseOf, bracketedMethod, bracketedResource, findRoute, leadingRoute, METHODS, pathAt, type Route, upperMethod } from "./routes";
import { clean, GENERIC, type Kind, kindOf, namesBase, PAGE_WIDE, PageReader } from "./page-reader";

export { noPrototype } from "./page-reader";
import type { Draft, Hints, Page } from "./draft";
export type { Draft, Hints, Page };

const PAYLOAD = /\b(?:payload|request body|json body)\b/i;

/** A heading: a parameter written as a small heading, a route heading, a path heading, or a section that ends the endpoint's. */
function readHeading(r: PageReader, block: Extract<Block, { t: "heading" }>, b: number) {
  const headings = r.headings;
  r.headingCount++;
  if (block.level <= r.pendingScope) r.adoptFilters();
  if (block.level <= r.pendingScope) r.adoptSectionRoute();
  if (r.pathHeading && r.pathHeading.level >= block.level) r.closePathHeading();
  r.closeLabelPath();
  while (headings.length && headings[headings.length - 1].level >= block.level) headings.pop();
  const text = clean(block.text);
  // A parameter written as a small heading ("amount REQUIRED integer") under its endpoint.
  const asParam = r.current && block.level > r.scope && kindOf(text) === "other" ? paramOfHeading(text, r.locationNow()) : null;
  if (asParam) {
    headings.push({ level: block.level, text, kind: "other", location: null, generic: true });
    r.addParam(asParam);
    return;
  }
  // A section titled by a name alone under a section of parameters ("## Graph Parameters", "### bgcolor") is a parameter;
  // a capitalised word ("### Language") titles a topic.
  // So is a name in a code span alone, after a "Parameters" heading of its level ("### Parameters", "### `per_page`").
  const parent = headings.at(-1);
  const named = /^[A-Za-z_][\w.-]{0,60}$/.test(text) && !/^[A-Z][a-z]+$/.test(text);
  const spanned = /^`[A-Za-z_][\w.-]{0,60}`$/.test(block.text.trim()) && (r.paramSection?.level ?? 99) <= block.level;
  if (!asParam && ((parent?.kind === "params" && named) || spanned) && kindOf(text) === "other") {
    headings.push({ level: block.level, text, kind: "other", location: null, generic: true });
    r.addParam({ name: text, in: spanned ? r.paramSection!.location : parent!.location, schema: { type: "string" }, required: false });
    return;
  }
  if (r.paramSection && r.paramSection.level >= block.level) r.paramSection = null;
  const kind = kindOf(text);
  if (kind === "params") r.paramSection = { level: block.level, location: locationOf(text) };
  r.expectBase = namesBase(text);
  if (announcesEndpoints(text)) r.endpointList = b;
  if (EXAMPLES.test(text)) r.examplesAt = b;
  headings.push({
    level: block.level,
    text,
    kind,
    location: kind === "params" ? locationOf(text) : null,
    generic: GENERIC.test(text),
    drafts: r.drafts.length,
  });
  r.label = null;
  if (block.level <= r.pendingScope) r.pending = [];
  r.paramIndent = -1;
  if (r.routeTable && r.routeTable.parent >= block.level) r.routeTable = null;
  if (r.pageWideLevel >= block.level) r.pageWideLevel = -1;
  if (r.offered && r.offered.level >= block.level) r.offered = null;
  let route = kind === "changelog" || r.changelogPage ? null : findRoute(upperMethod(block.text));
  // "### /v3/orders" then "#### GET": a path heading with its methods as subheadings; API Blueprint writes
  // "# Awards [/awards/{id}]" then "## GET" or "### Retrieve an award [GET]".
  const bare = pathAt(text, 0);
  const resource = route ? null : bare && bare.end === text.length && text.startsWith("/") ? bare.path : bracketedResource(block.text);
  if (resource) {
    // A heading that is a path opens that endpoint's section: the route above ends here.
    const title = block.text.lastIndexOf(" [/");
    if (title > 0) headings[headings.length - 1].text = clean(block.text.slice(0, title));
    r.pathHeading = { level: block.level, path: resource, at: b, drafts: r.drafts.length };
    r.current = null;
    return;
  }
  const verb = METHODS.includes(text.toUpperCase()) ? text.toUpperCase() : bracketedMethod(block.text);
  if (!route && r.pathHeading && verb) route = { method: verb, path: r.pathHeading.path, end: 0 };
  // "## List of all parameters" outside any endpoint: what it lists goes with every request of the page.
  if (!route && kind === "params" && PAGE_WIDE.test(text) && !(r.current && block.level > r.scope)) {
    r.current = null;
    r.pageWideLevel = block.level;
    return;
  }
  if (route) {
    const rest = clean(block.text.replace(route.path, "").replace(route.method, ""));
    r.open(route, 2, block.level, rest.length > 2 ? rest : headings[headings.length - 2]?.text);
    r.headingRoute = r.current;
  } else if (r.current && block.level <= r.scope) r.current = null;
}

/** A code block: a definition announced before it, a base URL, a request example, typed parameters, or an example body. */
function readCode(r: PageReader, block: Extract<Block, { t: "code" }>, b: number, kind: Kind) {
  const first = block.lines.find((l) => l.trim())?.trim() ?? "";
  const definition = r.announced?.at === b - 1 && kind !== "changelog" ? announcedRoute(r.announced.method, block.lines) : null;
  if (definition) {
    r.open(definition, 2, r.scopeLevel(), r.nearest()?.text);
    return;
  }
  // "### API Servers" then a block that is only the URL.
  // Or one request's whole URL (`https://host/v1/search?text=London`, its parts drawn apart below it): what it starts with.
  if (r.expectBase && /^https?:\/\/[\w.-]+(?::\d{1,5})?(?:\/\S*)?$/.test(first)) {
    if (first.includes("?")) r.hints.baseUrls.push(apiBaseOf(first));
    else if (block.lines.filter((l) => l.trim()).length <= 3) r.hints.baseUrls.push(first);
  }
  r.expectBase = false;
  if (first[0] !== "{" && first[0] !== "[") readHints(block.lines.slice(0, 40), r.hints);
  readInstanceUrls(block.lines.slice(0, 40), r.hints);
  if (kind === "changelog") return;
  // Under a "Request" or "Endpoint" heading, a block of paths is the request too; so is a block that is one path
  // alone where no endpoint is open ("#### Random event", "Gets a random event", then `/api/activity/`).
  const lone = !r.current && block.lines.filter((l) => l.trim()).length === 1;
  const urls = urlLinesOf(block.lines, r.headings.at(-1)?.generic === true || lone);
  // A block of URLs is requests to visit, even under a heading about results: a response is not written as a URL.
  if (urls) {
    for (const url of urls) readExample(r, url);
    return;
  }
  // A block of request lines alone (`PUT /x/<id>/` and `PATCH /x/<id>/`, or "Endpoints:" over `GET /`, `GET /search`,
  // `POST /`, `POST /search`): routes of one endpoint, sharing what the section says next.
  // Request lines are no answer: read so even after a label that says what the endpoint returns.
  const listed = routeLines(block.lines);
  if (listed) {
    r.open(listed[0], 2, r.scopeLevel(), r.nearest()?.text);
    if (r.current) r.current.also = [...(r.current.also ?? []), ...listed.slice(1).map(({ method, path }) => ({ method, rawPath: path }))];
    return;
  }
  const commands = kind === "response" || kind === "object" ? null : commandsOf(block.lines);
  if (commands) {
    for (const command of commands) readExample(r, command);
    return;
  }
  const example = exampleOf(block.lines);
  if (example?.strong && kind !== "response") {
    r.open(example, 2, r.scopeLevel(), r.nearest()?.text);
    if (example.body && r.current) r.current.requestExample ??= schemaOf(example.body);
    return;
  }
  if (example) {
    if (r.current || (kind !== "response" && kind !== "object")) readExample(r, example);
    else r.hints.exampleUrls.push(example.url);
    return;
  }
  const typed = kind === "params" ? typedParams(block.lines, r.locationNow()) : [];
  // The block as JSON, parsed once and only when a reading below needs it.
  let blockJson: unknown;
  const parsed = () => (blockJson === undefined ? (blockJson = parseExample(block.lines.join("\n"))) : blockJson);
  if (typed.length) {
    for (const param of typed) r.addParam(param);
  } else if (kind === "params" && block.lines[0]?.trim() === "{" && !parsed()) {
    for (const param of typedObjectKeys(block.lines, r.locationNow() ?? "body")) r.addParam(param);
  } else if (r.current) {
    const draft = r.current;
    const context = `${r.label?.kind ?? ""} ${r.headings.at(-1)?.text ?? ""}`;
    const isRequest = kind === "params" || (/request|body|payload/i.test(context) && !/response|return/i.test(context));
    // Only the first example of each kind is kept: later ones are not parsed at all.
    const json = (isRequest ? draft.requestExample : draft.responseExample) ? null : parsed();
    if (json && typeof json === "object") {
      if (isRequest) draft.requestExample = schemaOf(json);
      else draft.responseExample = schemaOf(json);
    } else if (
      !json &&
      first === "{" &&
      b > 0 &&
      r.blocks[b - 1].t === "line" &&
      PAYLOAD.test((r.blocks[b - 1] as { text: string }).text)
    ) {
      // "accepts a json payload of the format:" then an object with placeholders for values.
      for (const param of typedObjectKeys(block.lines, "body")) r.addParam(param);
    }
  }
}

/** The routes of a block of two or more request lines and nothing else (no query, no HTTP version, no headers); else null. */
function routeLines(lines: string[]): Route[] | null {
  const written = lines.map((line) => line.trim()).filter(Boolean);
  if (written.length < 2 || written.length > 200) return null;
  const routes: Route[] = [];
  for (const line of written) {
    const route = leadingRoute(line);
    if (!route || route.end !== line.length || route.path.includes("?")) return null;
    routes.push(route);
  }
  return routes;
}

/**
 * A request example (a curl command, an SDK call, a URL): it confirms the open endpoint when it calls that
 * route, lending its fields; one that calls another route is an example of its own, beside the open endpoint.
 */
function readExample(r: PageReader, example: Example) {
  r.hints.exampleUrls.push(example.url);
  if (r.current && r.confirms(example)) r.attachExample(example);
  // In a section of parameters common to every request, an example shows one use of them: the section keeps them.
  else if (r.current || r.pageWideLevel >= 0) r.aside(example, r.nearest()?.text);
  else {
    const heading = r.nearest();
    // The first request under a heading that names its action ("List Available Models", "Generate Embeddings") documents its route.
    const titled = heading?.drafts === r.drafts.length && ACTION_HEADING.test(clean(heading.text).replace(/^\W+/, ""));
    r.open(example, 1, r.scopeLevel(), heading?.text);
    const opened = r.current as Draft | null; // open() sets it
    if (titled && opened) opened.titled = true;
    r.attachExample(example);
  }
}

const ACTION_HEADING =
  /^(?:get|list|create|add|delete|remove|update|generate|fetch|retrieve|search|upload|download|send|cancel|start|stop|check|set|reset|run|submit) [A-Za-z]/i;

/** A table: hints, a summary table of routes, or a parameter table. */
function readTable(r: PageReader, block: Extract<Block, { t: "table" }>, kind: Kind) {
  readHints(
    block.rows.filter((row) => row.some((cell) => HINT_WORDS.test(cell))).map((row) => row.join(" ")),
    r.hints,
  );
  if (kind === "changelog") return;
  const from = r.drafts.length;
  const statedPath = r.labelPath?.headingCount === r.headingCount ? r.labelPath.path : r.pathHeading?.path;
  const methods = statedPath && !r.current ? readMethodTable(block.rows, statedPath, r.page.url, r.drafts) : [];
  if (methods.length) {
    // One method: its section goes on with that endpoint's parameters.
    r.current = methods.length === 1 ? methods[0] : null;
    r.scope = r.scopeLevel();
    r.labelPath = null;
    return;
  }
  if (readSummaryTable(block.rows, r.page.url, r.drafts)) {
    r.routeTable = { from, to: r.drafts.length, parent: (r.headings.at(-1)?.level ?? 1) - 1 };
    // A table of one route in an endpoint's section ("Method": URI, HTTP method) is that section's route: the
    // parameter tables after it are its.
    if (r.drafts.length === from + 1 && kind !== "params") {
      r.current = r.drafts[from];
      r.scope = r.scopeLevel();
    }
    return;
  }
  if (kind === "response") return; // a response's fields are not the request's parameters (see addParam)
  const params = paramsOfTable(block.rows, r.locationNow(), kind === "params");
  if (params) for (const p of params) r.addParam(p);
}

/** Reads endpoints, hints and object sections from one page of Markdown; `work` counts characters read. */
export function readEndpoints(page: Page): { drafts: Draft[]; hints: Hints; work: number } {
  const { blocks, work } = blocksOf(page.markdown);
  const r = new PageReader(page, blocks);
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b];
    // "Example: https://host/v0/items/42.json": a request to visit, read like a block of URLs.
    const exampleUrl = block.t === "line" ? exampleUrlLine(block.text) : null;
    if (block.t === "heading") readHeading(r, block, b);
    else if (block.t === "code") readCode(r, block, b, r.kindNow());
    else if (block.t === "table") readTable(r, block, r.kindNow());
    else if (exampleUrl && r.kindNow() !== "changelog")
      readExample(r, { method: "GET", url: exampleUrl, fields: [], headers: [], strong: false });
    else if (block.t !== "hr") b = readLine(r, block, b, r.kindNow());
  }
  r.nameSegments();
  r.adoptFilters();
  r.closePathHeading();
  r.closeLabelPath();
  r.placeUnplaced();
  r.spreadPageWide();
  return { drafts: r.drafts, hints: r.hints, work };
}
