// The words of search mode: one linear tokenizer for descriptions and queries (split at
// non-alphanumerics and camelCase humps, URLs skipped, light English stemming) and the reading of a
// request as people phrase it — intent verbs, "my"/"for me", stop phrases. English only, no API's words.

/** Words are cut at this length, so a hostile description cannot make one huge token. */
const MAX_WORD = 40;
/** The text of one field read for the index (descriptions can be long). */
export const MAX_FIELD_CHARS = 4_000;

/** Words that say nothing about which operation is meant (stop phrases such as "how do I", "can you", "please" fall apart into these). */
const STOP = new Set(
  (
    "a an the of for to in on by and or with is are was be been it its this that these those from as at into onto via using " +
    "please can could would will should do does did how i me my mine myself we our us you your am im i'm they their them " +
    "want need like help let lets just some any all one each every there here so then now also about up out get it's " +
    "thing things something stuff way ok okay who whom what which where when why"
  ).split(" "),
);

/** What a request asks to do with a resource, read from its verb. */
export type Action = "create" | "delete" | "update" | "read";

/** Everyday verbs and what they ask for (English, not an API's words). */
const INTENT_VERBS: Record<string, Action> = {};
const intent = (action: Action, verbs: string) => verbs.split(" ").forEach((v) => (INTENT_VERBS[v] = action));
intent(
  "create",
  "create make add new open start submit report register send post schedule invite upload save issue cut publish write log attach trigger kick book generate share store file give grant reply respond comment",
);
intent("delete", "delete remove drop destroy erase revoke uninstall unregister discard");
intent("update", "update change edit rename modify set reset replace enable disable turn move mark configure switch");
// Verbs that change a thing's state (approve a request, end a meeting, merge a branch) rather than read it.
intent(
  "update",
  "activate deactivate suspend approve accept decline reject deny cancel end stop close reopen finish complete archive restore lock unlock pause resume assign unassign merge transition follow unfollow block unblock",
);
intent("read", "list show get find see view read what which who whose when where fetch look display download check tell many much");
/** "set up a webinar" and "sign up a customer" create one. */
const PHRASAL_CREATE = new Set(["set", "sign"]);
/** "signed in", "logged in": with "I" or "my", words for the asker's own session. */
const SESSION_WORDS = new Set(["sign", "signed", "log", "logged"]);
/** "show me …", "tell me …": the asker is the audience, not the subject. */
const TO_ME = new Set(["show", "tell", "give", "let", "help"]);

/** Words that put the asker in the request: "my repos", "for me", "who am I", "I'm". */
const SELF_WORDS = new Set(["my", "mine", "myself", "i", "im", "i'm", "i've", "me"]);

/** Light stemming: the plural first ("issues" → "issue"), then -ing/-ed/-ly endings ("starred" → "starr", which prefix search meets). */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ied")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith("ed")) return w.endsWith("eed") ? w : w.slice(0, -2);
  if (w.length > 5 && w.endsWith("ly")) return w.slice(0, -2);
  return w;
}

const isLower = (c: string) => c >= "a" && c <= "z";
const isUpper = (c: string) => c >= "A" && c <= "Z";
const isDigit = (c: string) => c >= "0" && c <= "9";

/** The raw lower-case words of a text, in order: split at non-alphanumerics and camelCase humps, URLs skipped. */
export function rawWords(text: string): string[] {
  const out: string[] = [];
  let word = "";
  const flush = () => {
    if (word) out.push(word.slice(0, MAX_WORD).toLowerCase());
    word = "";
  };
  const limit = Math.min(text.length, MAX_FIELD_CHARS);
  for (let i = 0; i < limit; i++) {
    const c = text[i];
    // A link's address says where the docs live, not what the operation does.
    if (c === "h" && !word && (text.startsWith("http://", i) || text.startsWith("https://", i))) {
      while (i < limit && text[i] !== " " && text[i] !== ")" && text[i] !== "\n") i++;
      continue;
    }
    // "I'm" and "don't" stay one word.
    if (c === "'" && word && isLower(text[i + 1] ?? "") && !isLower(text[i + 2] ?? "")) {
      word += c;
      continue;
    }
    if (!isLower(c) && !isUpper(c) && !isDigit(c)) {
      flush();
      continue;
    }
    // A capital after a lower-case letter starts a new word (listIssues → list, Issues).
    if (isUpper(c) && word && isLower(word[word.length - 1])) flush();
    word += c;
  }
  flush();
  return out;
}

