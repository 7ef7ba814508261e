// Search mode's ranking: BM25+ as MiniSearch scores it (field boosts, prefix and typo tolerance; the
// portal builds the index with MiniSearch, an isolate reads it with search-terms.ts) over what each
// tool's description says about itself (title, path, tags, description, its arguments' descriptions,
// what its answer is made of) and over one document per resource (all its operations' words), with
// vocabulary derived from the API's own text (its acronyms, the verbs its titles use per HTTP method)
// and a request read as people phrase it (intent verb → method, "my" → the asker's own operations).
export type { SearchDoc } from "./types";
import MiniSearch from "minisearch";
import { answerOf, paramText } from "./search-text";
import type { SearchDoc } from "./types";
import {
  factColumns,
  factRows,
  factsOf,
  literalSegments,
  pathTermsOf,
  resourceOf,
  titleVerb,
  type DocFacts,
  type FactColumns,
} from "./search-facts";
import { indexWords, MAX_FIELD_CHARS, readQuery, stem, type Action, type ReadQuery } from "./search-words";
import { TermIndex, type KeptTerms, type TermOptions } from "./search-terms";

/** What a tool offers the index: its text, its operation and the names of its arguments and answer fields. */
export type SearchIndex = {
  mini: TermIndex;
  facts: DocFacts[];
  /** An acronym of the API's own phrases → the phrase's words ("pr" → pull, request where titles say "pull request"). */
  acronyms: Map<string, string[]>;
  /** Per HTTP method, the verbs the API's titles start with ("create" for POST), so "make" meets "Create …". */
  methodVerbs: Map<string, string[]>;
  /** The API's own verbs and the method its titles use them for ("star" → put where "Star a repository" is a PUT). */
  titleVerbs: Map<string, string>;
  /** The words of the API's paths, each with how much it says (facts' pathWords are positions here). */
  pathTerms: [string, number][];
  /** One document per resource: everything its operations say (a word said of issues anywhere reaches every issue operation). */
  resources: TermIndex;
  /** Per resource document, its operations. */
  members: number[][];
};

/** The index without its term indexes' postings, as one line of JSON (see serializeSearchIndex). */
type KeptHead = Omit<SearchIndex, "facts" | "mini" | "resources" | "acronyms" | "methodVerbs" | "titleVerbs"> & {
  facts: FactColumns;
  mini: Omit<KeptTerms, "postings">;
  resources: Omit<KeptTerms, "postings">;
  acronyms: [string, string[]][];
  methodVerbs: [string, string[]][];
  titleVerbs: [string, string][];
};

const FIELDS = ["title", "resource", "name", "path", "tags", "description", "params", "paramText", "answer", "fields"] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = {
  title: 3,
  resource: 2,
  name: 1.5,
  path: 1.2,
  tags: 1.5,
  description: 0.6,
  params: 0.3,
  paramText: 0.2,
  answer: 0.3,
  fields: 0.15,
};
/** Per field id (MiniSearch numbers the fields in order), its boost. */
const MINI_BOOSTS = FIELDS.map((f) => BOOST[f]);
/** The description's opening says what a tool does; the rest is detail and noise for ranking. */
const DESCRIPTION_CHARS = 400;

/** MiniSearch is given words already split and stemmed: they are joined by spaces and split back. */
const splitSpaces = (text: string) => text.split(" ");
const miniOptions = {
  fields: [...FIELDS],
  tokenize: splitSpaces,
  processTerm: (t: string) => t || null,
};
const resourceOptions = { ...miniOptions, fields: ["text"] };

const words = (text: string | undefined) => indexWords((text ?? "").slice(0, MAX_FIELD_CHARS)).join(" ");
const propertyNames = (schema: SearchDoc["inputSchema"]) =>
  Object.keys(schema?.properties ?? {})
    .slice(0, 60)
    .join(" ");

type Fields = Record<Field, string>;

