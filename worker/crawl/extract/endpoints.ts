// Reading endpoints out of Markdown: signatures (`GET /v1/things/{id}`), curl examples, parameter
// tables and lists, JSON request/response examples, base URLs and authentication hints.
import { parseExample, type Schema, schemaOf } from "./json-schema";
import { type FoundParam, locationOf, type ParamLocation, paramOfListItem, paramsOfTable } from "./params";

export type Draft = {
  method: string;
  /** Path as written: relative (/notes/{id}) or absolute (https://api.example.com/v1/notes). */
  rawPath: string;
  summary?: string;
  description?: string;
  params: FoundParam[];
  requestExample?: Schema;
  responseExample?: Schema;
  source: string;
};
export type Hints = { baseUrls: string[]; exampleUrls: string[]; auth: Set<string>; apiKeyHeaders: Set<string>; apiKeyQuery: Set<string> };
export type Page = { url: string; title?: string | null; markdown: string };

const METHODS = "GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS";
const PATH = String.raw`((?:https?:\/\/[\w.:-]+)?\/[\w\-./{}:~%$]*(?:\?[\w=&{}\-.,[\]%]*)?)`;
// An optional label ("**Endpoint:**", "HTTP request:") may precede the signature.
const LABEL = String.raw`(?:[*_]*(?:[Ee]ndpoint|[Rr]equest|HTTP [Rr]equest|URL|[Rr]oute)[*_]*\s*:?\s*[*_]*\s*)?`;
const SIGNATURE = new RegExp(String.raw`^\s*(?:[#>*|-]+\s*)*${LABEL}[\`*]*(${METHODS})[\`*]*\s+[\`*]*${PATH}`);
const CURL = /\bcurl\b/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const BASE_URL = /\b(?:base\s*url|api\s*(?:root|endpoint|host)|server url|all requests go to)\b[^\n]*?(https?:\/\/[\w.:-]+(?:\/[\w\-./]*)?)/i;
const MAX_DRAFTS = 1000;

const clean = (s: string) => s.replace(/[`*_#]/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").trim();

/** Method, URL and -d body of a curl command (its lines joined). */
function parseCurl(command: string): { method: string; url: string; body?: unknown } | null {
  const url = command.match(/["']?(https?:\/\/[^\s"'\\]+)["']?/)?.[1];
  if (!url) return null;
  const explicit = command.match(/(?:-X|--request)\s+["']?([A-Z]+)/)?.[1];
  const data = command.match(/(?:-d|--data(?:-raw|-binary)?|--json)\s+(?:'([\s\S]*?)'|"((?:[^"\\]|\\.)*)")/);
  const body = data ? parseExample(data[1] ?? data[2].replace(/\\"/g, '"')) : undefined;
  return { method: explicit ?? (data ? "POST" : "GET"), url, body: body ?? undefined };
}

/** Reads endpoints and hints from pages of Markdown. */
export function readEndpoints(pages: Page[]): { drafts: Draft[]; hints: Hints } {
  const drafts: Draft[] = [];
  const hints: Hints = { baseUrls: [], exampleUrls: [], auth: new Set(), apiKeyHeaders: new Set(), apiKeyQuery: new Set() };
  for (const page of pages) {
    const lines = page.markdown.split("\n");
    let current: Draft | null = null;
    let heading = page.title ?? "";
    let headingLevel = 0;
    let currentHeadingLevel = 7;
    let sectionLocation: ParamLocation | null = null;
    let context = ""; // the latest heading or paragraph, to tell request from response examples
    const open = (method: string, rawPath: string, summary?: string) => {
      if (drafts.length >= MAX_DRAFTS) return;
      current = { method, rawPath, summary: summary || undefined, params: [], source: page.url };
      currentHeadingLevel = headingLevel || 7;
      drafts.push(current);
      sectionLocation = null;
    };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (BASE_URL.test(line)) hints.baseUrls.push(line.match(BASE_URL)![1].replace(/[.,)]+$/, ""));
      if (/authorization:\s*bearer|bearer\s+token/i.test(line)) hints.auth.add("bearer");
      if (/authorization:\s*basic|basic\s+auth/i.test(line)) hints.auth.add("basic");
      const keyHeader = line.match(/\b(X-[A-Za-z-]*(?:Key|Token|Auth)[A-Za-z-]*)\s*:/i);
      if (keyHeader) hints.apiKeyHeaders.add(keyHeader[1]);
      const keyQuery = line.match(/[?&](api_?key|key|access_token|token)=/i);
      if (keyQuery) hints.apiKeyQuery.add(keyQuery[1]);

      const fence = line.match(/^\s*(```|~~~)\s*([\w-]*)/);
      if (fence) {
        const body: string[] = [];
        for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
        const code = body.join("\n");
        const signature = body.find((l) => SIGNATURE.test(l))?.match(SIGNATURE);
        if (signature && body.length <= 3) open(signature[1], signature[2], clean(heading));
        else if (CURL.test(code)) {
          const curl = parseCurl(code.replace(/\\\n/g, " "));
          if (curl && !current) open(curl.method, curl.url, clean(heading));
          if (curl?.body && current) (current as Draft).requestExample ??= schemaOf(curl.body);
          if (curl) hints.exampleUrls.push(curl.url);
        } else if (current) {
          const example = parseExample(code);
          const draft = current as Draft;
          if (example) {
            if (/request|body|payload/i.test(context) && !/response|return/i.test(context)) draft.requestExample ??= schemaOf(example);
            else draft.responseExample ??= schemaOf(example);
          }
        }
        continue;
      }
      const h = line.match(HEADING);
      if (h) {
        headingLevel = h[1].length;
        heading = h[2];
        context = heading;
        sectionLocation = locationOf(heading.match(/param|header|body|argument|field/i) ? heading : "");
        if (/response|return|error|status code/i.test(heading)) sectionLocation = null;
        const sig = line.match(SIGNATURE);
        if (sig) open(sig[1], sig[2], clean(lines.slice(0, i).reverse().find((l) => HEADING.test(l))?.replace(/^#+\s*/, "") ?? ""));
        else if (current && headingLevel <= currentHeadingLevel) current = null;
        continue;
      }
      const sig = line.match(SIGNATURE);
      if (sig && !line.trim().startsWith("|")) {
        open(sig[1], sig[2], clean(heading));
        continue;
      }
      if (!current) continue;
      const draft = current as Draft;
      if (line.trim().startsWith("|")) {
        const table: string[] = [];
        for (; i < lines.length && lines[i].trim().startsWith("|"); i++) table.push(lines[i]);
        i--;
        const inResponse = /response|return|error/i.test(context);
        const params = inResponse ? null : paramsOfTable(table, sectionLocation);
        if (params) draft.params.push(...params);
        continue;
      }
      const item = paramOfListItem(line, sectionLocation);
      if (item && !/response|return|error/i.test(context)) {
        draft.params.push(item);
        continue;
      }
      if (line.trim()) {
        context = line;
        if (!draft.description && !/^[-*|>]/.test(line.trim())) draft.description = clean(line).slice(0, 1000);
      }
    }
  }
  return { drafts, hints };
}
