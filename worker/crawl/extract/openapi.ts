// Endpoint drafts → an OpenAPI 3.1 description: servers, paths with parameters and bodies, security.
import { blankPlaceholders, placeholdersOf, trimEnd } from "./text";
import type { Draft, Hints } from "./draft";
import type { Schema } from "./json-schema";
import { bracketPath, type FoundParam } from "./params";
import { type Operation, operationsOf, schemaOfParam } from "./operations";
import { API_PREFIX, paramName, shapeOf, templateOf } from "./routes";
import { isInstanceHost } from "./hosts";
import { INSTANCE_EXTENSION, SOURCE_PAGE_EXTENSION } from "../../openapi/types";

const BODY_METHODS = new Set(["post", "put", "patch"]);

/** An example URL of a file (an image, an archive, a stylesheet): a download or an asset, not an operation of the API. */
const STATIC_FILE =
  /\.(?:png|jpe?g|gif|svg|webp|ico|css|m?js|map|woff2?|ttf|zip|tar|gz|tgz|bz2|xz|7z|pdf|mp[34]|mov|webm|exe|dmg|deb|rpm|apk|jar|whl)$/i;

const isFile = (raw: string) => STATIC_FILE.test(raw.split("?")[0]);

/** The API's base URL: the one the docs name, else the common prefix of the absolute URLs they use. */
export function baseUrlOf(drafts: Draft[], hints: Hints): string | null {
  const named = hints.baseUrls.filter((u) => /^https?:\/\/[\w.-]+(?::\d+)?(?:\/[\w\-./]*)?$/.test(u));
  // The reference's own request lines (definitions, raw requests) outvote URLs that examples merely use.
  const stated = drafts
    .filter((d) => d.strength !== 1)
    .map((d) => splitUrl(d.rawPath))
    .filter((u) => u.origin);
  if (named.length) return statedOutside(trimEnd(mostUsed(named, drafts, hints), "/"), stated);
  const urls = stated.length
    ? stated
    : [...drafts.map((d) => d.rawPath), ...hints.exampleUrls]
        .filter((u) => !isFile(u))
        .map(splitUrl)
        .filter((u) => u.origin);
  if (!urls.length) return baseOfProseUrls(drafts, hints.proseUrls ?? []);
  const base = commonBase(urls);
  // Request lines written relative to the base, examples on one public host, and the API's own answers naming its
  // resources at an instance's address under the same prefix, more than once (`http://localhost:3000/api/v1/…`): a self-hosted API
  // whose examples call a demo instance. Its base is the instance's, so no concrete host is named.
  const relative = drafts.some((d) => d.strength === 2 && d.rawPath.startsWith("/"));
  const prefix = splitUrl(base).path;
  const shown = (hints.instanceUrls ?? []).filter((u) => prefix.length > 1 && splitUrl(u).path.startsWith(`${prefix}/`));
  return !stated.length && relative && shown.length >= 2 ? splitUrl(shown[0]).origin + prefix : base;
}

/**
 * Of several bases the pages state ("All requests begin with: https://api…", "The base URL for all manifests begins
 * with: https://iiif…"), the one most of the URLs they write are under; the first stated on a tie.
 */
function mostUsed(bases: string[], drafts: Draft[], hints: Hints): string {
  if (bases.length === 1) return bases[0];
  const used = [...drafts.map((d) => d.rawPath), ...hints.exampleUrls].map(splitUrl).filter((u) => u.origin);
  let best = bases[0];
  let most = -1;
  for (const base of bases) {
    const { origin, path } = splitUrl(trimEnd(base, "/"));
    // The base's own URL shown alone is the statement, not a use.
    const under = used.filter((u) => u.origin === origin && u.path.length > 1 && u.path.startsWith(path === "/" ? "/" : `${path}/`)).length;
    if (under > most) [best, most] = [base, under];
  }
  return best;
}

/**
 * A base the pages state for one part of the API ("The reports API base URL is https://host/reports/api/v2") is not
 * the base of request lines written in full outside its path (`GET https://host/api/v8/tags`): when most of those on its
 * host are, the base is what they share.
 */
function statedOutside(base: string, stated: { origin: string; path: string }[]): string {
  const { origin, path } = splitUrl(base);
  const same = stated.filter((u) => u.origin === origin);
  const outside = same.filter((u) => path !== "/" && u.path !== path && !u.path.startsWith(`${path}/`)).length;
  return outside > same.length - outside ? commonBase(same) : base;
}