/** Shortest part of a joined word ("issuetype" → issue, type) and the longest word split. */
const MIN_PART = 3;
const MAX_JOINED = 30;

/** A word the API writes joined ("issuetype", "createmeta") as the words its titles say, when it splits into two or three of them. */
function splitJoined(word: string, vocabulary: Map<string, number>, parts = 3, whole = true): string[] | null {
  if (whole && vocabulary.has(word)) return [word];
  if (parts === 1 || word.length > MAX_JOINED) return null;
  for (let i = word.length - MIN_PART; i >= MIN_PART; i--) {
    const head = word.slice(0, i);
    if (!vocabulary.has(head)) continue;
    const rest = splitJoined(word.slice(i), vocabulary, parts - 1) ?? (vocabulary.has(stem(word.slice(i))) ? [stem(word.slice(i))] : null);
    if (rest) return [head, ...rest];
  }
  return null;
}

/** A joined word as its parts, unless the API says it joined more often than it says any part ("invoiceitems" → invoice item). */
function splitWord(word: string, vocabulary: Map<string, number>): string {
  // "mypermissions", "myself": the asker's own thing (isSelf says so), named by the rest.
  if (word.startsWith("my") && vocabulary.has(stem(word.slice(2)))) return stem(word.slice(2));
  if (word.length < 2 * MIN_PART) return word;
  const parts = splitJoined(word, vocabulary, 3, false);
  const count = vocabulary.get(word) ?? 0;
  return parts && parts.every((p) => (vocabulary.get(p) ?? 0) > count) ? parts.join(" ") : word;
}

/** Words with the joined ones split ("/issuetype" → issue type). */
function splitWords(text: string, vocabulary: Map<string, number>): string {
  return text
    .split(" ")
    .map((w) => splitWord(w, vocabulary))
    .join(" ");
}

/** A tool's fields as index words, joined by spaces. */
function fieldsOf(doc: SearchDoc, vocabulary: Map<string, number>): Fields {
  const description = doc.description?.startsWith(doc.title ?? "\0") ? doc.description.slice((doc.title ?? "").length) : doc.description;
  const answer = answerOf(doc.outputSchema);
  return {
    title: splitWords(words(doc.title), vocabulary),
    resource: splitWords(words(resourceOf(doc)), vocabulary),
    name: splitWords(words(doc.name), vocabulary),
    path: splitWords(words(literalSegments(doc.path).join(" ")), vocabulary),
    tags: words(doc.tags?.join(" ")),
    description: words(description?.slice(0, DESCRIPTION_CHARS)),
    params: words(propertyNames(doc.inputSchema)),
    paramText: words(paramText(doc.inputSchema)),
    answer: words(answer.text),
    fields: words(answer.fields),
  };
}

/** Per resource, all its operations' words in one document (up to a bound). */
function resourceIndex(docs: SearchDoc[], fields: Fields[]): { resources: MiniSearch; members: number[][] } {
  const texts = new Map<string, string>();
  const members = new Map<string, number[]>();
  docs.forEach((doc, id) => {
    const key = resourceOf(doc);
    members.set(key, [...(members.get(key) ?? []), id]);
    const text = texts.get(key) ?? "";
    if (text.length > RESOURCE_CHARS) return;
    const f = fields[id];
    texts.set(key, `${text} ${f.title} ${f.tags} ${f.description} ${f.paramText} ${f.answer}`);
  });
  const resources = new MiniSearch(resourceOptions);
  resources.addAll([...texts].map(([id, text]) => ({ id, text })));
  return { resources, members: [...texts.keys()].map((key) => members.get(key)!) };
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

/** Per HTTP method, the first words of the API's titles and how often each starts one. */
function verbCounts(docs: SearchDoc[]): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  for (const doc of docs) {
    const first = titleVerb(doc);
    const method = (doc.method ?? "").toLowerCase();
    if (!first || !method) continue;
    const bag = counts.get(method) ?? new Map<string, number>();
    counts.set(method, bag);
    bag.set(first, (bag.get(first) ?? 0) + 1);
  }
  return counts;
}

