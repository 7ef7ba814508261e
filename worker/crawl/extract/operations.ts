// Drafts → operations: drafts of one route (same method and shape, however its parameters are spelled)
// are one operation, written as its strongest source wrote it; examples alone on a reference page are
// dropped; parameters that name a documented object ("see the User object") get that object's schema.
import { blankPlaceholders, placeholdersOf } from "./text";
import type { Draft, Hints } from "./draft";
import type { Schema } from "./json-schema";
import type { FoundParam } from "./params";
import { shapeOf } from "./routes";

export type Operation = { method: string; path: string; drafts: Draft[]; query: string[] };
type Located = { path: string; query: string[] } | null;

const rank = (d: Draft) => (d.strength === 2 ? 3 : d.strength === 0 ? 2 : 1) * 1000 + Math.min(d.params.length, 999);
const placeholders = (path: string) => placeholdersOf(path);

/** What the pages say about placeholders beyond routes: templates written without a method, values that stand for a parameter. */
export type Placeholders = { templates: string[]; values?: Record<string, string> };

/** Groups drafts into operations; `locate` turns a draft's written path into the document's path. */
export function operationsOf(drafts: Draft[], locate: (draft: Draft) => Located, known: Placeholders = { templates: [] }): Operation[] {
  const pagesWithRoutes = new Set(drafts.filter((d) => d.strength !== 1 && !d.methodless).map((d) => d.source));
  const groups = new Map<string, Member[]>();
  for (const draft of drafts) {
    if (draft.namesSection) continue;
    const located = locate(draft);
    if (!located) continue;
    const key = shapeOf(draft.method, located.path);
    const group = groups.get(key) ?? [];
    group.push({ draft, ...located });
    groups.set(key, group);
  }
  foldFormatSuffixes(groups);
  const values = foldExamplesIntoDefinitions(groups);
  generaliseExampleValues(groups, values);
  generaliseExamples(groups, known);
  generaliseNamedValues(groups);
  generaliseAcrossMethods(groups);
  // A path a methodless list names is a GET only where no other method is written for it, or for the template it is an
  // instance of within a segment (`/users/set_username/` of `POST /users/set_{USERNAME_FIELD}/`).
  const withMethod = [...groups.values()]
    .filter((g) => g.some((m) => !m.draft.methodless))
    .map((g) => blankPlaceholders(g[0].path).toLowerCase().split("/"));
  const hasMethod = (path: string) => {
    const segments = blankPlaceholders(path).toLowerCase().split("/");
    return withMethod.some((t) => t.length === segments.length && t.every((s, i) => fitsSegment(segments[i], s)));
  };
  const ops: Operation[] = [];
  for (const group of groups.values()) {
    if (group.every((g) => g.draft.methodless) && hasMethod(group[0].path)) continue;
    // A request example alone, on a page whose routes are written out, illustrates rather than documents;
    // unless it is the request of a section of its own, under a heading that says what it does.
    if (group.every((g) => g.draft.strength === 1 && pagesWithRoutes.has(g.draft.source) && !g.draft.titled)) continue;
    group.sort((a, b) => rank(b.draft) - rank(a.draft));
    const path = group[0].path;
    const names = placeholders(path);
    const renamed = group.map(({ draft, path: own }) => {
      const ownNames = placeholders(own);
      const rename = new Map(ownNames.map((n, i) => [n, names[i] ?? n]));
      return {
        ...draft,
        params: draft.params.map((p) =>
          rename.has(p.name) && rename.get(p.name) !== p.name ? { ...p, name: rename.get(p.name)!, in: "path" as const } : p,
        ),
      };
    });
    ops.push({ method: group[0].draft.method.toLowerCase(), path, drafts: renamed, query: group.flatMap((g) => g.query) });
  }
  return [...ops, ...itemsOfCollections(ops, known.templates)];
}

/** Whether a written segment is a template's: the same, or its value inside literal text (`set_username` of `set_{}`). */
function fitsSegment(segment: string, template: string): boolean {
  if (segment === template) return true;
  const open = template.indexOf("{}");
  if (open < 0 || template.length === 2 || template.indexOf("{}", open + 2) >= 0) return false;
  const [before, after] = [template.slice(0, open), template.slice(open + 2)];
  return segment.length > before.length + after.length && segment.startsWith(before) && segment.endsWith(after);
}

/** A draft that shows a call rather than defines a route: an example, or a URL with literal query values (`?id=123&u=demo`). */
const illustrates = (d: Draft) => d.strength === 1 || d.example === true || /[?&][\w.[\]-]+=[^&=]/.test(d.rawPath);

