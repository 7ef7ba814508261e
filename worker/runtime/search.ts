// Search mode's ranking: MiniSearch (BM25+, field boosts, prefix and typo tolerance) over what each
// tool's description says about itself, with vocabulary derived from the API's own text (its acronyms,
// the verbs its titles use per HTTP method, the words said about each resource) and a request read as
// people phrase it (intent verb → method, "my" → the asker's own operations).
import MiniSearch, { type SearchOptions } from "minisearch";
import { indexWords, MAX_FIELD_CHARS, rawWords, readQuery, type Action, type ReadQuery } from "./search-words";

/** What a tool offers the index: its text, its operation and the names of its arguments and answer fields. */
export type SearchDoc = {
  name: string;
  title?: string;
  description?: string;
  method?: string;
  path?: string;
  tags?: string[];
  inputSchema?: { properties?: Record<string, unknown> };
  outputSchema?: { properties?: Record<string, unknown> };
};

/** What a path names: a collection ("/issues"), one item ("/issues/{n}", "/user") or an action on one ("/pulls/{n}/merge"). */
type Kind = "collection" | "item" | "action";
/** Per tool: its method, what its path names, whether it is the caller's own, its path's depth. */
type DocFacts = { method: string; kind: Kind; self: boolean; depth: number; titleWords: number };

export type SearchIndex = {
  mini: MiniSearch;
  facts: DocFacts[];
  /** An acronym of the API's own phrases → the phrase's words ("pr" → pull, request where titles say "pull request"). */
  acronyms: Map<string, string[]>;
  /** Per HTTP method, the verbs the API's titles start with ("create" for POST), so "make" meets "Create …". */
  methodVerbs: Map<string, string[]>;
};

const FIELDS = ["title", "resource", "name", "path", "tags", "description", "params", "fields", "about"] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { title: 3, resource: 2, name: 1.5, path: 1.2, tags: 1.5, description: 0.6, params: 0.3, fields: 0.15, about: 0.3 };
/** The description's opening says what a tool does; the rest is detail and noise for ranking. */
const DESCRIPTION_CHARS = 400;
/** Words about a resource kept for each of its operations (the most frequent among its operations' texts). */
const ABOUT_WORDS = 36;

/** MiniSearch is given words already split and stemmed: they are joined by spaces and split back. */
const splitSpaces = (text: string) => text.split(" ");
const miniOptions = { fields: [...FIELDS], tokenize: splitSpaces, processTerm: (t: string) => t || null, searchOptions: { tokenize: splitSpaces } };

/** The literal segments of a path (its parameters, such as {owner}, are on many paths and say little). */
const literalSegments = (path = "") => path.split("/").filter((seg) => seg && !seg.startsWith("{"));
const words = (text: string | undefined) => indexWords((text ?? "").slice(0, MAX_FIELD_CHARS)).join(" ");
const propertyNames = (schema: SearchDoc["inputSchema"]) => Object.keys(schema?.properties ?? {}).slice(0, 60).join(" ");

/** The caller's own operations: no parameter names whose thing it is ("/user/repos", "/me/events", "/myself"). */
function isSelf(doc: SearchDoc): boolean {
  const segments = literalSegments(doc.path).map((s) => s.toLowerCase());
  if (segments.some((s) => s === "me" || s === "self" || s === "current" || s === "myself" || (s.startsWith("my") && s.length > 4 && !s.startsWith("mys")))) return true;
  const text = (doc.title ?? "").toLowerCase();
  return ["authenticated user", "current user", "signed-in user", "signed in user", "logged-in user", "logged in user", "calling user", "the caller"].some((p) => text.includes(p));
}

/** The resource a tool acts on: its path's last literal segment. */
const resourceOf = (doc: SearchDoc) => literalSegments(doc.path).at(-1) ?? "";

/** Per resource, the words its operations' texts use most: "bug" reaches every operation on issues when some of them say it. */
function aboutWords(docs: SearchDoc[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const doc of docs) {
    const key = resourceOf(doc);
    const bag = counts.get(key) ?? new Map<string, number>();
    counts.set(key, bag);
    for (const w of new Set(indexWords(`${doc.title ?? ""} ${(doc.description ?? "").slice(0, DESCRIPTION_CHARS)}`))) bag.set(w, (bag.get(w) ?? 0) + 1);
  }
  const about = new Map<string, string>();
  for (const [key, bag] of counts) {
    // A word said by one operation alone is that operation's own; the resource's are said by several.
    const top = [...bag].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, ABOUT_WORDS);
    about.set(key, top.map(([w]) => w).join(" "));
  }
  return about;
}