/** The verbs the API's titles start with for each method, most used first. */
function methodVerbsOf(counts: Map<string, Map<string, number>>): Map<string, string[]> {
  return new Map(
    [...counts].map(([m, bag]) => [
      m,
      [...bag]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([w]) => w),
    ]),
  );
}

/** A verb that starts at least two titles, mostly of one method: that method. */
function titleVerbsOf(counts: Map<string, Map<string, number>>): Map<string, string> {
  const byVerb = new Map<string, [string, number][]>();
  for (const [method, bag] of counts) for (const [verb, n] of bag) byVerb.set(verb, [...(byVerb.get(verb) ?? []), [method, n]]);
  const out = new Map<string, string>();
  for (const [verb, uses] of byVerb) {
    const total = uses.reduce((sum, [, n]) => sum + n, 0);
    const [method, n] = uses.sort((a, b) => b[1] - a[1])[0];
    if (total >= 2 && n >= TITLE_VERB_SHARE * total) out.set(verb, method);
  }
  return out;
}
const TITLE_VERB_SHARE = 0.6;

/** Characters of one resource's document. */
const RESOURCE_CHARS = 20_000;

/** Builds the index of a server's tools (linear in their text). */
export function buildSearchIndex(docs: SearchDoc[]): SearchIndex {
  const vocabulary = new Map<string, number>();
  for (const doc of docs)
    for (const w of indexWords(doc.title ?? "")) if (w.length >= MIN_PART) vocabulary.set(w, (vocabulary.get(w) ?? 0) + 1);
  // What the descriptions say too: Stripe's titles are its paths' words ("Get Invoiceitems"), its descriptions say "invoice items".
  const said = new Map(vocabulary);
  for (const doc of docs)
    for (const w of indexWords((doc.description ?? "").slice(0, DESCRIPTION_CHARS)))
      if (w.length >= MIN_PART) said.set(w, (said.get(w) ?? 0) + 1);
  const fields = docs.map((doc) => fieldsOf(doc, said));
  const mini = new MiniSearch(miniOptions);
  mini.addAll(fields.map((f, id) => ({ id, ...f })));
  const { resources, members } = resourceIndex(docs, fields);
  const verbs = verbCounts(docs);
  const titleVerbs = titleVerbsOf(verbs);
  const pathTerms = pathTermsOf(fields.map((f) => f.path));
  const facts = factsOf(
    docs,
    fields.map((f) => f.path),
    titleVerbs,
    pathTerms.of,
  );
  return {
    mini: new TermIndex(TermIndex.keep(mini), MINI_BOOSTS),
    facts,
    acronyms: acronymsOf(docs, vocabulary),
    methodVerbs: methodVerbsOf(verbs),
    titleVerbs,
    pathTerms: pathTerms.terms,
    resources: new TermIndex(TermIndex.keep(resources), []),
    members,
  };
}

/**
 * The index as text, to be kept with a deployment and loaded by its isolates instead of built (see
 * loadSearchIndex): one line of JSON (the ranking's facts, by column, and each term index without its postings),
 * then the two term indexes' postings, located by their `ends`.
 */
export function serializeSearchIndex(index: SearchIndex): string {
  const { postings: miniPostings, ...mini } = index.mini.kept;
  const { postings: resourcePostings, ...resources } = index.resources.kept;
  const head: KeptHead = {
    ...index,
    facts: factColumns(index.facts),
    mini,
    resources,
    acronyms: [...index.acronyms],
    methodVerbs: [...index.methodVerbs],
    titleVerbs: [...index.titleVerbs],
  };
  return `${JSON.stringify(head)}\n${miniPostings}${resourcePostings}`;
}

