// Search mode's ranking: BM25 over the words of each tool (name, title, description, path, tags),
// split at camelCase and snake_case, lightly stemmed, with common verbs folded into one synonym.
// All linear code: a character walk per text, no regular expressions over untrusted text.

/** What a tool offers the index. */
export type SearchDoc = { name: string; title?: string; description?: string; method?: string; path?: string; tags?: string[] };
export type SearchIndex = { docs: Map<string, number>[]; lengths: number[]; df: Map<string, number>; avgLength: number; depths: number[] };

const SYNONYMS: Record<string, string> = {
  list: "get", fetch: "get", retrieve: "get", read: "get", show: "get", view: "get", which: "get", who: "get",
  find: "search", look: "search", query: "search",
  create: "add", new: "add", make: "add", post: "add", insert: "add", write: "add", publish: "add",
  delete: "remove", destroy: "remove", erase: "remove", del: "remove",
  update: "edit", modify: "edit", change: "edit", patch: "edit", rename: "edit", close: "edit", set: "edit", signed: "authenticated",
  repository: "repo", repositories: "repo", repos: "repo", organization: "org", organizations: "org", orgs: "org",
  pull: "pr", pulls: "pr", starred: "star", stargazer: "star", stargazers: "star",
};
/** The verb word of an HTTP method, so "create" meets POST and "remove" meets DELETE. */
const METHOD_WORDS: Record<string, string> = { get: "get", post: "add", put: "edit", patch: "edit", delete: "remove" };
const STOP = new Set(["a", "an", "the", "of", "for", "to", "in", "on", "by", "and", "or", "with", "is", "are", "my", "me", "i", "all", "this", "that", "from", "as", "at", "it", "be", "api", "please", "can", "you"]);
/** Words are cut at this length, so a hostile description cannot make one huge token. */
const MAX_WORD = 40;
/** The text of one field read for the index (descriptions can be long). */
const MAX_FIELD_CHARS = 4_000;
/** The description's opening is what says what a tool does; the rest is detail and noise for ranking. */
const DESCRIPTION_CHARS = 400;

/** Light stemming: plural and -ing/-ed endings, enough to meet "issues"/"issue", "starred"/"star". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith("sses")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, word.endsWith("ied") ? -3 : -2) + (word.endsWith("ied") ? "y" : "");
  return word;
}

const normal = (word: string) => {
  const lower = word.toLowerCase();
  const syn = SYNONYMS[lower] ?? SYNONYMS[stem(lower)];
  return syn ?? stem(lower);
};

/** The index words of a text: split at non-alphanumerics and camelCase humps, stop words dropped. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  let word = "";
  const flush = () => {
    if (word && !STOP.has(word.toLowerCase())) out.push(normal(word.slice(0, MAX_WORD)));
    word = "";
  };
  const limit = Math.min(text.length, MAX_FIELD_CHARS);
  for (let i = 0; i < limit; i++) {
    const c = text[i];
    const lower = c >= "a" && c <= "z";
    const upper = c >= "A" && c <= "Z";
    const digit = c >= "0" && c <= "9";
    if (!lower && !upper && !digit) {
      flush();
      continue;
    }
    // A capital after a lower-case letter starts a new word (listIssues → list, Issues).
    if (upper && word && word[word.length - 1] >= "a" && word[word.length - 1] <= "z") flush();
    word += c;
  }
  flush();
  return out;
}

/** Weighted words of a tool: its name and title count more than its description. */
function docWords(doc: SearchDoc): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (text: string | undefined, weight: number) => {
    for (const w of tokenize(text ?? "")) counts.set(w, (counts.get(w) ?? 0) + weight);
  };
  add(doc.title, 3);
  add(doc.name, 2);
  const verb = METHOD_WORDS[(doc.method ?? "").toLowerCase()];
  if (verb) counts.set(verb, (counts.get(verb) ?? 0) + 2);
  // Path parameters ({owner}, {repo}) are on most paths and say little; the literal segments name the resource.
  add(doc.path?.split("/").filter((seg) => !seg.startsWith("{")).join(" "), 1);
  add(doc.tags?.join(" "), 1);
  add(doc.description?.slice(0, DESCRIPTION_CHARS), 0.5);
  return counts;
}

/** Builds the index once per isolate (linear in the tools' text). */
export function buildSearchIndex(docs: SearchDoc[]): SearchIndex {
  const words = docs.map(docWords);
  const lengths = words.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
  const df = new Map<string, number>();
  for (const m of words) for (const w of m.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const depths = docs.map((d) => (d.path ?? "").split("/").length);
  return { docs: words, lengths, df, avgLength: lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length), depths };
}

const K1 = 1.2;
const B = 0.5;
const DEPTH_PENALTY = 0.03;

/** The indexes of the best `limit` tools for a query, best first (BM25). */
export function searchTools(index: SearchIndex, query: string, limit: number): number[] {
  const terms = [...new Set(tokenize(query))];
  const n = index.docs.length;
  const scores: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    let score = 0;
    let matched = 0;
    for (const t of terms) {
      const tf = index.docs[i].get(t);
      if (!tf) continue;
      matched++;
      const df = index.df.get(t) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * index.lengths[i]) / index.avgLength));
    }
    // A tool that matches more of the task's words ranks above one that matches a few of them often.
    // Of tools that match alike, the shorter path is the resource itself rather than one of its parts.
    if (score > 0) scores.push([score * (matched / terms.length) * (1 - DEPTH_PENALTY * index.depths[i]), i]);
  }
  scores.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  return scores.slice(0, limit).map(([, i]) => i);
}
