// Payloads of the call log (arguments and results, kept only when a server records payloads):
// credential-like fields, the server's configured sensitive fields, known secret values and
// token-shaped strings are replaced by [redacted], then the JSON is capped.
import { isSecretName, redactText } from "../lib/redact";

export const REDACTED = "[redacted]";
/** Stored payloads are cut to these many characters (a call record stays small). */
export const MAX_ARGUMENTS_CHARS = 4_000;
export const MAX_RESULT_CHARS = 8_000;
/** Values shorter than this are not searched for (too many false matches). */
const MIN_SECRET_CHARS = 6;
const MAX_DEPTH = 20;

// Token shapes, each linear: Toolport tokens and keys, bearer credentials, JWTs, well-known key prefixes.
const TOKEN_SHAPES = [
  /\btpk?_[A-Za-z0-9_-]{8,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g,
  /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{8,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
];

/** What to redact for one server: its sensitive field names and the secret values the call could carry. */
export type Redaction = { fields: Set<string>; secrets: string[] };

export const redactionOf = (sensitiveFields: string[], secrets: (string | null | undefined)[]): Redaction => ({
  fields: new Set(sensitiveFields.map((f) => f.toLowerCase())),
  // Longest first, so a secret that contains another is replaced whole.
  secrets: [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= MIN_SECRET_CHARS))].sort(
    (a, b) => b.length - a.length,
  ),
});

/** A string with secret values, token shapes and URL credentials replaced. */
export function redactString(text: string, redaction: Redaction): string {
  let out = text;
  for (const secret of redaction.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, REDACTED);
  return redactText(out);
}

const sensitive = (name: string, redaction: Redaction) => isSecretName(name) || redaction.fields.has(name.toLowerCase());

/** A JSON value with sensitive fields and secret strings redacted (a string holding JSON is redacted as JSON). */
export function redactValue(value: unknown, redaction: Redaction, depth = 0): unknown {
  if (typeof value === "string") return redactString(value, redaction);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redaction, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = sensitive(key, redaction) ? REDACTED : redactValue(v, redaction, depth + 1);
  return out;
}

/** The string values of a call's sensitive arguments (at any depth), to be redacted wherever they show up again. */
export function sensitiveValues(value: unknown, redaction: Redaction, depth = 0, found: string[] = []): string[] {
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH || found.length >= 100) return found;
  for (const [key, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === "string" && sensitive(key, redaction) && (typeof v === "string" || typeof v === "number")) found.push(String(v));
    else sensitiveValues(v, redaction, depth + 1, found);
  }
  return found;
}

/** A tool result's text: JSON answers redacted field by field, other text as a string. */
function redactResultText(text: string, redaction: Redaction): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.stringify(redactValue(JSON.parse(text), redaction));
    } catch {}
  }
  return redactString(text, redaction);
}

/** A tool result (MCP CallToolResult) redacted: texts, structured content, and embedded data left out. */
export function redactResult(result: unknown, redaction: Redaction): unknown {
  if (result === null || typeof result !== "object") return redactValue(result, redaction);
  const { content, structuredContent, isError } = result as { content?: unknown; structuredContent?: unknown; isError?: boolean };
  const items = Array.isArray(content)
    ? content.map((item) => {
        const c = item as { type?: string; text?: unknown; resource?: { uri?: string; mimeType?: string } };
        if (c.type === "text" && typeof c.text === "string") return { type: "text", text: redactResultText(c.text, redaction) };
        if (c.type === "resource") return { type: "resource", mimeType: c.resource?.mimeType ?? null, note: "binary content not recorded" };
        return { type: c.type ?? "unknown" };
      })
    : [];
  return {
    content: items,
    ...(structuredContent !== undefined ? { structuredContent: redactValue(structuredContent, redaction) } : {}),
    ...(isError ? { isError } : {}),
  };
}

/** JSON text of `value`, cut to `max` characters with a note saying so. */
export function cappedJson(value: unknown, max: number): string {
  const text = JSON.stringify(value) ?? "null";
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [cut: ${text.length - max} more characters]`;
}