/** An index serialized by serializeSearchIndex: the same ranking, read in place (a term's postings are parsed when a query first meets it). */
export function loadSearchIndex(text: string): SearchIndex {
  const cut = text.indexOf("\n");
  const head = JSON.parse(text.slice(0, cut)) as KeptHead;
  const split = cut + 1 + (head.mini.ends.at(-1) ?? 0);
  return {
    ...head,
    facts: factRows(head.facts),
    mini: new TermIndex({ ...head.mini, postings: text.slice(cut + 1, split) }, MINI_BOOSTS),
    resources: new TermIndex({ ...head.resources, postings: text.slice(split) }, []),
    acronyms: new Map(head.acronyms),
    methodVerbs: new Map(head.methodVerbs),
    titleVerbs: new Map(head.titleVerbs),
  };
}

/** How well a tool's method and path fit what the request asks (no verb: reading is likelier). */
function fit(read: ReadQuery & { apiVerb?: boolean }, { method, kind, actionWords, verb }: DocFacts): number {
  // "cancel the meeting" asks for /meetings/{id}/cancel, whatever the action's method.
  // "assign the issue" asks for POST /issues/{n}/assignees: the action's name is a form of the verb.
  const asked = read.verb;
  if (asked) for (const w of actionWords) if (w === asked || (asked.length >= MIN_VERB_PREFIX && w.startsWith(asked))) return VERB_ACTION;
  // "star this repo" asks for "Star a repository": a verb of the API's own, not of everyday English.
  if (read.verb && read.apiVerb && verb === read.verb) return VERB_ACTION;
  switch (read.action) {
    case "create":
      return method === "post"
        ? kind === "collection"
          ? 1
          : kind === "action"
            ? 0.9
            : 0.75
        : method === "put"
          ? 0.85
          : method === "patch"
            ? 0.6
            : 0.5;
    case "delete":
      return method === "delete" ? (kind === "item" ? 1 : 0.95) : method === "post" && kind === "action" ? 0.8 : 0.5;
    case "update":
      return method === "patch" || method === "put"
        ? 1
        : method === "post"
          ? kind === "item"
            ? 0.95
            : kind === "action"
              ? 0.85
              : 0.7
          : 0.55;
    case "read":
      if (method !== "get") return 0.6;
      return read.plural ? (kind === "collection" ? 1 : 0.92) : kind === "item" ? 1 : 0.95;
    default:
      return method === "get" ? (read.plural && kind !== "collection" ? 0.92 : 1) : 0.85;
  }
}

const DEPTH_PENALTY = 0.03;
/** A verb this long meets the action words it starts ("assign" → assignee); a shorter one only itself ("add" is not "address"). */
const MIN_VERB_PREFIX = 4;
const VERB_ACTION = 1.1;
const ACTION_METHOD: Record<Action, string> = { create: "post", delete: "delete", update: "patch", read: "get" };
const SELF_BOOST = 1.5;
/** Stemming is light ("starred" → "starr"), so a word met by its prefix is most often another form of the same word. */
const PREFIX_WEIGHT = 0.8;
/** A short word one letter from another is most often another word ("price", "prize"): typos are tolerated from this length. */
const FUZZY_MIN = 7;

/** "who am I": the caller's own record — a read of the caller's own path (the record itself first, an action on it last), the shortest path and title first. */
function ownIdentity(index: SearchIndex, limit: number): number[] {
  const own = index.facts.flatMap((f, id) =>
    f.self && f.method === "get"
      ? [{ id, rank: (f.record ? 0 : 200) + (f.kind === "action" ? 100 : 0) + f.depth * 10 + f.titleWords }]
      : [],
  );
  return own
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .slice(0, limit)
    .map((o) => o.id);
}

/** Words for a person's own record in everyday English ("my profile", "my account details"). */
const IDENTITY = new Set(["profile", "account", "detail", "info", "information", "identity", "record", "user"]);

/** A resource's words count at this share of a tool's own. */
const RESOURCE_WEIGHT = 0.3;

