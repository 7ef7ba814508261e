// Site-wide hints in page text: the API's base URL and how requests authenticate (bearer, basic,
// API key headers and query parameters). Scanners over each line, no backtracking patterns.
import { trimEnd } from "./text";
import type { Hints } from "./draft";
import { isInstanceHost } from "./hosts";

const MAX_INSTANCE_URLS = 50;

/** A host name with a dot and a top-level domain of letters (`gutendex.com`), as a prose line may write one without its scheme. */
export function isHostName(host: string): boolean {
  const labels = host.toLowerCase().split(".");
  return labels.length >= 2 && labels.every((l) => /^[a-z0-9-]{1,63}$/.test(l)) && /^[a-z]{2,}$/.test(labels.at(-1)!);
}

/** A URL written without its scheme (`api.host.com/v2/things/{id}`) as https; any other text as it is. */
export function withScheme(text: string): string {
  const slash = text.indexOf("/");
  return slash > 0 && slash < 254 && isHostName(text.slice(0, slash)) ? `https://${text}` : text;
}

/**
 * Adds the whole URLs a prose line writes in its code spans to `hints`, a URL written without its scheme
 * ("queried at `/books` (e.g. `gutendex.com/books`)") as https.
 */
export function readProseUrls(text: string, hints: Hints): void {
  for (let i = text.indexOf("`"); i >= 0; i = text.indexOf("`", i + 1)) {
    const end = text.indexOf("`", i + 1);
    if (end < 0) return;
    const span = text.slice(i + 1, end);
    i = end;
    if ((hints.proseUrls ??= []).length >= MAX_INSTANCE_URLS) return;
    if (/^https?:\/\/[\w.-]+\/\S+$/.test(span)) hints.proseUrls.push(span);
    else if (/^[\w.-]+\/[\w./-]+$/.test(span) && withScheme(span) !== span) hints.proseUrls.push(withScheme(span));
  }
}

/** Adds the URLs on an instance's address (loopback, a reserved example domain) that these code lines show to `hints`. */
export function readInstanceUrls(lines: string[], hints: Hints): void {
  for (const raw of lines) {
    const line = raw.length > 4000 ? raw.slice(0, 4000) : raw;
    for (let at = line.indexOf("http"); at >= 0; at = line.indexOf("http", at + 4)) {
      if (!line.startsWith("http://", at) && !line.startsWith("https://", at)) continue;
      const url = urlAt(line, at);
      const slash = url.indexOf("/", url.indexOf("//") + 2);
      if (slash < 0 || !isInstanceHost(url.slice(0, slash))) continue;
      if ((hints.instanceUrls ??= []).length >= MAX_INSTANCE_URLS) return;
      hints.instanceUrls.push(url);
    }
  }
}

const BASE_WORDS = [
  "base url",
  "base-url",
  "baseurl",
  "api root",
  "api endpoint",
  "api host",
  "server url",
  "all requests go to",
  "api base",
  "root endpoint",
  "host:",
  "relative to",
  "api url",
  "root url",
];
/** Words of a sentence that says where every request's URL starts ("All requests to the API begin with:"). */
export const STARTS_WITH = ["begin with", "begins with", "start with", "starts with", "lives at", "prefixed with"];
/** What such a sentence says starts so: the API's requests, URLs or calls. */
export const SAYS_REQUESTS = /\b(?:api|requests?|urls?|uris?|endpoints?|calls?)\b/i;

/** The URL a sentence says every request starts with ("All API requests start with `https://api.host`"), or null. */
function startingUrl(line: string, lower: string): string | null {
  // "The API lives at `https://host`" names the host; the prefix its requests share may follow it.
  for (const phrase of STARTS_WITH.filter((p) => p !== "lives at")) {
    const at = lower.indexOf(phrase);
    if (at < 0 || !SAYS_REQUESTS.test(lower.slice(Math.max(0, at - 80), at))) continue;
    let k = at + phrase.length;
    while (k < line.length && k - at - phrase.length < 6 && " `*_:".includes(line[k])) k++;
    if (line.startsWith("http://", k) || line.startsWith("https://", k)) return urlAt(line, k);
  }
  return null;
}

const KEY_QUERY = ["api_key", "apikey", "key", "access_token", "token"];
/** Words one of which a line names when it holds a hint (none has a space, so none spans two table cells). */
export const HINT_WORDS = /http|x-|bearer|basic|=|host/i;

/** The URL (origin and optional path) starting at `at`. */
function urlAt(text: string, at: number): string {
  let end = at;
  while (end < text.length && end - at < 300 && !/[\s"'`<>)\]|,]/.test(text[end])) end++;
  return trimEnd(text.slice(at, end), ".,;:");
}

/** Adds what these lines say about the base URL and authentication to `hints`. */
export function readHints(lines: string[], hints: Hints): void {
  for (const raw of lines) {
    const line = raw.length > 4000 ? raw.slice(0, 4000) : raw;
    // Most lines name none of these: they are passed over without a lowercase copy.
    if (!HINT_WORDS.test(line)) continue;
    const lower = line.toLowerCase();
    const starting = startingUrl(line, lower);
    if (starting) hints.baseUrls.push(starting);
    const word = starting ? undefined : BASE_WORDS.find((w) => lower.includes(w));
    if (word) {
      const at = lower.indexOf("http", lower.indexOf(word));
      if (at >= 0 && /^https?:\/\/[\w.-]/.test(line.slice(at, at + 12))) hints.baseUrls.push(urlAt(line, at));
    }
    if (lower.includes("bearer")) hints.auth.add("bearer");
    if (lower.includes("authorization: basic") || lower.includes("basic auth") || (lower.includes("-u ") && lower.includes("curl")))
      hints.auth.add("basic");
    for (let i = lower.indexOf("x-"); i >= 0; i = lower.indexOf("x-", i + 2)) {
      if (i > 0 && /[\w-]/.test(lower[i - 1])) continue;
      let end = i + 2;
      while (end < line.length && end - i < 60 && /[A-Za-z0-9-]/.test(line[end])) end++;
      const name = line.slice(i, end);
      let k = end;
      while (line[k] === " ") k++;
      if (/key|token|auth/i.test(name) && (line[k] === ":" || line[k] === "`" || line[k] === "=")) hints.apiKeyHeaders.add(name);
    }
    for (const key of KEY_QUERY) {
      for (const sep of ["?", "&"]) {
        const at = lower.indexOf(`${sep}${key}=`);
        if (at >= 0) hints.apiKeyQuery.add(line.slice(at + 1, at + 1 + key.length));
      }
    }
  }
}
