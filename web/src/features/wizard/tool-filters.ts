// The Tools step's filters: a search over names, titles and descriptions, an operation tag and an
// HTTP method; with thousands of tools the text searched is prepared once per list.
import { shownName, type Tool } from "@/api/tools";

export type ToolFilter = { term: string; tag: string; method: string };
export const NO_FILTER: ToolFilter = { term: "", tag: "", method: "" };

export const isFiltered = (f: ToolFilter) => f.term.trim() !== "" || f.tag !== "" || f.method !== "";

/** The lower-case text a search looks in, per tool name. */
export function searchIndex(tools: Tool[]): Map<string, string> {
  return new Map(
    tools.map((t) => [
      t.name,
      [shownName(t), t.name, t.title, t.description, t.customDescription, t.endpoint?.path].filter(Boolean).join("\n").toLowerCase(),
    ]),
  );
}

/** The tags and methods present, each with its number of tools (tags by count, then name). */
export function facetsOf(tools: Tool[]) {
  const tags = new Map<string, number>();
  const methods = new Map<string, number>();
  for (const t of tools) {
    for (const tag of t.endpoint?.tags ?? []) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    const method = t.endpoint?.method?.toUpperCase();
    if (method) methods.set(method, (methods.get(method) ?? 0) + 1);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { tags: sorted(tags), methods: sorted(methods) };
}

/** The tools that pass the filter, in their order. */
export function applyFilter(tools: Tool[], filter: ToolFilter, index: Map<string, string>): Tool[] {
  const term = filter.term.trim().toLowerCase();
  if (!term && !filter.tag && !filter.method) return tools;
  return tools.filter(
    (t) =>
      (!filter.method || t.endpoint?.method?.toUpperCase() === filter.method) &&
      (!filter.tag || (t.endpoint?.tags ?? []).includes(filter.tag)) &&
      (!term || (index.get(t.name) ?? "").includes(term)),
  );
}