type Term = { term: string; weight: number; asked: boolean };
/** What APIs call people, in everyday English. */
const PEOPLE = ["user", "member", "people", "person"];
const PEOPLE_WEIGHT = 0.2;
/** An API concept an idiom names ("webhook" for "call my server whenever …") counts at half a word said. */
const CONCEPT_WEIGHT = 0.5;
/** Everyday verbs of seeking. */
const SEEK = new Set(["find", "search", "look", "lookup", "locate", "discover"]);
const SEEK_WEIGHT = 0.5;

/** The query's words with their weights: as asked, their expansion by the API's acronyms, and the API's own verb for the action. */
function weighedTerms(index: SearchIndex, read: ReadQuery): Term[] {
  const out = new Map<string, Term>();
  for (const t of read.terms) {
    if (!out.has(t)) out.set(t, { term: t, weight: 1, asked: true });
    const expansion = index.acronyms.get(t) ?? index.acronyms.get(t.endsWith("s") ? t.slice(0, -1) : "");
    for (const e of expansion ?? []) if (!out.has(e)) out.set(e, { term: e, weight: 0.9, asked: true });
  }
  // "call my server whenever …" asks for a webhook, whatever the API calls it.
  for (const c of read.concepts) if (!out.has(c)) out.set(c, { term: c, weight: CONCEPT_WEIGHT, asked: true });
  // "who's in the org" asks for people, whatever the API calls them.
  if (read.people) for (const p of PEOPLE) if (!out.has(p)) out.set(p, { term: p, weight: PEOPLE_WEIGHT, asked: false });
  // "find a user by email" asks the API's search, where it has one.
  if (read.verb && SEEK.has(read.verb) && !out.has("search")) out.set("search", { term: "search", weight: SEEK_WEIGHT, asked: false });
  // "make a repo" meets "Create a repository": the API's own verb for what the request's verb asks.
  if (read.action)
    for (const verb of index.methodVerbs.get(ACTION_METHOD[read.action]) ?? [])
      if (!out.has(verb)) out.set(verb, { term: verb, weight: 0.3, asked: false });
  return [...out.values()];
}

/** How a request's word meets the index's words: itself, the words it starts (another form of it), and from FUZZY_MIN letters the words a typo away. */
const TERM_OPTIONS: TermOptions = { prefixFrom: 3, fuzzyFrom: FUZZY_MIN, fuzzy: 0.2, prefixWeight: PREFIX_WEIGHT, fuzzyWeight: 0.3 };

/** Per tool met, its evidence and whether a word of the request (not only the API's verb) met it. */
type Evidence = { met: number[]; seen: Uint8Array; score: Float64Array; asked: Uint8Array };

/**
 * Each word's evidence per tool: its own fields' score and its resource's, each damped (log) so that a
 * common word met in many fields does not outweigh a rarer word of the request met once.
 */
function evidence(index: SearchIndex, terms: Term[]): Evidence {
  const count = index.facts.length;
  const found: Evidence = { met: [], seen: new Uint8Array(count), score: new Float64Array(count), asked: new Uint8Array(count) };
  const { met, seen, score } = found;
  for (const { term, weight, asked } of terms) {
    const own = index.mini.search(term, TERM_OPTIONS);
    for (const id of own.docs) {
      if (seen[id] === 0) {
        seen[id] = 1;
        met.push(id);
      }
      score[id] += weight * Math.log1p(own.scores[id]);
      if (asked) found.asked[id] = 1;
    }
    const resources = index.resources.search(term, TERM_OPTIONS);
    for (const resource of resources.docs) {
      const share = RESOURCE_WEIGHT * weight * Math.log1p(resources.scores[resource]);
      for (const id of index.members[resource]) {
        if (seen[id] === 0) {
          seen[id] = 1;
          met.push(id);
        }
        score[id] += share;
        if (asked) found.asked[id] = 1;
      }
    }
  }
  return found;
}

/**
 * How much of what a tool's path names the request did not ask for ("/customers/{id}/discount" when
 * only a customer was named): each of the API's path words is weighed once per request, when a tool met first has it.
 */