/**
 * Example calls of a route with a format suffix (`/rest/getAlbum.view?id=123`) where the pages define the route
 * without one (`/rest/getAlbum`) are that route's: the suffix picks a format. Routes defined with and without a
 * suffix (`/rest/system/log` and `/rest/system/log.txt`) stay two.
 */
function foldFormatSuffixes(groups: Map<string, Member[]>) {
  for (const [key, group] of groups) {
    const path = group[0].path;
    const dot = path.lastIndexOf(".");
    if (dot < path.lastIndexOf("/") || !/^\.[a-z]{2,5}$/i.test(path.slice(dot)) || !group.every((m) => illustrates(m.draft))) continue;
    const plain = groups.get(shapeOf(group[0].draft.method, path.slice(0, dot)));
    if (!plain || plain === group || plain.every((m) => illustrates(m.draft))) continue;
    plain.push(...group.map((m) => ({ ...m, path: path.slice(0, dot) })));
    groups.delete(key);
  }
}

/**
 * A template written without a method that names one item of a collection the pages define
 * ("Individual books can be found at `/books/<id>`" beside `GET /books`): that item's GET.
 */
function itemsOfCollections(ops: Operation[], templates: string[]): Operation[] {
  const added: Operation[] = [];
  // A path the pages give any method already is that method's, not a GET.
  const taken = new Set(ops.map((op) => shapeOf("get", op.path)));
  for (const template of templates) {
    const slash = template.lastIndexOf("/");
    if (slash <= 0 || !/^\{[^/{}]+\}$/.test(template.slice(slash + 1)) || taken.has(shapeOf("get", template))) continue;
    const collection = ops.find(
      (op) => op.method === "get" && op.path === template.slice(0, slash) && op.drafts.some((d) => d.strength === 2),
    );
    if (!collection) continue;
    taken.add(shapeOf("get", template));
    const { source } = collection.drafts[0];
    added.push({
      method: "get",
      path: template,
      query: [],
      drafts: [{ method: "GET", rawPath: template, params: [], source, strength: 0 }],
    });
  }
  return added;
}

type Member = { draft: Draft; path: string; query: string[] };
const defines = (m: Member) => !m.draft.example && m.draft.strength !== 1;
const isPlaceholder = (segment: string) => segment.startsWith("{") && segment.endsWith("}");

/** Whether a path is a template's instance: as many segments, each of the template's literal ones the same. */
function instanceOf(path: string[], template: string[]): boolean {
  return (
    path.length === template.length &&
    template.some(isPlaceholder) &&
    template.every((t, i) => t === path[i] || (isPlaceholder(t) && path[i] !== ""))
  );
}

/**
 * Examples confirm definitions: an example's route (`GET /simple/beautifulsoup4/`) that is an instance of a
 * defined template of the same method (`GET /simple/{project}/`) joins that operation instead of being one of its own.
 */
function foldExamplesIntoDefinitions(groups: Map<string, Member[]>): Map<string, string> {
  const values = new Map<string, string>(); // "<segments before>|<literal>" → the placeholder the examples filled with it
  const templates = new Map<string, { path: string; segments: string[]; group: Member[] }[]>();
  for (const group of groups.values()) {
    const defined = group.find(defines);
    if (!defined || !defined.path.includes("{")) continue;
    const segments = defined.path.split("/");
    const key = `${defined.draft.method} ${segments.length}`;
    templates.set(key, [...(templates.get(key) ?? []), { path: defined.path, segments, group }]);
  }
  for (const [key, group] of groups) {
    if (group.some(defines)) continue;
    const segments = group[0].path.split("/");
    const candidates = (templates.get(`${group[0].draft.method} ${segments.length}`) ?? []).filter((t) => instanceOf(segments, t.segments));
    // The most specific template (fewest placeholders) is the one the example shows.
    const target = candidates.sort((a, b) => a.segments.filter(isPlaceholder).length - b.segments.filter(isPlaceholder).length)[0];
    if (!target) continue;
    for (const m of group)
      target.group.push({ ...m, path: target.path, draft: { ...m.draft, params: m.draft.params.filter((p) => p.in !== "path") } });
    groups.delete(key);
    for (const [i, t] of target.segments.entries())
      if (isPlaceholder(t) && values.size < 1000) values.set(`${target.segments.slice(0, i).join("/")}|${segments[i]}`, t);
  }
  return values;
}

/**
 * A literal that examples use as a placeholder's value, written in another definition where the others
 * put that placeholder (`DELETE /db/neo4j/tx/{id}` beside `POST /db/{databaseName}/tx` whose examples
 * call `/db/neo4j/tx`), is that placeholder: the definition is rewritten and joins its route.
 */
function generaliseExampleValues(groups: Map<string, Member[]>, values: Map<string, string>): void {
  if (!values.size) return;
  rewriteGroups(
    groups,
    () => true,
    (segments, i) => values.get(`${segments.slice(0, i).join("/")}|${segments[i]}`),
  );
}

