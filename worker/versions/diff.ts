// What a new description changes in a server's tools: added, removed, renamed (same method and path,
// new name) and changed (arguments added, removed, retyped or newly required; endpoint moved), each
// marked breaking when a call that works today could fail after it.
import type { Endpoint } from "../db/schema";
import type { JsonSchemaObject, ToolDefinition } from "../openapi/types";

export type ToolSide = { name: string; inputSchema: JsonSchemaObject; endpoint: Endpoint };
export type DiffEntry = {
  kind: "added" | "removed" | "renamed" | "changed";
  tool: string;
  /** The old name of a renamed tool. */
  from?: string;
  method: string;
  path: string;
  changes: string[];
  breaking: boolean;
};
export type SpecDiff = { entries: DiffEntry[]; breaking: boolean; counts: Record<DiffEntry["kind"], number>; authChanged: boolean };

const routeOf = (e: Endpoint) => `${e.method.toUpperCase()} ${e.path}`;
const typeOf = (schema: Record<string, unknown> | undefined) =>
  JSON.stringify([schema?.type ?? null, schema?.format ?? null, schema?.enum ?? null]);

/** The argument changes of one tool; `breaking` when an argument went away, changed type or became required. */
function argumentChanges(before: JsonSchemaObject, after: JsonSchemaObject) {
  const changes: string[] = [];
  let breaking = false;
  const oldProps = before.properties ?? {};
  const newProps = after.properties ?? {};
  const oldRequired = new Set(before.required ?? []);
  const newRequired = new Set(after.required ?? []);
  for (const name of Object.keys(oldProps)) {
    if (!Object.hasOwn(newProps, name)) {
      changes.push(`argument "${name}" removed`);
      breaking = true;
    } else if (typeOf(oldProps[name]) !== typeOf(newProps[name])) {
      changes.push(`argument "${name}" retyped (${String(oldProps[name].type ?? "any")} → ${String(newProps[name].type ?? "any")})`);
      breaking = true;
    } else if (newRequired.has(name) && !oldRequired.has(name)) {
      changes.push(`argument "${name}" newly required`);
      breaking = true;
    }
  }
  for (const name of Object.keys(newProps)) {
    if (Object.hasOwn(oldProps, name)) continue;
    const required = newRequired.has(name);
    changes.push(`argument "${name}" added${required ? " (required)" : ""}`);
    breaking ||= required;
  }
  return { changes, breaking };
}

/** Compares the server's tools with a new import's; breaking entries first, then by tool name. */
export function diffTools(current: ToolSide[], next: ToolDefinition[], authChanged: boolean): SpecDiff {
  const entries: DiffEntry[] = [];
  const oldByName = new Map(current.map((t) => [t.name, t]));
  const newByName = new Map(next.map((t) => [t.name, t]));
  const unmatchedOld = current.filter((t) => !newByName.has(t.name));
  const unmatchedNew = next.filter((t) => !oldByName.has(t.name));
  const oldByRoute = new Map(unmatchedOld.map((t) => [routeOf(t.endpoint), t]));
  const renamedFrom = new Set<string>();
  for (const tool of unmatchedNew) {
    const was = oldByRoute.get(routeOf(tool.endpoint));
    const { method, path } = tool.endpoint;
    if (was) {
      renamedFrom.add(was.name);
      const args = argumentChanges(was.inputSchema, tool.inputSchema);
      entries.push({
        kind: "renamed",
        tool: tool.name,
        from: was.name,
        method,
        path,
        changes: [`renamed from ${was.name}`, ...args.changes],
        breaking: true,
      });
    } else {
      entries.push({ kind: "added", tool: tool.name, method, path, changes: [], breaking: false });
    }
  }
  for (const tool of unmatchedOld) {
    if (!renamedFrom.has(tool.name))
      entries.push({
        kind: "removed",
        tool: tool.name,
        method: tool.endpoint.method,
        path: tool.endpoint.path,
        changes: [],
        breaking: true,
      });
  }
  for (const tool of next) {
    const was = oldByName.get(tool.name);
    if (!was) continue;
    const args = argumentChanges(was.inputSchema, tool.inputSchema);
    if (routeOf(was.endpoint) !== routeOf(tool.endpoint))
      args.changes.unshift(`endpoint moved from ${routeOf(was.endpoint)} to ${routeOf(tool.endpoint)}`);
    if (args.changes.length > 0)
      entries.push({
        kind: "changed",
        tool: tool.name,
        method: tool.endpoint.method,
        path: tool.endpoint.path,
        changes: args.changes,
        breaking: args.breaking,
      });
  }
  entries.sort((a, b) => Number(b.breaking) - Number(a.breaking) || a.tool.localeCompare(b.tool));
  const counts = { added: 0, removed: 0, renamed: 0, changed: 0 };
  for (const e of entries) counts[e.kind]++;
  return { entries, breaking: authChanged || entries.some((e) => e.breaking), counts, authChanged };
}

/** The description's authentication as comparable lines (scheme name, type, where the credential goes). */
export function authSummaryOf(document: { components?: { securitySchemes?: unknown }; securityDefinitions?: unknown }): string[] {
  const schemes = (document.components?.securitySchemes ?? document.securityDefinitions ?? {}) as Record<string, Record<string, unknown>>;
  if (!schemes || typeof schemes !== "object") return [];
  return Object.entries(schemes)
    .slice(0, 50)
    .map(([name, s]) => [name, s?.type, s?.scheme, s?.in, s?.name].filter((v) => typeof v === "string").join(" "))
    .sort();
}