/**
 * Where the pages give no URL but their routes relative to a base (`GET /entries/en/<YOUR_WORD>`), a URL in
 * their prose that calls one of those routes (`https://host/api/v2/entries/en/hello`) shows the base: what
 * comes before the route in it.
 */
function baseOfProseUrls(drafts: Draft[], proseUrls: string[]): string | null {
  const routes = drafts
    .filter((d) => d.strength !== 1 && d.rawPath.startsWith("/"))
    .map((d) => templateOf(d.rawPath.split("?")[0]).split("/").filter(Boolean))
    .filter((t) => t.length);
  for (const url of proseUrls) {
    const { origin, path } = splitUrl(url);
    const segments = path.split("?")[0].split("/").filter(Boolean);
    for (const route of routes) {
      const before = segments.length - route.length;
      if (before < 0 || !route.every((t, i) => t === segments[before + i] || t.startsWith("{"))) continue;
      const base = before ? `${origin}/${segments.slice(0, before).join("/")}` : origin;
      // A URL that writes the base with a placeholder (`/api/<--version-->/…`) shows its shape, not the base.
      if (/^https?:\/\/[\w.-]+(?::\d{1,5})?(?:\/[\w.-]+)*$/.test(base)) return base;
    }
  }
  return null;
}

/** The most common origin of the URLs, and the leading segments they all share there as far as they read like an API prefix. */
function commonBase(urls: { origin: string; path: string }[]): string {
  const counts = new Map<string, number>();
  for (const u of urls) counts.set(u.origin, (counts.get(u.origin) ?? 0) + 1);
  const origin = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  // The leading segments every URL shares, as far as they read like an API prefix (/api, /v2, /api/v1).
  const paths = urls.filter((u) => u.origin === origin).map((u) => u.path.split("?")[0].split("/").slice(1));
  const prefix: string[] = [];
  for (let i = 0; i < 3; i++) {
    const segment = paths[0][i];
    if (!segment || !API_PREFIX.test(segment) || !paths.every((p) => p[i] === segment) || !paths.some((p) => p.length > i + 1)) break;
    prefix.push(segment);
  }
  return prefix.length ? `${origin}/${prefix.join("/")}` : origin;
}

/** An absolute URL's origin ("" when relative) and the rest, without parsing templates (`{id}`, `<id>`) as URL syntax. */
function splitUrl(raw: string): { origin: string; path: string } {
  if (raw.startsWith("http://") || raw.startsWith("https://")) {
    const slash = raw.indexOf("/", raw.indexOf("//") + 2);
    const end = slash < 0 ? raw.length : slash;
    return { origin: raw.slice(0, end).toLowerCase(), path: raw.slice(end) || "/" };
  }
  if (raw.startsWith("{{")) return { origin: "", path: raw.slice(raw.indexOf("}}") + 2) };
  // A host variable (`${API_HOST}/x`, `$API_URL/x`): the host is the user's, the path is the API's.
  if (raw.startsWith("$")) return { origin: "", path: raw.slice(Math.max(raw.indexOf("/"), 1)) };
  return { origin: "", path: raw };
}

