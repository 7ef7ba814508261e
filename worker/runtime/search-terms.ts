// Search mode's term index as a server isolate reads it: what MiniSearch keeps (each term's documents
// and frequencies per field, each document's field lengths) in flat arrays, the terms sorted, so a
// query scores exactly as MiniSearch's search (BM25+, field boosts, prefix and fuzzy terms weighed
// alike) with work in proportion to the postings it meets: no tree to build when it is read, no object
// per match. The portal builds it from a MiniSearch index at deploy (search.ts); a term's postings are
// parsed when a query first meets the term.
import type MiniSearch from "minisearch";

/** BM25+ as MiniSearch scores (its defaults). */
const K = 1.2;
const B = 0.7;
const D = 0.5;
const K1 = K + 1;

/** How a query term meets the index's terms: itself, the terms it starts (from a length), the terms a few edits away (from a length). */
export type TermOptions = {
  prefixFrom: number;
  fuzzyFrom: number;
  /** Edits allowed per character of the term (MiniSearch's `fuzzy` fraction). */
  fuzzy: number;
  prefixWeight: number;
  fuzzyWeight: number;
};

/** A term index kept as text: its sorted terms, each with where its postings are in `postings`, and its documents' field lengths. */
export type KeptTerms = {
  documentCount: number;
  fieldCount: number;
  averageFieldLength: number[];
  /** Document d's length in field f at d * fieldCount + f. */
  fieldLength: number[];
  terms: string[];
  /** Where each term's postings end: term i's are postings.slice(ends[i - 1] ?? 0, ends[i]) (see encodeNumbers). */
  ends: number[];
  postings: string;
};

/**
 * Postings are kept as text of one to a few characters per number (most are under 32: a frequency, a
 * field, the step to the next document), not JSON: GitHub's postings take half the text (490 → 240 KB) to read from
 * KV and to hand to a new isolate. Each character carries 5 bits, low bits first; one of the upper 32
 * characters says more follow, one of the lower 32 ends the number.
 */
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let d = 0; d < DIGITS.length; d++) DIGIT_OF[DIGITS.charCodeAt(d)] = d;

