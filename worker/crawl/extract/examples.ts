// Request examples in code blocks: curl commands, HTTP request messages, and SDK calls (fetch, axios,
// requests, generic clients) with a URL; what they show of the method, URL, body and form fields.
import { parseExample } from "./json-schema";
import { isInstanceHost } from "./hosts";
import { typedObjectKeys } from "./readers";
import { leadingRoute, METHODS, pathAt, upperMethod } from "./routes";

/** `also`: the other methods a request line offers (`HEAD|GET|POST https://…`). */
export type Example = {
  method: string;
  url: string;
  body?: unknown;
  fields: string[];
  headers: string[];
  strong: boolean;
  also?: string[];
};

const METHOD_LOWER = new Set(METHODS.map((m) => m.toLowerCase()));

/** The first URL in the text (`https://…`, or a host variable's `{{baseUrl}}/…`, `${HOST}/…`, `$HOST/…`) and where it ends. */
function firstUrl(code: string): { url: string; end: number } | null {
  for (let i = code.indexOf("http"); i >= 0; i = code.indexOf("http", i + 4)) {
    const found = pathAt(code, i);
    if (
      found &&
      /^https?:\/\/[\w.-]+/.test(found.path) &&
      !/^https?:\/\/(?:www\.)?(?:w3\.org|json-schema\.org|github\.com)/.test(found.path)
    )
      return { url: found.path, end: found.end };
  }
  // A host variable: `{{baseUrl}}/x`, `${API_HOST}/x`, `"$API_URL/x"`.
  for (let i = code.indexOf("{{"); i >= 0; i = code.indexOf("{{", i + 2)) {
    const found = pathAt(code, i);
    if (found) return { url: found.path, end: found.end };
  }
  for (let i = code.indexOf("$"); i >= 0; i = code.indexOf("$", i + 1)) {
    const found = pathAt(code, i);
    if (found) return { url: found.path, end: found.end };
  }
  return null;
}

/** A URL curl is given without its scheme (`curl -s ntfy.sh/alerts/json`): curl's default, http, is what it calls; read as https. */
function bareHostUrl(code: string): { url: string; end: number } | null {
  const start = code.indexOf("curl");
  for (const word of code
    .slice(start, start + 2000)
    .split(/\s+/)
    .slice(1, 40)) {
    const token = word.replace(/^["']|["']$/g, "");
    if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d{1,5})?(?:\/\S*)?$/i.test(token)) return { url: `https://${token}`, end: 0 };
  }
  return null;
}

