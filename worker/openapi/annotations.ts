// MCP tool annotations from an operation's HTTP method and words. The spec's defaults assume the worst
// (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true), so every hint
// is set explicitly: a POST that only adds must say destructiveHint false or clients treat it as a delete.
import type { HttpMethod, ToolAnnotations } from "./types";
import type { JsonObject } from "./json-value";

/** Verbs that make a POST or PATCH remove or end something (AWS and RPC-style APIs delete by POST). */
const DESTRUCTIVE_VERBS = new Set([
  "delete",
  "remove",
  "destroy",
  "purge",
  "erase",
  "terminate",
  "revoke",
  "wipe",
  "truncate",
  "drop",
  "cancel",
  "deregister",
  "unregister",
  "deactivate",
  "void",
]);
const SAFE_METHODS = new Set<HttpMethod>(["get", "head", "options", "trace"]);

/** Lower-case words of an operationId or summary: camelCase, snake_case, dotted and spaced. */
function words(text: unknown): string[] {
  if (typeof text !== "string") return [];
  return text
    .slice(0, 300)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether the operation's own words say it deletes or ends something. */
function saysDestructive(op: JsonObject): boolean {
  if (op["x-destructive"] === true) return true;
  if (op["x-destructive"] === false) return false;
  const summary = words(op.summary);
  return words(op.operationId).some((w) => DESTRUCTIVE_VERBS.has(w)) || (summary.length > 0 && DESTRUCTIVE_VERBS.has(summary[0]));
}

/** The annotations of the tool for one operation. */
export function toolAnnotations(op: JsonObject, method: HttpMethod, title: string): ToolAnnotations {
  const base = { title, openWorldHint: true };
  if (SAFE_METHODS.has(method)) return { ...base, readOnlyHint: true, destructiveHint: false, idempotentHint: true };
  if (method === "delete") return { ...base, readOnlyHint: false, destructiveHint: true, idempotentHint: true };
  // PUT replaces what is there: idempotent, and destructive of the previous state.
  if (method === "put") return { ...base, readOnlyHint: false, destructiveHint: true, idempotentHint: true };
  return { ...base, readOnlyHint: false, destructiveHint: saysDestructive(op), idempotentHint: false };
}
