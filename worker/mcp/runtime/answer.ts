// Upstream responses → MCP tool results: JSON pretty-printed as text (cut at a documented size with
// a note), text as text, binary as an embedded resource, non-2xx as isError with an excerpt.
import type { CallToolResult } from "@modelcontextprotocol/server";

/** Error answers quote at most this much of the upstream body. */
export const ERROR_EXCERPT_CHARS = 2_000;
/** Binary answers larger than this are not embedded. */
export const MAX_BINARY_BYTES = 5 * 1024 * 1024;

const isJson = (type: string) => /^application\/(.+\+)?json\b/i.test(type) || /\+json\b/i.test(type);
const isText = (type: string) =>
  type === "" || /^text\//i.test(type) || /^application\/(.+\+)?(xml|javascript|x-www-form-urlencoded|yaml|x-yaml|graphql)\b/i.test(type);

/** Cuts text at `max` characters and says so. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n\n[Response truncated: showing the first ${max} of ${text.length} characters]`;
}

const textResult = (text: string, isError = false): CallToolResult => ({ content: [{ type: "text", text }], ...(isError ? { isError } : {}) });

function prettyJson(text: string) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
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
function structuredAnswer(status: number, text: string, maxTextChars: number, check: OutputCheck): CallToolResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {}
  const shown = cutText(value === undefined ? text : JSON.stringify(value, null, 2), maxTextChars);
  // A list answer is declared (openapi/output.ts) and given as { result: [...] }: MCP structured results are objects.
  const structured = Array.isArray(value) && check.wrapsArrays ? { result: value } : value;
  const isObject = typeof structured === "object" && structured !== null && !Array.isArray(structured);
  const result = isObject ? check(structured) : { valid: false, errorMessage: `not a JSON ${check.wrapsArrays ? "array" : "object"}` };
  if (result.valid) return { content: [{ type: "text", text: shown }], structuredContent: structured as Record<string, unknown> };
  return textResult(`The API answered HTTP ${status}, but not in the shape this tool's outputSchema documents (${result.errorMessage ?? "invalid"}), so no structured result is given. The answer:\n${shown}`, true);
}

/** The tool result for an upstream response; `check` is given for tools that declare an outputSchema. */
export async function answerFromResponse(res: Response, url: string, maxTextChars: number, check?: OutputCheck): Promise<CallToolResult> {
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!res.ok) {
    const body = await res.text();
    const excerpt = body.length > ERROR_EXCERPT_CHARS ? `${body.slice(0, ERROR_EXCERPT_CHARS)}…` : body;
    return textResult(`The API answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}${excerpt ? `:\n${excerpt}` : " with an empty body"}`, true);
  }
  if (check) return isJson(type) ? structuredAnswer(res.status, await res.text(), maxTextChars, check) : notStructured(await answerFromResponse(res, url, maxTextChars), res.status, type);
  if (isJson(type)) return textResult(cutText(prettyJson(await res.text()), maxTextChars));
  if (isText(type)) {
    const text = await res.text();
    return textResult(text ? cutText(text, maxTextChars) : `The API answered HTTP ${res.status} with an empty body`);
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_BINARY_BYTES) {
    return textResult(`The API answered ${bytes.byteLength} bytes of ${type}, more than the ${MAX_BINARY_BYTES} bytes a tool result carries`, true);
  }
  return { content: [{ type: "resource", resource: { uri: url, mimeType: type || "application/octet-stream", blob: toBase64(bytes) } }] };
}

/** A non-JSON success of a tool with an outputSchema: said as isError, the answer kept (see structuredAnswer). */
function notStructured(result: CallToolResult, status: number, type: string): CallToolResult {
  if (result.isError) return result;
  const note = `The API answered HTTP ${status} with ${type || "no content type"}, not the JSON this tool's outputSchema documents, so no structured result is given.`;
  return { content: [{ type: "text", text: note }, ...result.content], isError: true };
}

/** The tool result for a request that failed before an answer arrived. */
export function answerFromError(err: unknown, timeoutMs: number): CallToolResult {
  const e = err as Error;
  if (e?.name === "TimeoutError" || e?.name === "AbortError") {
    return textResult(`The API did not answer within ${timeoutMs / 1000} s (request timed out)`, true);
  }
  return textResult(`The request to the API failed: ${e?.message ?? String(err)}`, true);
}