/** The word after `flag` ("-X POST", "--request=PUT"), uppercased. */
function flagValue(code: string, flags: string[]): string | null {
  for (const flag of flags) {
    for (let i = code.indexOf(flag); i >= 0; i = code.indexOf(flag, i + 1)) {
      if (i > 0 && !/\s/.test(code[i - 1])) continue;
      const value = /^[\s=]+["']?([A-Za-z]{3,7})/.exec(code.slice(i + flag.length, i + flag.length + 20))?.[1]?.toUpperCase();
      if (value && METHOD_LOWER.has(value.toLowerCase())) return value;
    }
  }
  return null;
}

/** The quoted argument after each `flag` in a curl command ("-d 'a=1'", "-F name=x", "--data '{…}'"). */
function flagArgs(code: string, flags: string[]): string[] {
  const args: string[] = [];
  for (const flag of flags) {
    for (let i = code.indexOf(flag); i >= 0 && args.length < 100; i = code.indexOf(flag, i + 1)) {
      if (i > 0 && !/\s/.test(code[i - 1])) continue;
      let k = i + flag.length;
      if (code[k] !== " " && code[k] !== "=") continue;
      while (code[k] === " " || code[k] === "=") k++;
      const quote = code[k] === "'" || code[k] === '"' ? code[k] : "";
      const start = quote ? k + 1 : k;
      let end = start;
      while (end < code.length && (quote ? code[end] !== quote || code[end - 1] === "\\" : !/\s/.test(code[end]))) end++;
      args.push(code.slice(start, end).replace(/\\"/g, '"'));
    }
  }
  return args;
}

const formField = (arg: string) => /^([A-Za-z_][\w.[\]-]{0,80})=/.exec(arg)?.[1]?.replace(/\[\]$/, "");

/** A curl command's method, URL, JSON body and form fields. */
function curlOf(code: string): Example | null {
  const url = firstUrl(code) ?? bareHostUrl(code);
  if (!url) return null;
  const data = flagArgs(code, ["-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--json"]);
  const forms = flagArgs(code, ["-F", "--form"]);
  const body = data.map((d) => parseExample(d)).find((v) => v && typeof v === "object");
  const fields = [...data, ...forms].map(formField).filter((f): f is string => Boolean(f));
  const explicit = flagValue(code, ["-X", "--request"]);
  const headers = flagArgs(code, ["-H", "--header"]).map((h) => h.split(":")[0].trim());
  return {
    method: explicit ?? (data.length || forms.length ? "POST" : "GET"),
    url: url.url,
    body: body ?? undefined,
    fields,
    headers,
    strong: false,
  };
}

/** The method an SDK call names near its URL: `.post(`, `method: "PUT"`, `requests.delete`. */
function sdkMethod(code: string): string {
  const named =
    /\bmethod\s*[:=]\s*["'`]?([A-Za-z]{3,7})/i.exec(code)?.[1] ??
    /\.(get|post|put|patch|delete)\s*\(/i.exec(code)?.[1] ??
    /\b(?:Http|HTTP)::(Get|Post|Put|Patch|Delete)\b/.exec(code)?.[1];
  return named && METHOD_LOWER.has(named.toLowerCase()) ? named.toUpperCase() : "GET";
}

/** The request a code block shows, or null. */
export function exampleOf(lines: string[]): Example | null {
  const head = lines.find((l) => l.trim())?.trim() ?? "";
  if (head[0] === "{" || head[0] === "[" || head[0] === "<") return null; // a JSON or XML example, not a request
  const filled = lines.slice(0, 8).filter((l) => l.trim());
  let first = head;
  // A method badge and its path rendered on separate lines ("GET" then "/templates").
  if (METHOD_LOWER.has(first.toLowerCase()) && filled.length <= 3 && /^(?:\/|https?:\/\/)/.test(filled[1]?.trim() ?? ""))
    first = `${first.toUpperCase()} ${filled[1].trim()}`;
  const route = leadingRoute(upperMethod(first));
  // The body written on the request line itself (`POST https://host/api/create-package {"repository":"[url]"}`).
  const after = route ? first.slice(route.end).trim() : "";
  const inline = after.startsWith("{") ? parseExample(after) : null;
  const inlineBody = inline && typeof inline === "object" ? inline : null;
  if (
    route &&
    (filled.length <= 3 ||
      / HTTP\/\d/.test(first) ||
      inlineBody ||
      (route.end === first.length && headersOnly(lines, lines.findIndex((l) => l.trim()) + 1)))
  ) {
    const blank = lines.findIndex((l, i) => i > 0 && !l.trim());
    // Below an inline body, the block shows the response.
    const body = inlineBody ?? (blank > 0 ? parseExample(lines.slice(blank + 1).join("\n")) : null);
    // A captured request to an instance's example host (`Host: localhost:8888`) shows values, not the route.
    const hostLine = lines.slice(0, 20).find((l) => l.trimStart().toLowerCase().startsWith("host:"));
    const host = hostLine?.slice(hostLine.indexOf(":") + 1).trim() ?? "";
    const captured = hostLine !== undefined && isInstanceHost(host);
    // The request's own `Host:` names the API's host: a relative request line is read as a URL on it.
    const url =
      route.path.startsWith("/") && /^[\w.-]+\.[a-z]{2,}(?::\d{1,5})?$/i.test(host) && !captured
        ? `https://${host.toLowerCase()}${route.path}`
        : route.path;
    // The same path under further methods on the lines below (`PUT /x/<id>/` then `PATCH /x/<id>/`).
    const below = filled.slice(1).map((l) => leadingRoute(upperMethod(l.trim())));
    const also = [...(route.also ?? []), ...(below.every((r) => r?.path === route.path) ? below.map((r) => r!.method) : [])];
    return {
      method: route.method,
      url,
      body: body ?? undefined,
      fields: [],
      headers: [],
      strong: !captured,
      ...(also.length ? { also } : {}),
    };
  }
  const code = lines.join("\n").replace(/\\\n/g, " ").slice(0, 20_000);
  if (/(?:^|\s|\$ )curl\s/.test(code)) return curlOf(code);
  if (/\bwget\s/.test(code) || /\bhttp(?:ie)?\s+(?:GET|POST|PUT|PATCH|DELETE)\b/i.test(code)) {
    const url = firstUrl(code);
    const method = /\b(GET|POST|PUT|PATCH|DELETE)\b/.exec(code)?.[1] ?? "GET";
    return url ? { method, url: url.url, fields: [], headers: [], strong: false } : null;
  }
  const url = firstUrl(code);
  if (
    !url ||
    !/\b(?:fetch|axios|requests|http|client|request|Request|urlopen|HttpClient|RestClient|Faraday|got|superagent|ky)\b/.test(code)
  )
    return null;
  // The body: the object after `body:`/`json=`/`data:`, as JSON, else its top-level keys (a JavaScript object literal).
  const keyword = code.search(/\b(?:body|json|data)\s*[:=]/);
  const open = keyword >= 0 ? code.indexOf("{", keyword) : -1;
  const written = open >= 0 && open - keyword < 100 ? balancedFrom(code, open) : "";
  const body = written ? parseExample(written) : null;
  const fields = written && !(body && typeof body === "object") ? typedObjectKeys(written.split("\n"), "body").map((p) => p.name) : [];
  return {
    method: sdkMethod(code),
    url: url.url,
    body: body && typeof body === "object" ? body : undefined,
    fields,
    headers: [],
    strong: false,
  };
}

const MAX_URL_LINES = 20;
const MAX_COMMANDS = 20;

/**
 * A code block of several curl commands, each starting its own line (`$ curl …` under `# Retrieve a random joke`,
 * then `$ curl …` under `# Free text search`): each command's request. Null for a block of fewer than two.
 */
export function commandsOf(lines: string[]): Example[] | null {
  const starts: number[] = [];
  for (let i = 0; i < lines.length && starts.length <= MAX_COMMANDS; i++)
    if (/^(?:\$\s*)?curl\s/.test(lines[i].trimStart())) starts.push(i);
  if (starts.length < 2 || starts.length > MAX_COMMANDS) return null;
  const examples: Example[] = [];
  for (let k = 0; k < starts.length; k++) {
    const command = lines
      .slice(starts[k], starts[k + 1] ?? lines.length)
      .join("\n")
      .replace(/\\\n/g, " ")
      .slice(0, 20_000);
    const example = curlOf(command);
    if (example) examples.push(example);
  }
  return examples.length ? examples : null;
}

/**
 * A code block whose every line is a whole URL (`https://host/api/deck/new/shuffle/?deck_count=1`), at most a
 * short word after it (a copy button's label): each line a request to visit, so a GET. A line that is only an
 * origin (`http://api.host.org`, listed before the URLs on it) names the host and is no request of its own.
 * With `paths`, lines that are a path alone (`/search?name=Middle`, under a "Request" heading) are requests too.
 * Null for any other block.
 */
export function urlLinesOf(lines: string[], paths = false): Example[] | null {
  const filled = lines.map((l) => l.trim()).filter(Boolean);
  if (!filled.length || filled.length > MAX_URL_LINES) return null;
  const examples: Example[] = [];
  for (const written of filled) {
    const line = elementUrl(written) ?? written;
    const absolute = line.startsWith("http://") || line.startsWith("https://");
    if (!absolute && !(paths && line.startsWith("/"))) return null;
    // The URL is the line's first word: its query string may hold commas (`?cards=AS,2S`), which end a path in prose.
    const space = line.search(/\s/);
    const url = space < 0 ? line : line.slice(0, space);
    const rest = line.slice(url.length).trim();
    if (rest.length > 12 || rest.includes(" ")) return null;
    if (absolute && /^https?:\/\/[\w.-]+(?::\d{1,5})?\/?$/.test(url)) continue;
    const found = pathAt(url, 0);
    if (!found || found.path.split("?")[0] !== url.split("?")[0]) return null;
    examples.push({ method: "GET", url, fields: [], headers: [], strong: false });
  }
  return examples.length ? examples : null;
}

/** The URL an HTML element alone on its line loads (`<img src="https://host/200/300?random=1">`), or null. */
function elementUrl(line: string): string | null {
  if (!line.startsWith("<") || !line.endsWith(">") || line.length > 2000) return null;
  for (const attribute of [' src="', ' href="']) {
    const at = line.indexOf(attribute);
    const end = at < 0 ? -1 : line.indexOf('"', at + attribute.length);
    const url = end < 0 ? "" : line.slice(at + attribute.length, end);
    if (/^https?:\/\/\S+$/.test(url)) return url;
  }
  return null;
}

/** Whether the lines from `from` to the first blank one are all HTTP headers ("Content-Type: application/json"): a raw request's head. */
function headersOnly(lines: string[], from: number): boolean {
  const end = Math.min(lines.length, from + 30);
  for (let i = from; i < end; i++) {
    const line = lines[i].trim();
    if (!line) return true;
    if (!/^[A-Za-z][\w-]{0,60}: \S/.test(line)) return false;
  }
  return end === lines.length; // the block ends with its headers
}

/** The `{…}` starting at `open`, to its matching brace (bounded). */
function balancedFrom(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length && i - open < 10_000; i++) {
    if (code[i] === "{") depth++;
    else if (code[i] === "}" && --depth === 0) return code.slice(open, i + 1);
  }
  return "";
}
