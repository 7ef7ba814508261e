// Request bodies from tool arguments: JSON, form-urlencoded, multipart, text and binary (base64).
import type { BodyMapping } from "../openapi/types";

export type BuiltBody = { body: BodyInit; contentType: string | null };

/** Decodes a base64 (or base64url) string, refusing anything else with a clear message. */
export function fromBase64(text: string, field: string): Uint8Array<ArrayBuffer> {
  const clean = text
    .replace(/^data:[^,]*;base64,/, "")
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .replace(/\s+/g, "");
  try {
    return Uint8Array.from(atob(clean), (c) => c.charCodeAt(0));
  } catch {
    throw new Error(`Argument '${field}' must be base64-encoded binary data`);
  }
}

/** The body value: the single body argument, or the spread properties gathered back into an object. */
function bodyValue(mapping: BodyMapping, args: Record<string, unknown>): unknown {
  if (mapping.arg) return args[mapping.arg];
  if (!mapping.properties) return undefined;
  const out: Record<string, unknown> = {};
  for (const [arg, property] of Object.entries(mapping.properties)) if (args[arg] !== undefined) out[property] = args[arg];
  return Object.keys(out).length > 0 || mapping.required ? out : undefined;
}

const fieldText = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));

/** The HTTP body for these arguments, or null when the body is optional and nothing was given. */
export function buildBody(mapping: BodyMapping, args: Record<string, unknown>): BuiltBody | null {
  const value = bodyValue(mapping, args);
  if (value === undefined) return null;
  const binary = new Set(mapping.binaryFields ?? []);
  switch (mapping.kind) {
    case "json":
      return { body: JSON.stringify(value), contentType: mapping.contentType || "application/json" };
    case "text":
      return { body: fieldText(value), contentType: mapping.contentType || "text/plain" };
    case "binary":
      return { body: fromBase64(String(value), mapping.arg ?? "body"), contentType: mapping.contentType || "application/octet-stream" };
    case "form": {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined || v === null) continue;
        for (const item of Array.isArray(v) ? v : [v]) form.append(k, fieldText(item));
      }
      return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
    }
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined || v === null) continue;
        for (const item of Array.isArray(v) ? v : [v]) {
          if (binary.has(k)) form.append(k, new Blob([fromBase64(String(item), k)]), k);
          else form.append(k, fieldText(item));
        }
      }
      // fetch sets multipart/form-data with its boundary itself.
      return { body: form, contentType: null };
    }
  }
}