/** Non-negative integers as postings text. */
export function encodeNumbers(numbers: number[]): string {
  let out = "";
  for (let n of numbers) {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Postings hold non-negative integers, not ${n}`);
    for (; n >= 32; n = Math.floor(n / 32)) out += DIGITS[32 + (n % 32)];
    out += DIGITS[n];
  }
  return out;
}

/** The numbers of postings text (see encodeNumbers). */
export function decodeNumbers(text: string): number[] {
  const numbers: number[] = [];
  let value = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const digit = DIGIT_OF[text.charCodeAt(i)];
    if (digit >= 32) {
      value += (digit - 32) * scale;
      scale *= 32;
    } else {
      numbers.push(value + digit * scale);
      value = 0;
      scale = 1;
    }
  }
  return numbers;
}

/** MiniSearch's edit distance cap. */
const MAX_FUZZY = 6;

/**
 * Calls `visit` with each of `terms` (sorted) within Levenshtein distance `max` of `term`, and the
 * distance (MiniSearch's fuzzy match). Sorted terms share their prefixes with their neighbours, so the
 * distance matrix rows of a shared prefix are reused (as walking a trie would), and a prefix already
 * over `max` skips every term that starts with it.
 */
function withinDistance(terms: string[], term: string, max: number, visit: (i: number, distance: number) => void) {
  const n = term.length + 1;
  const rows = new Int32Array((term.length + max + 1) * n);
  for (let j = 0; j < n; j++) rows[j] = j;
  // Rows 0..valid hold the distances of `prev`'s first `valid` characters.
  let prev = "";
  let valid = 0;
  for (let i = 0; i < terms.length;) {
    const candidate = terms[i];
    if (Math.abs(candidate.length - term.length) > max) {
      i++;
      continue;
    }
    let shared = 0;
    while (shared < valid && shared < candidate.length && prev.charCodeAt(shared) === candidate.charCodeAt(shared)) shared++;
    let over = 0;
    for (let r = shared + 1; r <= candidate.length && !over; r++) {
      const c = candidate.charCodeAt(r - 1);
      const above = (r - 1) * n;
      const at = r * n;
      rows[at] = r;
      let least = r;
      for (let j = 1; j < n; j++) {
        const value = Math.min(rows[above + j] + 1, rows[at + j - 1] + 1, rows[above + j - 1] + (term.charCodeAt(j - 1) === c ? 0 : 1));
        rows[at + j] = value;
        if (value < least) least = value;
      }
      if (least > max) over = r;
    }
    prev = candidate;
    if (over) {
      valid = over - 1;
      const start = candidate.slice(0, over);
      for (i++; i < terms.length && terms[i].startsWith(start); i++);
      continue;
    }
    valid = candidate.length;
    const distance = rows[candidate.length * n + n - 1];
    if (distance <= max) visit(i, distance);
    i++;
  }
}

/** The first index of `terms` (sorted) whose term is not below `term`. */
function lowerBound(terms: string[], term: string): number {
  let [low, high] = [0, terms.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (terms[mid] < term) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A term index, read in place from its kept form. */
export class TermIndex {
  /** Per term, its postings when parsed: per field, [field id, n, (document step, frequency) × n] in turn (see keep). */
  private readonly parsed: (number[] | undefined)[];
  private scores: Float64Array;
  private met: Uint8Array;
  /** Per document and field, BM25's length norm (K × (1 − B + B × length / average)), worked out when first met (-1 before). */
  private norms: Float64Array;
  /** The documents the last search met. */
  private touched: number[] = [];

  constructor(
    readonly kept: KeptTerms,
    /** Per field id, its boost. */
    private readonly boosts: number[],
  ) {
    this.parsed = new Array(kept.terms.length);
    this.scores = new Float64Array(kept.documentCount);
    this.met = new Uint8Array(kept.documentCount);
    this.norms = new Float64Array(kept.documentCount * kept.fieldCount).fill(-1);
  }

  /** The kept form of a MiniSearch index (as the portal packs it). */
  static keep(search: MiniSearch): KeptTerms {
    const js = search.toJSON();
    const fieldCount = Object.keys(js.fieldIds).length;
    const fieldLength: number[] = new Array(js.documentCount * fieldCount).fill(0);
    for (const [doc, lengths] of Object.entries(js.fieldLength))
      (lengths as number[]).forEach((n, f) => (fieldLength[Number(doc) * fieldCount + f] = n ?? 0));
    const entries = js.index
      .map(([term, data]) => {
        const flat: number[] = [];
        for (const [field, docs] of Object.entries(data)) {
          const pairs = Object.entries(docs);
          flat.push(Number(field), pairs.length);
          // Each document as the step from the one before (short numbers: a third less text to read).
          let previous = 0;
          for (const [doc, n] of pairs) {
            flat.push(Number(doc) - previous, n);
            previous = Number(doc);
          }
        }
        return [term, encodeNumbers(flat)] as const;
      })
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const ends: number[] = [];
    let length = 0;
    for (const [, text] of entries) ends.push((length += text.length));
    return {
      documentCount: js.documentCount,
      fieldCount,
      averageFieldLength: js.averageFieldLength,
      fieldLength,
      terms: entries.map(([term]) => term),
      ends,
      postings: entries.map(([, text]) => text).join(""),
    };
  }

  private postingsOf(i: number): number[] {
    const { postings, ends } = this.kept;
    return (this.parsed[i] ??= decodeNumbers(postings.slice(i > 0 ? ends[i - 1] : 0, ends[i])));
  }

  /** Adds one index term's BM25+ scores, weighed, to the documents it is in. */
  private add(i: number, weight: number, touched: number[]) {
    const { documentCount, fieldCount, averageFieldLength, fieldLength } = this.kept;
    const { scores, met, boosts, norms } = this;
    const postings = this.postingsOf(i);
    for (let at = 0; at < postings.length;) {
      const field = postings[at];
      const count = postings[at + 1];
      const weighed = weight * (boosts[field] ?? 1);
      const average = averageFieldLength[field];
      const idf = Math.log(1 + (documentCount - count + 0.5) / (count + 0.5));
      const end = at + 2 + 2 * count;
      let doc = 0;
      for (at += 2; at < end; at += 2) {
        doc += postings[at];
        const frequency = postings[at + 1];
        const slot = doc * fieldCount + field;
        let norm = norms[slot];
        if (norm < 0) norm = norms[slot] = K * (1 - B + (B * fieldLength[slot]) / average);
        if (met[doc] === 0) {
          met[doc] = 1;
          touched.push(doc);
        }
        scores[doc] += weighed * (idf * (D + (frequency * K1) / (frequency + norm)));
      }
    }
  }

  /**
   * Each document's score for one query term, as MiniSearch's search of that term scores it: the term
   * itself, the longer terms it starts and the terms within its edit distance, each weighed. Answers
   * the documents met (in no order) and their scores by document, which hold until the next search.
   */
  search(term: string, options: TermOptions): { docs: number[]; scores: Float64Array } {
    const { terms } = this.kept;
    for (const doc of this.touched) {
      this.scores[doc] = 0;
      this.met[doc] = 0;
    }
    const touched: number[] = (this.touched = []);
    const first = lowerBound(terms, term);
    const exact = terms[first] === term;
    if (exact) this.add(first, 1, touched);
    // The terms it starts are the ones after it in sorted order; they count as prefix matches, never as fuzzy ones.
    let end = exact ? first + 1 : first;
    if (term.length >= options.prefixFrom) {
      for (; end < terms.length && terms[end].startsWith(term); end++) {
        const distance = terms[end].length - term.length;
        this.add(end, (options.prefixWeight * terms[end].length) / (terms[end].length + 0.3 * distance), touched);
      }
    }
    const max = Math.min(MAX_FUZZY, Math.round(term.length * options.fuzzy));
    if (term.length >= options.fuzzyFrom && max > 0)
      withinDistance(terms, term, max, (i, distance) => {
        if (i < first || i >= end) this.add(i, (options.fuzzyWeight * terms[i].length) / (terms[i].length + distance), touched);
      });
    return { docs: touched, scores: this.scores };
  }
}
