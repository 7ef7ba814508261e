// What search mode's ranking reads of a tool besides its words: what its path names (a collection, an
// item, an action on one), how central its resource is, whether it is the caller's own (or the caller's
// own record), whether the API deprecated it, and how much each of its path's words says.
import { indexWords, rawWords } from "./search-words";
import type { SearchDoc } from "./types";

/** What a path names: a collection ("/issues"), one item ("/issues/{n}", "/user") or an action on one ("/pulls/{n}/merge"). */
export type Kind = "collection" | "item" | "action";
/** Per tool: its method, what its path names, whether it is the caller's own, its path's depth. */
export type DocFacts = {
  method: string;
  kind: Kind;
  self: boolean;
  depth: number;
  titleWords: number;
  actionWords: string[];
  pathWords: number[];
  deprecated: boolean;
  /** The title's verb when it is one of the API's own (titleVerbs), else "". */
  verb: string;
  central: number;
  record: boolean;
};

/** The literal segments of a path (its parameters, such as {owner}, are on many paths and say little; OData's $ref, $value and $count say how, not what). */
export const literalSegments = (path = "") => path.split("/").filter((seg) => seg && !seg.startsWith("{") && !seg.startsWith("$"));

/** The resource a tool acts on: its path's last literal segment. */
export const resourceOf = (doc: SearchDoc) => literalSegments(doc.path).at(-1) ?? "";

/** The title's own first word ("Get" is a stop word and never indexed, so it is no verb). */
export const titleVerb = (doc: SearchDoc) => indexWords(rawWords(doc.title ?? "")[0] ?? "")[0];

/** A path parameter that takes the literal `me` for the caller ("pass `me` as the value of this field"). */
function acceptsMe(doc: SearchDoc): boolean {
  const properties = doc.inputSchema?.properties ?? {};
  return (doc.path ?? "").split("/").some((seg) => {
    const description = seg.startsWith("{") ? properties[seg.slice(1, -1)]?.description : undefined;
    return typeof description === "string" && ["`me`", "'me'", '"me"'].some((me) => description.includes(me));
  });
}

/** The caller's own operations: no parameter names whose thing it is ("/user/repos", "/me/events", "/myself"). */
function isSelf(doc: SearchDoc): boolean {
  const segments = literalSegments(doc.path).map((s) => s.toLowerCase());
  if (
    segments.some(
      (s) =>
        s === "me" || s === "self" || s === "current" || s === "myself" || (s.startsWith("my") && s.length > 4 && !s.startsWith("mys")),
    )
  )
    return true;
  if (acceptsMe(doc)) return true;
  const text = (doc.title ?? "").toLowerCase();
  return [
    "authenticated user",
    "current user",
    "signed-in user",
    "signed in user",
    "logged-in user",
    "logged in user",
    "calling user",
    "the caller",
  ].some((p) => text.includes(p));
}

/** The caller's own record: a path ending in the caller (/me, /myself, a parameter that takes `me`) or a title naming only them ("Get the authenticated user"). */
function isOwnRecord(doc: SearchDoc): boolean {
  const last = (doc.path ?? "").split("/").filter(Boolean).at(-1) ?? "";
  if (["me", "myself", "self", "current"].includes(last.toLowerCase())) return true;
  if (last.startsWith("{")) return acceptsMe({ ...doc, path: `/${last}` });
  const said = indexWords(doc.title ?? "").slice(1);
  return said.length > 0 && said.every((w) => OWN_TITLE_WORDS.has(w));
}
const OWN_TITLE_WORDS = new Set(["authenticat", "current", "user", "signed", "logged", "caller", "calling", "profile"]);

/** An operation the API marks deprecated (the import says so first in its description): its successor is likelier meant. */
const isDeprecated = (doc: SearchDoc) => /^deprecated\b/i.test(doc.description ?? "");

/** What a path names, from its last segment: a parameter is an item; a plural word, or a word with items below it (/issuetype/{id}), a collection; another word an action on what precedes it. */
function kindOf(path: string, parents: Set<string>): Kind {
  const segments = path.split("/").filter((seg) => seg && !seg.startsWith("$"));
  const last = segments.at(-1) ?? "";
  if (last.startsWith("{")) return "item";
  if (last.endsWith("s") || parents.has(path)) return "collection";
  return segments.some((s) => s.startsWith("{")) ? "action" : "item";
}

/** The paths that have items below them: "/issuetype" for "/issuetype/{id}". */
function parentsOf(docs: SearchDoc[]): Set<string> {
  const parents = new Set<string>();
  for (const { path = "" } of docs)
    if (path.endsWith("}") && path.lastIndexOf("/{") > 0) parents.add(path.slice(0, path.lastIndexOf("/{")));
  return parents;
}