/** Acronyms of the API's own two- and three-word phrases met at least thrice in titles and tags. */
function acronymsOf(docs: SearchDoc[], vocabulary: Map<string, number>): Map<string, string[]> {
  const seen = new Map<string, { words: string[]; count: number }>();
  for (const doc of docs) {
    for (const text of [doc.title ?? "", ...(doc.tags ?? [])]) {
      const w = indexWords(text).filter((x) => x.length > 2);
      for (let i = 0; i + 1 < w.length; i++) {
        for (const phrase of [w.slice(i, i + 2), w.slice(i, i + 3)]) {
          if (phrase.length < 2 || (phrase.length === 3 && i + 2 >= w.length)) continue;
          const acronym = phrase.map((x) => x[0]).join("");
          const entry = seen.get(`${acronym} ${phrase.join(" ")}`) ?? { words: phrase, count: 0 };
          entry.count++;
          seen.set(`${acronym} ${phrase.join(" ")}`, entry);
        }
      }
    }
  }
  const best = new Map<string, { words: string[]; count: number }>();
  for (const [key, entry] of seen) {
    const acronym = key.split(" ", 1)[0];
    // An acronym the API also uses as a word ("PR" in a few titles) still stands for a phrase it says far more often.
    if (entry.count < 3 || (vocabulary.get(acronym) ?? 0) * 3 > entry.count) continue;
    if ((best.get(acronym)?.count ?? 0) < entry.count) best.set(acronym, entry);
  }
  return new Map([...best].map(([a, e]) => [a, e.words]));
}

/** The verbs the API's titles start with for each method, most used first. */
function methodVerbsOf(docs: SearchDoc[]): Map<string, string[]> {
  const counts = new Map<string, Map<string, number>>();
  for (const doc of docs) {
    // The title's own first word ("Get" is a stop word and never indexed, so it is no verb to add).
    const first = indexWords(rawWords(doc.title ?? "")[0] ?? "")[0];
    const method = (doc.method ?? "").toLowerCase();
    if (!first || !method) continue;
    const bag = counts.get(method) ?? new Map<string, number>();
    counts.set(method, bag);
    bag.set(first, (bag.get(first) ?? 0) + 1);
  }
  return new Map([...counts].map(([m, bag]) => [m, [...bag].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([w]) => w)]));
}

/** Builds the index of a server's tools (linear in their text). */
export function buildSearchIndex(docs: SearchDoc[]): SearchIndex {
  const about = aboutWords(docs);
  const mini = new MiniSearch(miniOptions);
  mini.addAll(
    docs.map((doc, id) => {
      const description = doc.description?.startsWith(doc.title ?? "\0") ? doc.description.slice((doc.title ?? "").length) : doc.description;
      return {
        id,
        title: words(doc.title),
        resource: words(resourceOf(doc)),
        name: words(doc.name),
        path: words(literalSegments(doc.path).join(" ")),
        tags: words(doc.tags?.join(" ")),
        description: words(description?.slice(0, DESCRIPTION_CHARS)),
        params: words(propertyNames(doc.inputSchema)),
        fields: words(propertyNames(doc.outputSchema)),
        about: about.get(resourceOf(doc)) ?? "",
      };
    }),
  );
  const vocabulary = new Map<string, number>();
  for (const doc of docs) for (const w of indexWords(doc.title ?? "")) vocabulary.set(w, (vocabulary.get(w) ?? 0) + 1);
  const facts = docs.map((doc) => ({ method: (doc.method ?? "").toLowerCase(), kind: kindOf(doc.path), self: isSelf(doc), depth: literalSegments(doc.path).length, titleWords: indexWords(doc.title ?? "").length }));
  return { mini, facts, acronyms: acronymsOf(docs, vocabulary), methodVerbs: methodVerbsOf(docs) };
}

