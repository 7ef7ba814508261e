// Upstream responses → MCP tool results: JSON minified as text and text as text (both cut at the
// server's response budget with a note naming the paging argument), binary as an embedded resource,
// non-2xx as isError with an excerpt.
import type { CallToolResult } from "@modelcontextprotocol/server";

/** Error answers quote at most this much of the upstream body. */
export const ERROR_EXCERPT_CHARS = 2_000;
/** Binary answers larger than this are not embedded. */
export const MAX_BINARY_BYTES = 5 * 1024 * 1024;

const isJson = (type: string) => /^application\/(.+\+)?json\b/i.test(type) || /\+json\b/i.test(type);
const isText = (type: string) =>
  type === "" || /^text\//i.test(type) || /^application\/(.+\+)?(xml|javascript|x-www-form-urlencoded|yaml|x-yaml|graphql)\b/i.test(type);

/** Arguments that page through a list: the first the tool has is named when an answer is cut. */
const NEXT_PAGE_ARGS = [
  "cursor",
  "page_token",
  "pageToken",
  "next_token",
  "nextToken",
  "starting_after",
  "startingAfter",
  "after",
  "marker",
  "page",
  "offset",
  "skip",
  "since",
];
const PAGE_SIZE_ARGS = ["limit", "per_page", "perPage", "page_size", "pageSize", "max_results", "maxResults", "count", "size"];

/** What a cut answer's note suggests, from the tool's argument names. */
export function pagingHint(argNames: string[]): string {
  const next = NEXT_PAGE_ARGS.find((a) => argNames.includes(a));
  const size = PAGE_SIZE_ARGS.find((a) => argNames.includes(a));
  if (next && size) return ` To see more, call the tool again with "${next}" for the next part, or a smaller "${size}".`;
  if (next) return ` To see more, call the tool again with "${next}" for the next part.`;
  if (size) return ` Ask for fewer items with a smaller "${size}".`;
  return "";
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Cuts text to at most `maxBytes` of UTF-8 (never inside a character) and says how much was cut. */
export function cutText(text: string, maxBytes: number, hint = ""): string {
  // A string of n UTF-16 units is at most 3n bytes: short texts skip the encoding.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--; // back to the first byte of a character
  const shown = decoder.decode(bytes.subarray(0, end));
  return `${shown}\n\n[Response truncated: showing the first ${end} of ${bytes.length} bytes; ${bytes.length - end} bytes were cut.${hint}]`;
}

const textResult = (text: string, isError = false): CallToolResult => ({
  content: [{ type: "text", text }],
  ...(isError ? { isError } : {}),
});

/** JSON without whitespace: a model reads it as well and it costs fewer tokens. */
function minifiedJson(text: string) {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

function toBase64(bytes: Uint8Array) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Checks an answer against the tool's outputSchema; `wrapsArrays` when that schema is `{ result: [...] }`. */
export type OutputCheck = ((value: unknown) => { valid: boolean; errorMessage?: string }) & { wrapsArrays?: boolean };

/**
 * A JSON answer of a tool with an outputSchema: structuredContent (and the same JSON as text, for older
 * clients) when it conforms; otherwise isError with the answer as text, because MCP requires conforming
 * structuredContent from such a tool and clients refuse a plain success without it.
 */
function structuredAnswer(status: number, text: string, maxBytes: number, hint: string, check: OutputCheck): CallToolResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {}
  const shown = cutText(value === undefined ? text : JSON.stringify(value), maxBytes, hint);
  // A list answer is declared (openapi/output.ts) and given as { result: [...] }: MCP structured results are objects.
  const structured = Array.isArray(value) && check.wrapsArrays ? { result: value } : value;
  const isObject = typeof structured === "object" && structured !== null && !Array.isArray(structured);
  const result = isObject ? check(structured) : { valid: false, errorMessage: `not a JSON ${check.wrapsArrays ? "array" : "object"}` };
  if (result.valid) return { content: [{ type: "text", text: shown }], structuredContent: structured as Record<string, unknown> };
  return textResult(
    `The API answered HTTP ${status}, but not in the shape this tool's outputSchema documents (${result.errorMessage ?? "invalid"}), so no structured result is given. The answer:\n${shown}`,
    true,
  );
}

/** The tool result for an upstream response (text within `maxBytes`, `hint` ending a cut answer's note); `check` for tools with an outputSchema. */
export async function answerFromResponse(
  res: Response,
  url: string,
  maxBytes: number,
  check?: OutputCheck,
  hint = "",
): Promise<CallToolResult> {
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!res.ok) {
    const body = await res.text();
    const excerpt = body.length > ERROR_EXCERPT_CHARS ? `${body.slice(0, ERROR_EXCERPT_CHARS)}…` : body;
    return textResult(
      `The API answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}${excerpt ? `:\n${excerpt}` : " with an empty body"}`,
      true,
    );
  }
  if (check)
    return isJson(type)
      ? structuredAnswer(res.status, await res.text(), maxBytes, hint, check)
      : notStructured(await answerFromResponse(res, url, maxBytes, undefined, hint), res.status, type);
  if (isJson(type)) return textResult(cutText(minifiedJson(await res.text()), maxBytes, hint));
  if (isText(type)) {
    const text = await res.text();
    return textResult(text ? cutText(text, maxBytes, hint) : `The API answered HTTP ${res.status} with an empty body`);
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_BINARY_BYTES) {
    return textResult(
      `The API answered ${bytes.byteLength} bytes of ${type}, more than the ${MAX_BINARY_BYTES} bytes a tool result carries`,
      true,
    );
  }
  return { content: [{ type: "resource", resource: { uri: url, mimeType: type || "application/octet-stream", blob: toBase64(bytes) } }] };
}

/** A non-JSON success of a tool with an outputSchema: said as isError, the answer kept (see structuredAnswer). */
function notStructured(result: CallToolResult, status: number, type: string): CallToolResult {
  if (result.isError) return result;
  const note = `The API answered HTTP ${status} with ${type || "no content type"}, not the JSON this tool's outputSchema documents, so no structured result is given.`;
  return { content: [{ type: "text", text: note }, ...result.content], isError: true };
}

/**
 * The tool result for a request that failed before an answer arrived; `host` names the API host it was
 * sent to (the runtime's own message for a host it cannot reach does not).
 */
export function answerFromError(err: unknown, timeoutMs: number, host?: string): CallToolResult {
  const e = err as Error;
  if (e?.name === "TimeoutError" || e?.name === "AbortError") {
    return textResult(`The API did not answer within ${timeoutMs / 1000} s (request timed out)`, true);
  }
  return textResult(`The request to the API${host ? ` at ${host}` : ""} failed: ${e?.message ?? String(err)}`, true);
}