/** Per tool, how central its resource is: the share (log) of the API's operations on paths below its own resource's path. */
function centrality(docs: SearchDoc[]): number[] {
  const resourcePath = (path = "") => {
    const segments = path.split("/");
    while (segments.at(-1)?.startsWith("{")) segments.pop();
    return segments.join("/");
  };
  const below = new Map<string, number>();
  for (const doc of docs) {
    const segments = resourcePath(doc.path).split("/");
    for (let i = 1; i <= segments.length; i++) {
      const prefix = segments.slice(0, i).join("/");
      below.set(prefix, (below.get(prefix) ?? 0) + 1);
    }
  }
  const most = Math.log1p(docs.length);
  return docs.map((doc) => Math.round((100 * Math.log1p(below.get(resourcePath(doc.path)) ?? 0)) / most) / 100);
}

/** The words of the API's paths, each weighed by how much it says (1 for a word on one path, near 0 for one on every path), and each path's words as positions among them. */
export function pathTermsOf(paths: string[]): { terms: [string, number][]; of: (path: string) => number[] } {
  const seen = new Map<string, number>();
  const distinct = (path: string) => [...new Set(path.split(" ").filter((w) => w.length > 1))];
  for (const path of paths) for (const w of distinct(path)) seen.set(w, (seen.get(w) ?? 0) + 1);
  const n = Math.max(2, paths.length);
  const position = new Map([...seen.keys()].map((w, i) => [w, i]));
  const terms: [string, number][] = [...seen].map(([w, count]) => [w, Math.round((100 * Math.log(n / count)) / Math.log(n)) / 100]);
  return { terms, of: (path) => distinct(path).map((w) => position.get(w)!) };
}

/** A write to a collection below an item ("POST /issues/{n}/assignees"): its name says what the write does to the item ("assign"). */
const writesBelowItem = (doc: SearchDoc, kind: Kind) =>
  kind === "collection" && (doc.method ?? "").toLowerCase() !== "get" && (doc.path ?? "").includes("}/");

/** Per tool, what ranking reads besides its words: its method, what its path names and how central, whether it is the caller's own. */
export function factsOf(
  docs: SearchDoc[],
  pathFields: string[],
  titleVerbs: Map<string, string>,
  pathWords: (path: string) => number[],
): DocFacts[] {
  const parents = parentsOf(docs);
  const central = centrality(docs);
  return docs.map((doc, id) => {
    const kind = kindOf(doc.path ?? "", parents);
    const verb = titleVerb(doc);
    return {
      method: (doc.method ?? "").toLowerCase(),
      kind,
      self: isSelf(doc),
      depth: literalSegments(doc.path).length,
      titleWords: indexWords(doc.title ?? "").length,
      actionWords: kind === "action" || writesBelowItem(doc, kind) ? indexWords(resourceOf(doc)) : [],
      pathWords: pathWords(pathFields[id]),
      central: central[id],
      // Every tool's facts have the same fields in the same order: one shape for the ranking to read.
      verb: verb && titleVerbs.has(verb) ? verb : "",
      deprecated: isDeprecated(doc),
      record: isOwnRecord(doc),
    };
  });
}

/** Every tool's facts as one list per fact, as a deployment keeps them: a quarter of their JSON as rows, and read with no key per tool. */
export type FactColumns = { [K in keyof DocFacts]: DocFacts[K][] };

/** The facts of every tool as columns (see FactColumns). */
export function factColumns(facts: DocFacts[]): FactColumns {
  const column = <K extends keyof DocFacts>(key: K) => facts.map((f) => f[key]);
  return {
    method: column("method"),
    kind: column("kind"),
    self: column("self"),
    depth: column("depth"),
    titleWords: column("titleWords"),
    actionWords: column("actionWords"),
    pathWords: column("pathWords"),
    central: column("central"),
    verb: column("verb"),
    deprecated: column("deprecated"),
    record: column("record"),
  };
}

/** The facts of every tool from their columns, each tool's with the fields in factsOf's order. */
export function factRows(c: FactColumns): DocFacts[] {
  const rows: DocFacts[] = new Array(c.method.length);
  for (let i = 0; i < rows.length; i++)
    rows[i] = {
      method: c.method[i],
      kind: c.kind[i],
      self: c.self[i],
      depth: c.depth[i],
      titleWords: c.titleWords[i],
      actionWords: c.actionWords[i],
      pathWords: c.pathWords[i],
      central: c.central[i],
      verb: c.verb[i],
      deprecated: c.deprecated[i],
      record: c.record[i],
    };
  return rows;
}
