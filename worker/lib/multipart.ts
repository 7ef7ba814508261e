// A multipart/form-data body read where it lies: an upload's file part is a view of the request's
// bytes, not a copy made by the platform's FormData parser and then another by File.text(). Only the
// plain shape every browser and HTTP library sends is read here (CRLF lines, ASCII headers naming
// each part by a quoted name and a file by a quoted filename, no escapes); anything else answers
// null, and the caller leaves that body to FormData.
import { Buffer } from "node:buffer";

/** One part of a form: a file when it has a filename (possibly empty, as for no file chosen). */
export type FormPart = { name: string; filename?: string; body: Uint8Array };

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const [type, ...params] = contentType.split(";");
  if (type.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (param.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    const value = param.slice(eq + 1).trim();
    const boundary = value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    // RFC 2046: 1 to 70 characters.
    return boundary.length >= 1 && boundary.length <= 70 && !/["\\\r\n]/.test(boundary) ? boundary : null;
  }
  return null;
}

/** The part's name and filename from its headers, or null when they are not of the plain shape. */
function partHeaders(text: string): Omit<FormPart, "body"> | null {
  let found: Omit<FormPart, "body"> | null = null;
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    const header = line.slice(0, colon).trim().toLowerCase();
    if (header === "content-type") continue;
    if (header !== "content-disposition" || found) return null;
    const [kind, ...params] = line.slice(colon + 1).split(";");
    if (kind.trim().toLowerCase() !== "form-data") return null;
    const values: Record<string, string> = {};
    for (const param of params) {
      const eq = param.indexOf("=");
      const key = param.slice(0, eq).trim().toLowerCase();
      const value = param.slice(eq + 1).trim();
      // Unquoted, escaped or repeated values, and parameters such as filename*, are FormData's to read.
      if (eq < 0 || !/^"[^"\\%]*"$/.test(value) || key in values || (key !== "name" && key !== "filename")) return null;
      values[key] = value.slice(1, -1);
    }
    if (values.name === undefined) return null;
    found = { name: values.name, ...(values.filename !== undefined ? { filename: values.filename } : {}) };
  }
  return found;
}

/** The parts of a multipart body with `boundary`, each a view of `body`; null when it is not of the plain shape. */
export function plainFormParts(body: Uint8Array, boundary: string): FormPart[] | null {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter opens the body (no preamble), without the line break before it.
  if (!bytes.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2))) return null;
  const parts: FormPart[] = [];
  for (let at = delimiter.length - 2; ;) {
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) return parts;
    if (bytes[at] !== 0x0d || bytes[at + 1] !== 0x0a) return null;
    const headersEnd = bytes.indexOf("\r\n\r\n", at);
    const end = headersEnd < 0 ? -1 : bytes.indexOf(delimiter, headersEnd + 4);
    if (end < 0) return null;
    const head = bytes.subarray(at + 2, headersEnd);
    if (head.some((b: number) => b > 0x7e)) return null;
    const part = partHeaders(head.toString("latin1"));
    if (!part) return null;
    parts.push({ ...part, body: body.subarray(headersEnd + 4, end) });
    at = end + delimiter.length;
  }
}
