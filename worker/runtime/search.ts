// Search mode's ranking: BM25 over the words of each tool (name, title, description, path, tags),
// split at camelCase and snake_case, lightly stemmed, with common verbs folded into one synonym.
// All linear code: a character walk per text, no regular expressions over untrusted text.

/** What a tool offers the index. */
export type SearchDoc = { name: string; title?: string; description?: string; method?: string; path?: string; tags?: string[] };
export type SearchIndex = {
  docs: Map<string, number>[];
  /** The words of each tool's name, title, method, path and tags (its description's words are weaker evidence). */
  strong: Set<string>[];
  lengths: number[];
  df: Map<string, number>;
  avgLength: number;
  depths: number[];
};

const SYNONYMS: Record<string, string> = {
  list: "get", fetch: "get", retrieve: "get", read: "get", show: "get", view: "get", which: "get", who: "get",
  find: "search", query: "search", look: "get",
  create: "add", new: "add", make: "add", post: "add", insert: "add", write: "add", publish: "add",
  delete: "remove", destroy: "remove", erase: "remove", del: "remove",
  update: "edit", modify: "edit", change: "edit", patch: "edit", rename: "edit", close: "edit", set: "edit", signed: "authenticated",
  repository: "repo", repositories: "repo", repos: "repo", organization: "org", organizations: "org", orgs: "org",
  subscribe: "subscription", pull: "pr", pulls: "pr", starred: "star", stargazer: "star", stargazers: "star",
};
/** A task's first word that is a verb only there: "open a pull request" creates one; "the open ones" are a state. */
const LEADING_VERBS: Record<string, string> = { open: "add", submit: "add", start: "add", ask: "request" };
/** The verb word of an HTTP method, so "create" meets POST and "remove" meets DELETE. */
const METHOD_WORDS: Record<string, string> = { get: "get", post: "add", put: "edit", patch: "edit", delete: "remove" };
const STOP = new Set(["a", "an", "the", "of", "for", "to", "in", "on", "by", "and", "or", "with", "is", "are", "my", "me", "i", "all", "this", "that", "from", "as", "at", "it", "be", "api", "please", "can", "you", "up", "one", "some", "someone", "its", "their", "your", "our", "via", "using", "into", "want", "need"]);
/** Words are cut at this length, so a hostile description cannot make one huge token. */
const MAX_WORD = 40;
/** The text of one field read for the index (descriptions can be long). */
const MAX_FIELD_CHARS = 4_000;
/** The description's opening is what says what a tool does; the rest is detail and noise for ranking. */
const DESCRIPTION_CHARS = 400;

/** Light stemming: the plural first ("issues" → "issue"), then -ing/-ed/-ly/-er endings ("starred" → "star"). */
function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ied")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 5 && w.endsWith("ly")) return w.slice(0, -2);
  // "reviewers"/"reviewer" meet "review" (short words such as "user" and "member" keep their ending).
  if (w.length > 6 && w.endsWith("er")) return w.slice(0, -2);
  return w;
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
    // One letter ("s" of "user's") says nothing.
    if (word.length > 1 && !STOP.has(word.toLowerCase())) out.push(normal(word.slice(0, MAX_WORD)));
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
function docWords(doc: SearchDoc): { counts: Map<string, number>; strong: Set<string> } {
  const counts = new Map<string, number>();
  const strong = new Set<string>();
  // A word counts once per field: a name such as PostCustomersCustomer says "customer" no louder than "Customers".
  const add = (text: string | undefined, weight: number) => {
    for (const w of new Set(tokenize(text ?? ""))) {
      counts.set(w, (counts.get(w) ?? 0) + weight);
      if (weight >= 1) strong.add(w);
    }
  };
  add(doc.title, 3);
  add(doc.name, 2);
  const verb = METHOD_WORDS[(doc.method ?? "").toLowerCase()];
  if (verb) {
    counts.set(verb, (counts.get(verb) ?? 0) + 2);
    strong.add(verb);
  }
  // Path parameters ({owner}, {repo}) are on most paths and say little; the literal segments name the resource.
  add(doc.path?.split("/").filter((seg) => !seg.startsWith("{")).join(" "), 1);
  add(doc.tags?.join(" "), 1);
  add(doc.description?.slice(0, DESCRIPTION_CHARS), 0.5);
  return { counts, strong };
}

/** Builds the index once per isolate (linear in the tools' text). */
export function buildSearchIndex(docs: SearchDoc[]): SearchIndex {
  const built = docs.map(docWords);
  const words = built.map((b) => b.counts);
  const lengths = words.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
  const df = new Map<string, number>();
  for (const m of words) for (const w of m.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const depths = docs.map((d) => (d.path ?? "").split("/").length);
  return { docs: words, strong: built.map((b) => b.strong), lengths, df, avgLength: lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length), depths };
}

const K1 = 1.2;
const B = 0.5;
const DEPTH_PENALTY = 0.03;

/** The indexes of the best `limit` tools for a query, best first (BM25). */
export function searchTools(index: SearchIndex, query: string, limit: number): number[] {
  const words = tokenize(query);
  const leading = query.trimStart().split(" ", 1)[0].toLowerCase();
  if (words.length > 0 && LEADING_VERBS[leading] && words[0] === normal(leading)) words[0] = LEADING_VERBS[leading];
  const terms = [...new Set(words)];
  const n = index.docs.length;
  const scores: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    let score = 0;
    let matched = 0;
    for (const t of terms) {
      const tf = index.docs[i].get(t);
      if (!tf) continue;
      // A word met only in the description is half the evidence that the tool does what was asked.
      matched += index.strong[i].has(t) ? 1 : 0.5;
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
