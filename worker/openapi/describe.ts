// Tool titles and descriptions written for a model: summary first, the rest trimmed, deprecation said.
import type { HttpMethod } from "./types";
import type { JsonObject } from "./json-value";

export const MAX_DESCRIPTION_LENGTH = 1024;

const clean = (text: unknown) =>
  typeof text === "string"
    ? text
        .replace(/<[^>]{1,200}>/g, "")
        .replace(/\r\n?/g, "\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim()
    : "";

/** Trims at a sentence or word boundary and marks the cut with an ellipsis. */
export function trimText(text: string, max = MAX_DESCRIPTION_LENGTH): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max - 1);
  const sentence = slice.lastIndexOf(". ");
  const cutAt = sentence > max * 0.6 ? sentence + 1 : Math.max(slice.lastIndexOf(" "), max * 0.8);
  return `${slice.slice(0, cutAt).trimEnd()}…`;
}

/** A human title: the summary, else the operationId spelled out, else "GET /path". */
export function toolTitle(op: JsonObject, method: HttpMethod, path: string): string {
  const summary = clean(op.summary).split("\n")[0];
  if (summary) return trimText(summary, 120);
  if (typeof op.operationId === "string" && op.operationId.trim()) {
    const words = op.operationId
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/[_\-./]+/g, " ")
      .trim();
    return trimText(words.charAt(0).toUpperCase() + words.slice(1), 120);
  }
  return `${method.toUpperCase()} ${path}`;
}

/** Summary and description joined, trimmed to a useful length, with deprecation noted first. */
export function toolDescription(op: JsonObject, method: HttpMethod, path: string): string {
  const summary = clean(op.summary);
  const description = clean(op.description);
  const parts = [summary, description && description !== summary ? description : ""].filter(Boolean);
  let text = parts.join("\n\n") || `${method.toUpperCase()} ${path}`;
  if (op.deprecated === true) text = `Deprecated: this operation may be removed by the API. ${text}`;
  return trimText(text);
}
