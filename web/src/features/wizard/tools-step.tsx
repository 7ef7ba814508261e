// Tools (manage) step: search and filters by tag and method, Enable/Disable All or
// Filtered, per-tool toggles within the plan's active-tool limit, the active/limit counter kept in
// view, and the tools as cards (a short list) or a virtualised list (thousands of tools). A large API
// is advised search mode with its list's size and starts from the tags the user chooses; the plan's
// limit is a banner that stays while it holds.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "@/components/icons";
import { Link } from "@tanstack/react-router";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { subscriptionQuery } from "@/api/billing";
import {
  bulkLimitMessage,
  mappingsQuery,
  maxToolsOf,
  setToolActive,
  setToolsActive,
  SUMMARY_OVER_TOOLS,
  toolLimitMessage,
  updateTool,
  type Tool,
} from "@/api/tools";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { applyFilter, facetsOf, isFiltered, searchIndex } from "./tool-filters";
import { ToolList } from "./tool-list";
import { ToolModeChoice } from "./tool-mode";
import { directListSize, SEARCH_MODE_ADVISED_OVER } from "./tool-size";
import { StartFromTags } from "./start-from-tags";

/** Names one PATCH turns on or off at most (the route's bound). */
const NAMES_PER_REQUEST = 5000;

const selectClass = "h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs";

export function ToolsStep({ serverId, toolCount = 0 }: { serverId: string; toolCount?: number }) {
  const queryClient = useQueryClient();
  const query = mappingsQuery(serverId, toolCount > SUMMARY_OVER_TOOLS ? "summary" : "full");
  const tools = useQuery(query);
  const subscription = useQuery(subscriptionQuery);
  const limit = maxToolsOf(subscription.data);
  const list = useMemo(() => tools.data ?? [], [tools.data]);
  const active = useMemo(() => list.reduce((n, t) => n + (t.active ? 1 : 0), 0), [list]);
  const { filter, onFilter, facets, filtered, narrowed, listKey } = useToolFilter(list);
  const size = useMemo(
    () => ({ toolCount: list.length, measured: toolCount <= SUMMARY_OVER_TOOLS, ...directListSize(list) }),
    [list, toolCount],
  );
  // A refused enable says why until fewer tools are active; at the limit the banner stays anyway.
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setRefusal(null), [active]);
  const { toggle, bulk, startFrom } = useToolSwitches(serverId, query, narrowed);
  const save = async (tool: Tool, change: { name: string; description: string }) => {
    await updateTool(serverId, tool.name, change);
    await queryClient.invalidateQueries({ queryKey: query.queryKey });
  };
  const startFromTags = (names: Set<string>) =>
    startFrom.mutate({
      on: list.filter((t) => !t.active && names.has(t.name)).map((t) => t.name),
      off: list.filter((t) => t.active && !names.has(t.name)).map((t) => t.name),
    });
  const onToggle = (tool: Tool, value: boolean) => {
    if (value && active >= limit) return setRefusal(toolLimitMessage(limit));
    toggle.mutate({ tool, value });
  };
  const setAll = (value: boolean) => {
    const names = filtered.filter((t) => t.active !== value).map((t) => t.name);
    if (!names.length) return;
    if (value && active + names.length > limit) return setRefusal(bulkLimitMessage(limit, Math.max(0, limit - active)));
    bulk.mutate({ names, value });
  };

  if (tools.isPending)
    return (
      <p role="status" className="py-8 text-center text-sm text-muted-foreground">
        Loading tools...
      </p>
    );
  if (tools.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800"
      >
        <span>{errorMessage(tools.error, "Failed to fetch tools")}</span>
        <Button type="button" variant="outline" size="sm" onClick={() => tools.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ToolModeChoice serverId={serverId} size={size} />
      {list.length > SEARCH_MODE_ADVISED_OVER && facets.tags.length > 1 && (
        <StartFromTags tools={list} tags={facets.tags} limit={limit} busy={startFrom.isPending} onApply={startFromTags} />
      )}
      <div className="sticky top-0 z-10 space-y-2 bg-background pb-1">
        <ToolFilterBar
          filter={filter}
          onFilter={onFilter}
          facets={facets}
          narrowed={narrowed}
          busy={bulk.isPending || startFrom.isPending}
          onSetAll={setAll}
        />
        {(refusal || active >= limit) && <LimitBanner message={refusal} limit={limit} planName={subscription.data?.plan?.name} />}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <span className="font-medium text-foreground" data-testid="active-count">
            {active}/{limit}
          </span>{" "}
          active tools
          {narrowed && (
            <span>
              {" "}
              · {filtered.length.toLocaleString()} of {list.length.toLocaleString()} shown
            </span>
          )}
        </p>
      </div>
      <ToolList
        tools={filtered}
        all={list}
        listKey={listKey}
        empty={list.length ? "No tools match your search." : "This server has no tools."}
        onToggle={onToggle}
        onSave={save}
      />
    </div>
  );
}