/** A segment written as a variable (`$ACCOUNT_ID`, `{account_id}`, `:account`, `<account>`, `ACCOUNT_ID`): its name, else null. */
function variableName(segment: string): string | null {
  if (!/^[$:{<]/.test(segment) && !/^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(segment)) return null;
  const template = templateOf(`/${segment.replace(/^\$\{?/, "{").replace(/^\{([^}]*)$/, "{$1}")}`);
  return /^\/\{[^/{}]+\}$/.test(template) ? template.slice(2, -1) : null;
}

/**
 * A base the pages state with a literal value where the URLs they write on its host put a variable ("All URLs start
 * with `https://host/999999999/`" beside `https://host/$ACCOUNT_ID/projects.json`): that segment is the variable.
 */
function variableBase(base: string, urls: string[]): string {
  const { origin, path } = splitUrl(trimEnd(base, "/"));
  const segments = path.split("/");
  for (const url of urls.slice(0, 2000)) {
    const written = splitUrl(url);
    if (written.origin !== origin) continue;
    const own = written.path.split("?")[0].split("/");
    for (let i = 1; i < segments.length && i < own.length; i++) {
      const name = segments[i] && !API_PREFIX.test(segments[i]) && !segments[i].startsWith("{") ? variableName(own[i]) : null;
      if (name && own.slice(1, i).every((s, k) => s === segments[k + 1])) segments[i] = `{${name}}`;
    }
  }
  return trimEnd(origin + segments.join("/"), "/");
}

/** The rest of a path under a base path whose variables (`/{account_id}`) take any value; null when it is not under it. */
function underBase(path: string, basePath: string): string | null {
  const want = basePath.split("/");
  const got = path.split("/");
  if (got.length < want.length || !want.every((w, i) => w === got[i] || (w.startsWith("{") && got[i] !== ""))) return null;
  return "/" + got.slice(want.length).join("/");
}

/** A documented path relative to the base URL, in OpenAPI's template form, plus its query names; the root itself only when `root` (a request written as such). */
export function pathOf(rawPath: string, base: string | null, literalIds = false, root = false): { path: string; query: string[] } | null {
  // A closing `)` ends a Sphinx placeholder (`/buckets/(bucket_id)`), not a sentence.
  const written = trimEnd(rawPath, ".,;:`*");
  const url = splitUrl(
    written.endsWith(")") && written.lastIndexOf("(") > written.lastIndexOf("/") ? written : trimEnd(written, ".,;:)`*"),
  );
  const raw = url.path;
  const basePath = base ? trimEnd(splitUrl(base).path, "/") : "";
  // `#{name}` is a placeholder in Ruby's spelling (`/clients/#{client_id}`), not a fragment.
  const [pathPart, search = ""] = raw.replaceAll("#{", "{").split("#")[0].split("?");
  let path = templateOf(pathPart, literalIds);
  // A variable of the base takes any value in a whole URL; a path written relative to the base is under it only as written.
  const rest = !basePath
    ? null
    : url.origin
      ? underBase(path, basePath)
      : path === basePath || path.startsWith(`${basePath}/`)
        ? path.slice(basePath.length)
        : null;
  if (rest !== null) path = rest === "/" ? "/" : trimEnd(rest, "/") || "/";
  if (!path || (path === "/" && !root) || !/^\/[\w\-./{}~%$@+,!]*$/.test(path)) return null;
  const query = search
    .split("&")
    .map((p) => p.split("=")[0])
    .filter((n) => /^[A-Za-z_][\w.[\]-]*$/.test(n));
  return { path, query };
}

const camel = (words: string) =>
  words
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .trim()
    .split(/\s+/)
    .slice(0, 8)
    .map((w, i) => (i ? w[0].toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join("");

function parametersOf(op: Operation, objects: Hints["objects"]) {
  const pathNames = placeholdersOf(op.path);
  const params = new Map<string, Record<string, unknown>>();
  const body: FoundParam[] = [];
  const all: FoundParam[] = [
    ...op.drafts.flatMap((d) => d.params),
    ...op.query.map((name) => ({ name, in: "query" as const, schema: { type: "string" }, required: false })),
  ];
  for (const p of all) {
    const where = pathNames.includes(p.name) ? "path" : (p.in ?? (BODY_METHODS.has(op.method) ? "body" : "query"));
    if (where === "body") {
      if (BODY_METHODS.has(op.method) && !body.some((b) => b.name === p.name)) body.push(p);
      continue;
    }
    if (where === "path" && !pathNames.includes(p.name)) continue;
    if (where === "header" && /^authorization$/i.test(p.name)) continue;
    const key = `${where}:${p.name}`;
    if (!params.has(key)) {
      params.set(key, {
        name: p.name,
        in: where,
        required: where === "path" || p.required,
        schema: schemaOfParam(p, objects),
        ...(p.description ? { description: p.description } : {}),
      });
    }
  }
  for (const name of pathNames) {
    if (!params.has(`path:${name}`)) params.set(`path:${name}`, { name, in: "path", required: true, schema: { type: "string" } });
  }
  return { parameters: [...params.values()], body };
}

function requestBodyOf(op: Operation, body: FoundParam[], objects: Hints["objects"]) {
  const example = op.drafts.find((d) => d.requestExample)?.requestExample;
  if (!BODY_METHODS.has(op.method) || (!body.length && !example)) return undefined;
  const schema: Schema =
    example?.type === "object" || !example ? { type: "object", properties: { ...((example?.properties as object) ?? {}) } } : example;
  for (const p of schema.properties ? body : []) {
    // A parameter standing for the whole body ("body: SendEmailRequest") gives the body that object's properties.
    const whole = /^(?:body|payload|request|data)$/i.test(p.name) ? schemaOfParam(p, objects) : null;
    if (whole?.properties) {
      Object.assign(schema.properties as object, whole.properties);
      continue;
    }
    // The body named as a type the pages do not describe lends no property.
    if (whole && p.typeText && !p.typeText.includes(" ") && p.in === "body" && p.name === "body") continue;
    const leaf: Schema = { ...schemaOfParam(p, objects), ...(p.description ? { description: p.description } : {}) };
    // `poll[options][]`: the property `poll` is an object whose `options` is an array (Rails-style form names).
    const { base, keys, array } = bracketPath(p.name);
    const value: Schema =
      array && leaf.type !== "array"
        ? { type: "array", items: leaf.type ? { type: leaf.type } : {}, ...(p.description ? { description: p.description } : {}) }
        : leaf;
    let into = schema.properties as Record<string, Schema>;
    for (const key of [base, ...keys].slice(0, -1)) {
      const next = (into[key] ??= { type: "object", properties: {} });
      if (next.type !== "object") break;
      into = (next.properties ??= {}) as Record<string, Schema>;
    }
    into[keys.at(-1) ?? base] = value;
  }
  const required = body
    .filter((p) => p.required && bracketPath(p.name).base in ((schema.properties as object) ?? {}))
    .map((p) => bracketPath(p.name).base);
  if (required.length) schema.required = required;
  return { required: true, content: { "application/json": { schema } } };
}

/**
 * The base URL, or only its origin when the pages write most routes with the base URL's path (`/v1/feeds`)
 * and some without it (`/healthcheck`): those live at the origin, not under the path.
 */
function servedFromOrigin(drafts: Draft[], base: string | null): string | null {
  const { origin, path } = base ? splitUrl(base) : { origin: "", path: "" };
  const prefix = `${trimEnd(path, "/")}/`;
  if (!origin || prefix === "/") return base;
  const written = new Set(drafts.filter((d) => d.strength === 2 && d.rawPath.startsWith("/")).map((d) => d.rawPath.split("?")[0]));
  const under = [...written].filter((p) => p.startsWith(prefix)).length;
  const outside = [...written].filter((p) => !p.startsWith(prefix) && !written.has(prefix + p.slice(1))).length;
  return outside && under > 2 * outside ? origin : base;
}

/**
 * The server of an operation written on another host than the base URL's: its own origin when its
 * definitions name that host (an API on two hosts), undefined when only examples do (an example of
 * another service, which is not this API's operation), null when the base URL serves it.
 */
function serverOf(op: Operation, base: string | null): string | null | undefined {
  const { origin, path: basePath } = base ? splitUrl(base) : { origin: "", path: "" };
  if (!origin) return null;
  // A request line written with placeholders (`GET https://repo.host/p2/[vendor]/[package].json`) defines its route even in a code block.
  const defining = op.drafts.filter(
    (d) => (!d.example || (/[{<[]|\/:/.test(d.rawPath.split("?")[0]) && !isFile(d.rawPath))) && d.strength !== 1,
  );
  const written = (defining.length ? defining : op.drafts).map((d) => splitUrl(d.rawPath));
  if (written.some((w) => !w.origin || hostOf(w.origin) === hostOf(origin))) return null;
  const other = written.find((w) => !isInstanceHost(w.origin));
  if (!defining.length || !other) return undefined;
  // The operation's path was read relative to the base's path; on the other host it keeps that path when written under it.
  const prefix = trimEnd(basePath, "/");
  return prefix && other.path.startsWith(`${prefix}/`) ? other.origin + prefix : other.origin;
}

/** An origin's host and port, whatever its scheme: `http://` and `https://` of one host are one server. */
const hostOf = (origin: string) => origin.slice(origin.indexOf("//") + 2);

/** An operation the pages say takes another route's parameters too gets them (query and body, not that route's path parameters). */
function shareParams(ops: Operation[], pathOfRaw: (raw: string) => string | undefined) {
  for (const op of ops) {
    const raw = op.drafts.find((d) => d.sharesParamsOf)?.sharesParamsOf;
    const path = raw ? pathOfRaw(raw) : undefined;
    const other = path && path !== op.path ? ops.find((o) => o.method === op.method && o.path === path) : undefined;
    if (!other) continue;
    const lent = other.drafts.map((d): Draft => ({
      ...d,
      summary: undefined,
      description: undefined,
      params: d.params.filter((p) => p.in !== "path"),
    }));
    op.drafts = [...op.drafts, ...lent.map((d) => ({ ...d, requestExample: undefined, responseExample: undefined }))];
    op.query = [...op.query, ...other.query];
  }
}

/** The operations at the paths the pages call aliases of an operation's path (`/{topic}/send` beside `/{topic}/publish`). */
function aliasedOperations(ops: Operation[], aliases: Record<string, string> | undefined): Operation[] {
  if (!aliases) return [];
  const taken = new Set(ops.map((op) => shapeOf(op.method, op.path)));
  const added: Operation[] = [];
  for (const [alias, path] of Object.entries(aliases).slice(0, 100)) {
    const suffix = trimEnd(templateOf(path), "/");
    for (const op of ops) {
      if (!op.path.endsWith(suffix) || op.path.length === suffix.length) continue;
      const aliased = op.path.slice(0, -suffix.length) + trimEnd(templateOf(alias), "/");
      if (taken.has(shapeOf(op.method, aliased))) continue;
      taken.add(shapeOf(op.method, aliased));
      added.push({ ...op, path: aliased });
    }
  }
  return added;
}

/**
 * Paths a sentence names together ("new and top stories are at `/v0/new` and `/v0/top`") are alike: where only examples
 * call one of them (`https://host/v0/top.json`), the others are called the same way (method, format suffix). A path the
 * pages give any operation already is left as they give it.
 */
function mentionedOperations(ops: Operation[], mentions: string[][] | undefined, locate: (raw: string) => string | undefined): Operation[] {
  if (!mentions?.length) return [];
  const taken = new Set(ops.map((op) => blankPlaceholders(op.path).toLowerCase()));
  const added: Operation[] = [];
  // Each mentioned path located once, not once per operation.
  const located = mentions.map((group) => group.map(locate));
  for (const op of ops) {
    if (!op.drafts.every((d) => d.strength === 1 || d.example)) continue;
    const suffix = /\.[a-z]{2,5}$/i.exec(op.path)?.[0] ?? "";
    const called = op.path.slice(0, op.path.length - suffix.length);
    for (const [g, group] of mentions.entries()) {
      const paths = located[g];
      // "Users live under `/v0/user/`": the one segment an example adds after such a path is the user's id.
      const under = paths.findIndex((p, i) => p && group[i].endsWith("/") && called.startsWith(`${p}/`));
      const value = under >= 0 ? called.slice(paths[under]!.length + 1) : "";
      if (value && !value.includes("/") && !value.includes("{") && !taken.has(blankPlaceholders(`${paths[under]}/{}${suffix}`))) {
        const name = `${paramName(paths[under]!.split("/").at(-1) ?? "")}_id`;
        op.path = `${paths[under]}/{${name}}${suffix}`;
      }
      if (!paths.includes(called)) continue;
      for (const [i, path] of paths.entries()) {
        const whole = path && path + suffix;
        if (!whole || taken.has(blankPlaceholders(whole).toLowerCase()) || added.length >= 100) continue;
        taken.add(blankPlaceholders(whole).toLowerCase());
        const draft: Draft = { ...op.drafts[0], rawPath: group[i] + suffix, params: [], summary: undefined, description: undefined };
        added.push({ method: op.method, path: whole, drafts: [draft], query: [] });
      }
    }
  }
  return added;
}

/** Builds the description; null when no endpoint was found. */
export function buildDocument(stated: Draft[], hints: Hints, meta: { title: string; sourceUrl: string }) {
  // A draft whose line states several routes or methods is one draft per route.
  const drafts = stated.flatMap((d) => [d, ...(d.also ?? []).map(({ method, rawPath }) => ({ ...d, method, rawPath, also: undefined }))]);
  const statedBase = baseUrlOf(drafts, hints);
  const found = servedFromOrigin(drafts, statedBase && variableBase(statedBase, [...drafts.map((d) => d.rawPath), ...hints.exampleUrls]));
  // An instance's example address is not the API's: no server is named (the portal asks for the
  // user's address) and the example base's path stays in front of every path. A base with a variable
  // (`https://host/{account_id}`) is served from what comes before it; the rest is in front of every path.
  const instance = found !== null && isInstanceHost(splitUrl(found).origin);
  const base = found;
  const variable = found && !instance ? found.indexOf("/{", splitUrl(found).origin.length) : -1;
  const server = variable > 0 ? found!.slice(0, variable) : base;
  const prefix = instance ? trimEnd(splitUrl(found).path, "/") : variable > 0 ? trimEnd(found!.slice(variable), "/") : "";
  const locate = (raw: string, literalIds = false, root = false) => {
    const located = pathOf(raw, base, literalIds, root);
    return located && prefix ? { ...located, path: prefix + located.path } : located;
  };
  const templates = (hints.templates ?? []).map((t) => locate(t)?.path).filter((p): p is string => Boolean(p));
  const ops = operationsOf(
    drafts,
    (draft) => {
      if (draft.strength === 1 && isFile(draft.rawPath)) return null;
      const located = locate(draft.rawPath, draft.strength === 1, draft.strength === 2);
      // An example URL that is only placeholders (`https://host/RESOURCE_TYPE`) shows how URLs are made, not a route;
      // one of literal numbers (`https://host/200/300`) calls one.
      const written = /^(?:\/\{[^/}]*\})+$/.test(located?.path ?? "") && !/\/\d/.test(splitUrl(draft.rawPath).path);
      return draft.strength === 1 && written ? null : located;
    },
    {
      templates,
      values: hints.values,
    },
  );
  shareParams(ops, (raw) => locate(raw)?.path);
  const mentioned = mentionedOperations(ops, hints.mentions, (raw) => locate(raw)?.path);
  const hosted = [...ops, ...aliasedOperations(ops, hints.aliases), ...mentioned]
    .map((op) => ({ op, server: instance ? null : serverOf(op, base) }))
    .filter((h) => h.server !== undefined);
  if (!hosted.length) return null;
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const { op, server } of hosted) {
    const summary = op.drafts.find((d) => d.summary && !/^(GET|POST|PUT|PATCH|DELETE)\b/.test(d.summary))?.summary;
    let id = camel(summary ?? `${op.method} ${op.path.replace(/[{}]/g, "")}`) || op.method;
    for (let n = 2; ids.has(id); n++) id = `${trimEnd(id, "0123456789")}${n}`;
    ids.add(id);
    const { parameters, body } = parametersOf(op, hints.objects);
    const requestBody = requestBodyOf(op, body, hints.objects);
    const response = op.drafts.find((d) => d.responseExample)?.responseExample;
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: id,
      summary: (summary ?? `${op.method.toUpperCase()} ${op.path}`).slice(0, 200),
      ...(op.drafts.find((d) => d.description) ? { description: op.drafts.find((d) => d.description)!.description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: response
        ? { "200": { description: "Successful response", content: { "application/json": { schema: response } } } }
        : { default: { description: "Response" } },
      ...(server ? { servers: [{ url: server }] } : {}),
      [SOURCE_PAGE_EXTENSION]: op.drafts[0].source,
    };
  }
  const securitySchemes: Record<string, unknown> = {};
  if (hints.auth.has("bearer")) securitySchemes.bearerAuth = { type: "http", scheme: "bearer" };
  if (hints.auth.has("basic")) securitySchemes.basicAuth = { type: "http", scheme: "basic" };
  for (const name of hints.apiKeyHeaders) securitySchemes[camel(`${name} header`)] = { type: "apiKey", in: "header", name };
  for (const name of hints.apiKeyQuery) securitySchemes[camel(`${name} query`)] = { type: "apiKey", in: "query", name };
  const schemeNames = Object.keys(securitySchemes);
  return {
    openapi: "3.1.0",
    info: {
      title: meta.title.slice(0, 200),
      version: "1.0.0",
      description: `Generated by Toolport from the documentation at ${meta.sourceUrl}`,
      ...(instance ? { [INSTANCE_EXTENSION]: found } : {}),
    },
    ...(server && !instance ? { servers: [{ url: server }] } : {}),
    paths,
    ...(schemeNames.length ? { components: { securitySchemes }, security: schemeNames.map((n) => ({ [n]: [] })) } : {}),
  };
}