/**
 * Example URLs with literal values (`/mytopic`, `/disk-alerts/json`), when no definition gives their route,
 * are generalised by what the pages say: a value they say stands for a parameter ("your topic is
 * `mywebhook`"), a template written without a method (`<topic>/json`) they are an instance of, or a
 * position such a template holds a placeholder at where examples of one method, the rest of their path
 * the same, use three or more different values.
 */
function generaliseExamples(groups: Map<string, Member[]>, known: Placeholders): void {
  if (!known.templates.length && !known.values) return;
  const templates = known.templates.map((t) => t.split("/"));
  const examplesOnly = (group: Member[]) => !group.some(defines);
  // Position → the placeholder templates hold there after the same segments, and the example values met there.
  const named = new Map<string, string>();
  for (const t of templates)
    for (const [i, segment] of t.entries()) if (isPlaceholder(segment)) named.set(`${t.slice(0, i).join("/")}|${i}`, segment);
  // The values examples of one method use at a position, the rest of their path the same.
  const varying = (method: string, segments: string[], i: number) =>
    `${method} ${segments.slice(0, i).join("/")}/*/${segments.slice(i + 1).join("/")}`;
  const seen = new Map<string, Set<string>>();
  for (const group of groups.values()) {
    if (!examplesOnly(group)) continue;
    const segments = group[0].path.split("/");
    for (let i = 1; i < segments.length; i++) {
      const key = varying(group[0].draft.method, segments, i);
      if (named.has(`${segments.slice(0, i).join("/")}|${i}`) && segments[i] && !isPlaceholder(segments[i]))
        seen.set(key, (seen.get(key) ?? new Set()).add(segments[i]));
    }
  }
  rewriteGroups(groups, examplesOnly, (segments, i, method) => {
    const stated = known.values?.[segments[i]];
    if (stated) return `{${stated}}`;
    const template = templates.find((t) => instanceOf(segments, t));
    if (template && isPlaceholder(template[i])) return template[i];
    // A template the pages put in front of other paths ("add /seed/{seed} to the start of the url"), ending in a name and
    // its value (`/seed/{seed}`, `/users/{user}`; not a proxy's `/ollama/{path}`): its placeholder holds there too.
    const prefix = templates.find((t) => t.length < segments.length && namedPair(t) && instanceOf(segments.slice(0, t.length), t));
    if (prefix && isPlaceholder(prefix[i] ?? "")) return prefix[i];
    return (seen.get(varying(method, segments, i))?.size ?? 0) >= 3 ? named.get(`${segments.slice(0, i).join("/")}|${i}`) : undefined;
  });
}

/** Whether a template ends in a segment and a placeholder named after it (`/seed/{seed}`, `/users/{user}`). */
function namedPair(template: string[]): boolean {
  const last = template.at(-1) ?? "";
  const word = (template.at(-2) ?? "").toLowerCase();
  const name = last.slice(1, -1).toLowerCase();
  return isPlaceholder(last) && word.length > 1 && (name === word || `${name}s` === word);
}

/**
 * A literal value in an example URL whose section says what it stands for ("Get products in a specific category" over
 * `/products/category/jewelery`): the segment after the name the heading gives is that parameter.
 */
function generaliseNamedValues(groups: Map<string, Member[]>): void {
  rewriteGroups(
    groups,
    (group) => !group.some(defines),
    (segments, i, method) => {
      const name = segments[i - 1];
      if (i < 2 || !/^[a-z][a-z_-]{1,40}$/.test(name ?? "") || i !== segments.length - 1) return undefined;
      const summaries = [...groups.values()].flatMap((g) =>
        g.filter((m) => m.draft.method === method && m.path.split("/")[i] === segments[i]).map((m) => m.draft.summary ?? ""),
      );
      const phrases = ["specific", "single", "given", "particular"].map((w) => ` ${w} ${name}`);
      const named = summaries.some((text) => {
        const t = ` ${text.toLowerCase()} `;
        return phrases.some((p) => t.includes(`${p} `) || t.includes(`${p}.`) || t.includes(`${p},`));
      });
      return named ? `{${name.replace(/-/g, "_")}}` : undefined;
    },
  );
}

/** The segment a written path or URL has at the place of the `i`-th of `count` segments of its route (counted from its end). */
function writtenSegment(raw: string, i: number, count: number): string {
  const written = raw.split("?")[0].split("/");
  return written[written.length - (count - i)] ?? "";
}

/**
 * Examples of one method that vary in one segment (`PUT /sets/first`, `PUT /sets/countries`), where the pages write that
 * position as a placeholder for another method (`GET /sets/{name}`): the segment is that placeholder. A value a defined
 * route writes as a segment of its own (`/{uuid}/start`) names a route, not a value.
 */