/** The filter bar's state and the tools it lets through. */
function useToolFilter(list: Tool[]) {
  // The filter bar is live view state, not a form that is sent. It stays plain state: as a
  // react-hook-form form it went over the 100 ms frame budget while bulk-toggling 1,223 tools.
  const [search, setSearch] = useState("");
  const [tag, setTag] = useState("");
  const [method, setMethod] = useState("");
  // Typing stays responsive: the list follows the search a moment later when it is long.
  const term = useDeferredValue(search);
  const index = useMemo(() => searchIndex(list), [list]);
  const facets = useMemo(() => facetsOf(list), [list]);
  const filtered = useMemo(() => applyFilter(list, { term, tag, method }, index), [list, term, tag, method, index]);
  return {
    filter: { search, tag, method },
    onFilter: { setSearch, setTag, setMethod },
    facets,
    filtered,
    narrowed: isFiltered({ term, tag, method }),
    listKey: `${term}\n${tag}\n${method}`,
  };
}

/** Turning tools on and off: shown at once, sent in the background, undone when the API refuses. */
function useToolSwitches(serverId: string, query: ReturnType<typeof mappingsQuery>, narrowed: boolean) {
  const queryClient = useQueryClient();
  const setLocal = (names: string[], value: boolean) => {
    const changed = new Set(names);
    queryClient.setQueryData(query.queryKey, (old: Tool[] | undefined) =>
      old?.map((t) => (changed.has(t.name) && t.active !== value ? { ...t, active: value } : t)),
    );
  };
  // A refetch already under way (after saving the auth step, say) was read before this change:
  // cancel it so its answer cannot overwrite the optimistic state.
  const optimistic = async (names: string[], value: boolean) => {
    await queryClient.cancelQueries({ queryKey: query.queryKey });
    setLocal(names, value);
  };

  const toggle = useMutation({
    mutationFn: ({ tool, value }: { tool: Tool; value: boolean }) => setToolActive(serverId, tool.name, value),
    onMutate: ({ tool, value }) => optimistic([tool.name], value),
    onError: (error, { tool, value }) => {
      setLocal([tool.name], !value);
      toast.error(errorMessage(error, "Failed to update tool status"));
    },
  });
  const bulk = useMutation({
    mutationFn: ({ names, value }: { names: string[]; value: boolean }) =>
      setToolsActive(serverId, names, value, narrowed ? "Failed to update filtered tools" : `Failed to update ${names.length} tools`),
    onMutate: ({ names, value }) => optimistic(names, value),
    onError: (error) => {
      toast.error(errorMessage(error, "Failed to update filtered tools"));
      queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
  });

  // Start from tags: the chosen tags' tools on, every other tool off (off first, so the limit holds throughout).
  const startFrom = useMutation({
    mutationFn: async ({ on, off }: { on: string[]; off: string[] }) => {
      for (const [names, value] of [
        [off, false],
        [on, true],
      ] as const) {
        for (let i = 0; i < names.length; i += NAMES_PER_REQUEST) {
          await setToolsActive(serverId, names.slice(i, i + NAMES_PER_REQUEST), value, "Failed to enable the chosen tags");
        }
      }
    },
    onMutate: async ({ on, off }) => {
      await queryClient.cancelQueries({ queryKey: query.queryKey });
      setLocal(off, false);
      setLocal(on, true);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to enable the chosen tags")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
  return { toggle, bulk, startFrom };
}

type FilterBarProps = {
  filter: { search: string; tag: string; method: string };
  onFilter: { setSearch: (value: string) => void; setTag: (value: string) => void; setMethod: (value: string) => void };
  facets: ReturnType<typeof facetsOf>;
  narrowed: boolean;
  busy: boolean;
  onSetAll: (value: boolean) => void;
};

/** The search, the tag and method filters, and Enable/Disable All (or Filtered). */
function ToolFilterBar({ filter, onFilter, facets, narrowed, busy, onSetAll }: FilterBarProps) {
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            className="pl-8"
            placeholder="Search tools..."
            aria-label="Search tools"
            value={filter.search}
            maxLength={200}
            onChange={(e) => onFilter.setSearch(e.target.value)}
          />
        </div>
        <div className="flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => onSetAll(true)} disabled={busy}>
            {narrowed ? "Enable Filtered" : "Enable All"}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => onSetAll(false)} disabled={busy}>
            {narrowed ? "Disable Filtered" : "Disable All"}
          </Button>
        </div>
      </div>
      {(facets.tags.length > 0 || facets.methods.length > 1) && (
        <div className="flex flex-wrap gap-2">
          {facets.tags.length > 0 && (
            <select aria-label="Filter by tag" className={selectClass} value={filter.tag} onChange={(e) => onFilter.setTag(e.target.value)}>
              <option value="">All tags</option>
              {facets.tags.map(([name, count]) => (
                <option key={name} value={name}>
                  {name} ({count})
                </option>
              ))}
            </select>
          )}
          <select
            aria-label="Filter by method"
            className={selectClass}
            value={filter.method}
            onChange={(e) => onFilter.setMethod(e.target.value)}
          >
            <option value="">All methods</option>
            {facets.methods.map(([name, count]) => (
              <option key={name} value={name}>
                {name} ({count})
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

/** The plan's active-tool limit, in view while it is reached or an enable was refused, with the way to more. */
function LimitBanner({ message, limit, planName }: { message: string | null; limit: number; planName?: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="flex-1">
        {message ??
          `All ${limit.toLocaleString("en-US")} active tools of your ${planName ?? "current"} plan are in use: disable a tool to enable another, or upgrade for more.`}
      </p>
      <Link to="/usage" className="font-medium underline underline-offset-2">
        Upgrade plan
      </Link>
    </div>
  );
}