/** The index words of a text: raw words without stop words and single letters, stemmed. */
export function indexWords(text: string): string[] {
  const out: string[] = [];
  for (const w of rawWords(text)) {
    const bare = w.endsWith("'s") ? w.slice(0, -2) : w;
    if (bare.length > 1 && !STOP.has(bare) && !bare.includes("'")) out.push(stem(bare));
  }
  return out;
}

/** A request read as people phrase it: its content words, what its verb asks, whether it names many things, whether it is about the asker, and the API concepts its idioms name. */
export type ReadQuery = {
  terms: string[];
  action: Action | null;
  verb: string | null;
  plural: boolean;
  self: boolean;
  people: boolean;
  concepts: string[];
};

/**
 * Everyday idioms for concepts every kind of API has, and the words APIs use for them: "call my server
 * whenever …" asks for a webhook, "many … at once" for a bulk operation, "what happened recently" for
 * events, "what am I allowed to do" for permissions. Each idiom is a set of cue words: a request with a word of every set names the concept.
 */
const IDIOMS: { cues: Set<string>[]; concepts: string[] }[] = [
  {
    cues: [
      new Set(["when", "whenever", "every", "each"]),
      new Set(["server", "url", "endpoint", "notify", "notified", "ping", "callback", "post", "call"]),
    ],
    concepts: ["webhook", "hook", "callback", "subscription"],
  },
  {
    cues: [new Set(["many", "multiple", "several", "lot", "lots"]), new Set(["once", "bulk", "batch", "together", "go"])],
    concepts: ["bulk", "batch"],
  },
  { cues: [new Set(["happened", "happen", "happening"])], concepts: ["event", "activity", "history", "audit"] },
  { cues: [new Set(["allowed", "permitted"])], concepts: ["permission"] },
];
const conceptsOf = (words: string[]) =>
  IDIOMS.filter((i) => i.cues.every((cue) => words.some((w) => cue.has(w)))).flatMap((i) => i.concepts);

/** Words that ask about people without naming what the API calls them ("who's in the org", "add someone"). */
const PERSON_WORDS = new Set(["who", "whom", "whose", "who's", "someone", "somebody", "everyone", "everybody", "anyone", "anybody"]);

/** Reads a request: the first intent verb names the action; "my", "I", "for me" make it about the asker. */
export function readQuery(query: string): ReadQuery {
  const words = rawWords(query).map((w) => (w.endsWith("'s") ? w.slice(0, -2) : w));
  let action: Action | null = null;
  let verb: string | null = null;
  let self = false;
  let plural = false;
  let people = false;
  words.forEach((w, i) => {
    if (PERSON_WORDS.has(w) && words[i + 1] !== "am") people = true;
    if (SELF_WORDS.has(w) && !(w === "me" && TO_ME.has(words[i - 1] ?? ""))) self = true;
    if (w === "who" || w === "whom") self ||= words[i + 1] === "am";
    if (!action && INTENT_VERBS[w]) [action, verb] = [PHRASAL_CREATE.has(w) && words[i + 1] === "up" ? "create" : INTENT_VERBS[w], stem(w)];
    if (!action && PHRASAL_CREATE.has(w) && words[i + 1] === "up") action = "create";
    if (w.length > 3 && !STOP.has(w) && !INTENT_VERBS[w] && w.endsWith("s") && stem(w) !== w) plural = true;
  });
  // "am I signed in as", "I'm logged in as": the asker's own session, said in other words than any API's.
  // "am I signed in as": the asker's own session; "have on file": kept, not a file.
  const kept = words.filter((w, i) => !(self && SESSION_WORDS.has(w) && words[i + 1] === "in") && !(w === "file" && words[i - 1] === "on"));
  const terms = indexWords(kept.join(" "));
  return { terms, action, verb, plural, self, people, concepts: conceptsOf(words) };
}