function unaskedOf(pathTerms: [string, number][], asked: string[]): (facts: DocFacts) => number {
  const weights = new Float64Array(pathTerms.length).fill(-1);
  const weigh = (i: number) => {
    const w = pathTerms[i][0];
    const met = asked.some((t) => t === w || (t.length >= 3 && w.startsWith(t)) || (w.length >= 3 && t.startsWith(w)));
    return (weights[i] = met ? 0 : pathTerms[i][1]);
  };
  return ({ pathWords }) => {
    let sum = 0;
    for (let j = 0; j < pathWords.length; j++) {
      const weight = weights[pathWords[j]];
      sum += weight < 0 ? weigh(pathWords[j]) : weight;
    }
    return sum;
  };
}
const DEPRECATED = 0.7;
/** How much a central resource (/customers, with most of the API below it) outranks a peripheral one on equal words. */
const CENTRAL = 0.3;
const UNASKED_PATH = 0.3;

const METHOD_ACTION: Record<string, Action> = { post: "create", delete: "delete", patch: "update", put: "update", get: "read" };

/** A request with no everyday verb read by the API's own ("star", "fork"): the action its titles use that verb for. */
function withApiVerb(index: SearchIndex, read: ReadQuery): ReadQuery & { apiVerb?: boolean } {
  if (read.action) return read;
  const verb = read.terms.find((t) => index.titleVerbs.has(t));
  const action = verb ? METHOD_ACTION[index.titleVerbs.get(verb)!] : undefined;
  return verb && action ? { ...read, action, verb, apiVerb: true } : read;
}

/** The indexes of the best `limit` tools for a request, best first. */
export function searchTools(index: SearchIndex, query: string, limit: number): number[] {
  const read = withApiVerb(index, readQuery(query));
  if (read.terms.length === 0) return read.self ? ownIdentity(index, limit) : [];
  // "show my profile", "my account details": the caller's own record, whatever the API calls it.
  const asksOwnRecord =
    read.self && (!read.action || read.action === "read") && read.terms.every((t) => IDENTITY.has(t) || t === read.verb);
  const identity = asksOwnRecord ? ownIdentity(index, 1) : [];
  const terms = weighedTerms(index, read);
  const unasked = unaskedOf(
    index.pathTerms,
    terms.filter((t) => t.asked).map((t) => t.term),
  );
  const met = evidence(index, terms);
  const found: number[] = [];
  const score = met.score;
  for (const id of met.met) {
    // A tool met only by the API's own verb for the action ("Create …") matches nothing that was asked.
    if (!met.asked[id]) continue;
    const facts = index.facts[id];
    const self = (read.self && facts.self ? SELF_BOOST : 1) * (facts.deprecated ? DEPRECATED : 1);
    score[id] =
      ((1 + CENTRAL * facts.central) * score[id] * fit(read, facts) * self * (1 - DEPTH_PENALTY * facts.depth)) /
      (1 + UNASKED_PATH * unasked(facts));
    found.push(id);
  }
  return [...identity, ...best(found, score, limit + identity.length).filter((id) => !identity.includes(id))].slice(0, limit);
}

/** The `k` best of `ids` by score (the lower id first on equal scores), best first: one pass, not a sort of every tool met. */
function best(ids: number[], score: Float64Array, k: number): number[] {
  const top: number[] = [];
  for (const id of ids) {
    const value = score[id];
    let at = top.length;
    if (at === k) {
      const last = top[k - 1];
      if (value < score[last] || (value === score[last] && id > last)) continue;
      at = k - 1;
    }
    // Shift the worse ones down (inline comparisons: this runs before the code is compiled).
    for (; at > 0; at--) {
      const above = top[at - 1];
      if (value < score[above] || (value === score[above] && id > above)) break;
      top[at] = above;
    }
    top[at] = id;
  }
  return top;
}