function generaliseAcrossMethods(groups: Map<string, Member[]>): void {
  const position = (segments: string[], i: number) => `${segments.slice(0, i).join("/")}|${segments.slice(i + 1).join("/")}`;
  // Position → the placeholder written there, and the methods that write it.
  const placeholderAt = new Map<string, string>();
  const methodsAt = new Map<string, Set<string>>();
  const named = new Set<string>();
  for (const group of groups.values()) {
    const segments = group[0].path.split("/");
    for (const [i, segment] of segments.entries()) {
      // Placeholders the pages wrote or named, not ones read from a literal number (`/products/7`).
      if (!isPlaceholder(segment) || group.some((m) => /^\d+$/.test(writtenSegment(m.draft.rawPath, i, segments.length)))) continue;
      placeholderAt.set(position(segments, i), segment);
      methodsAt.set(position(segments, i), (methodsAt.get(position(segments, i)) ?? new Set()).add(group[0].draft.method));
    }
    if (group.some((m) => m.draft.strength !== 1)) for (const segment of segments) named.add(segment);
  }
  if (!placeholderAt.size) return;
  // Calls shown only as examples (a request line written out states its route).
  const examplesOnly = (group: Member[]) => group.every((m) => m.draft.strength === 1);
  const values = new Map<string, Set<string>>();
  for (const group of groups.values()) {
    if (!examplesOnly(group)) continue;
    const segments = group[0].path.split("/");
    for (let i = 1; i < segments.length; i++) {
      const key = `${group[0].draft.method} ${position(segments, i)}`;
      // Another method's placeholder: the examples' own method writing one there may have read it from a literal id.
      const others = [...(methodsAt.get(position(segments, i)) ?? [])].some((m) => m !== group[0].draft.method);
      if (others && !named.has(segments[i])) values.set(key, (values.get(key) ?? new Set()).add(segments[i]));
    }
  }
  rewriteGroups(groups, examplesOnly, (segments, i, method) =>
    !named.has(segments[i]) && (values.get(`${method} ${position(segments, i)}`)?.size ?? 0) >= 2
      ? placeholderAt.get(position(segments, i))
      : undefined,
  );
}

/** Rewrites the literal segments of the chosen groups' paths to the placeholder `placeholderAt` names, merging groups that become one route. */
function rewriteGroups(
  groups: Map<string, Member[]>,
  chosen: (group: Member[]) => boolean,
  placeholderAt: (segments: string[], i: number, method: string) => string | undefined,
): void {
  for (const [key, group] of [...groups]) {
    if (!chosen(group)) continue;
    const segments = group[0].path.split("/");
    let changed = false;
    for (let i = 1; i < segments.length; i++) {
      const placeholder = !segments[i] || isPlaceholder(segments[i]) ? undefined : placeholderAt(segments, i, group[0].draft.method);
      if (placeholder && !segments.includes(placeholder)) {
        segments[i] = placeholder;
        changed = true;
      }
    }
    if (!changed) continue;
    const path = segments.join("/");
    const next = shapeOf(group[0].draft.method, path);
    groups.delete(key);
    groups.set(next, [...(groups.get(next) ?? []), ...group.map((m) => ({ ...m, path }))]);
  }
}

const REF_WORDS = /\b(?:array|list|of|an?|the|partial|objects?|see|nullable|optional)\b|[[\]()#?]/gi;

/** The schema of a parameter, with the documented object it names expanded (one level deep). */
export function schemaOfParam(p: FoundParam, objects: Hints["objects"]): Schema {
  const text = (p.typeText ?? "").toLowerCase();
  if (!objects || !text || !/object|^[a-z_ ]+$/.test(text)) return p.schema;
  const name = text
    .replace(/\([^)]{0,200}\)/g, " ")
    .replace(REF_WORDS, " ")
    .replace(/\s+/g, " ")
    .trim();
  const fields = objects[name] ?? objects[name.replace(/s$/, "")];
  if (!fields?.length || ["string", "integer", "number", "boolean"].includes(name)) return p.schema;
  // allOf parts written as "anonymous | <object>" rows (widdershins) contribute that object's fields.
  const own = fields.flatMap((f) =>
    f.name === "anonymous" ? (objects[(f.typeText ?? "").toLowerCase()] ?? []).filter((g) => g.name !== "anonymous") : [f],
  );
  const schema: Schema = {
    type: "object",
    properties: Object.fromEntries(
      own.slice(0, 100).map((f) => [f.name, { ...f.schema, ...(f.description ? { description: f.description } : {}) }]),
    ),
  };
  return /\barray|\blist|\[\]/.test(text) ? { type: "array", items: schema } : schema;
}