/** What a path names, from its last segment: a parameter is an item; a plural word a collection; another word an action on what precedes it. */
function kindOf(path = ""): Kind {
  const segments = path.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  if (last.startsWith("{")) return "item";
  if (last.endsWith("s")) return "collection";
  return segments.some((s) => s.startsWith("{")) ? "action" : "item";
}

/** How well a tool's method and path fit what the request asks (no verb: reading is likelier). */
function fit(read: ReadQuery, { method, kind }: DocFacts): number {
  switch (read.action) {
    case "create":
      return method === "post" ? (kind === "collection" ? 1 : kind === "action" ? 0.9 : 0.75) : method === "put" ? 0.85 : method === "patch" ? 0.6 : 0.5;
    case "delete":
      return method === "delete" ? (kind === "item" ? 1 : 0.95) : method === "post" && kind === "action" ? 0.8 : 0.5;
    case "update":
      return method === "patch" || method === "put" ? 1 : method === "post" ? (kind === "item" ? 0.95 : kind === "action" ? 0.85 : 0.7) : 0.55;
    case "read":
      if (method !== "get") return 0.6;
      return read.plural ? (kind === "collection" ? 1 : 0.92) : kind === "item" ? 1 : 0.95;
    default:
      return method === "get" ? (read.plural && kind !== "collection" ? 0.92 : 1) : 0.85;
  }
}

const DEPTH_PENALTY = 0.03;
const ACTION_METHOD: Record<Action, string> = { create: "post", delete: "delete", update: "patch", read: "get" };
const SELF_BOOST = 1.5;
/** Stemming is light ("starred" → "starr"), so a word met by its prefix is most often another form of the same word. */
const PREFIX_WEIGHT = 0.8;
/** A short word one letter from another is most often another word ("price", "prize"): typos are tolerated from this length. */
const FUZZY_MIN = 7;

/** "who am I": the caller's own record — a read of the caller's own singleton path, the shortest path and title first. */
function ownIdentity(index: SearchIndex, limit: number): number[] {
  const own = index.facts.flatMap((f, id) => (f.self && f.method === "get" ? [{ id, rank: (f.kind === "item" ? 0 : 100) + f.depth * 10 + f.titleWords }] : []));
  return own.sort((a, b) => a.rank - b.rank || a.id - b.id).slice(0, limit).map((o) => o.id);
}

/** The indexes of the best `limit` tools for a request, best first. */
export function searchTools(index: SearchIndex, query: string, limit: number): number[] {
  const read = readQuery(query);
  const weights = new Map<string, number>();
  for (const t of read.terms) {
    const expansion = index.acronyms.get(t) ?? index.acronyms.get(t.endsWith("s") ? t.slice(0, -1) : "");
    weights.set(t, 1);
    for (const e of expansion ?? []) weights.set(e, Math.max(weights.get(e) ?? 0, 0.9));
  }
  // "make a repo" meets "Create a repository": the API's own verb for what the request's verb asks.
  const asked = new Set(weights.keys());
  if (read.action) for (const verb of index.methodVerbs.get(ACTION_METHOD[read.action]) ?? []) if (!weights.has(verb)) weights.set(verb, 0.3);
  if (read.terms.length === 0) return read.self ? ownIdentity(index, limit) : [];
  const options: SearchOptions = {
    boost: BOOST,
    prefix: (term) => term.length >= 3,
    fuzzy: (term) => (term.length >= FUZZY_MIN ? 0.2 : false),
    weights: { prefix: PREFIX_WEIGHT, fuzzy: 0.3 },
    boostTerm: (term) => weights.get(term) ?? 1,
  };
  // A tool met only by the API's own verb for the action ("Create …") matches nothing that was asked.
  const matches = index.mini.search([...weights.keys()].join(" "), options).filter((r) => r.queryTerms.some((t: string) => asked.has(t)));
  const found = matches.map((r) => {
    const facts = index.facts[r.id as number];
    const self = read.self && facts.self ? SELF_BOOST : 1;
    return { id: r.id as number, score: r.score * fit(read, facts) * self * (1 - DEPTH_PENALTY * facts.depth) };
  });
  found.sort((a, b) => b.score - a.score || a.id - b.id);
  return found.slice(0, limit).map((r) => r.id);
}
