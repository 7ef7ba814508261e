// Tools (manage) step (spec §2, §5): search, Enable/Disable All or Filtered, per-tool toggles within
// the plan's active-tool limit, the active/limit counter, tool cards with their input schema and a rename form.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { subscriptionQuery } from "@/api/billing";
import { bulkLimitMessage, mappingsQuery, maxToolsOf, setToolActive, setToolsActive, shownName, toolLimitMessage, updateTool, type Tool } from "@/api/tools";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { ToolEditor } from "./tool-editor";
import { ToolModeChoice } from "./tool-mode";

export function ToolsStep({ serverId }: { serverId: string }) {
  const queryClient = useQueryClient();
  const query = mappingsQuery(serverId);
  const tools = useQuery(query);
  const subscription = useQuery(subscriptionQuery);
  const [search, setSearch] = useState("");
  const limit = maxToolsOf(subscription.data);
  const list = tools.data ?? [];
  const active = list.filter((t) => t.active).length;
  const term = search.trim().toLowerCase();
  const filtered = term ? list.filter((t) => [t.name, t.customName, t.title, t.description, t.customDescription].some((s) => s?.toLowerCase().includes(term))) : list;
  const save = async (tool: Tool, change: { name: string; description: string }) => {
    await updateTool(serverId, tool.name, change);
    await queryClient.invalidateQueries({ queryKey: query.queryKey });
  };

  const setLocal = (names: string[], value: boolean) =>
    queryClient.setQueryData(query.queryKey, (old: Tool[] | undefined) => old?.map((t) => (names.includes(t.name) ? { ...t, active: value } : t)));
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
      setToolsActive(serverId, names, value, term ? "Failed to update filtered tools" : `Failed to update ${names.length} tools`),
    onMutate: ({ names, value }) => optimistic(names, value),
    onError: (error) => {
      toast.error(errorMessage(error, "Failed to update filtered tools"));
      queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
  });

  const onToggle = (tool: Tool, value: boolean) => {
    if (value && active >= limit) return toast.error(toolLimitMessage(limit));
    toggle.mutate({ tool, value });
  };
  const setAll = (value: boolean) => {
    const names = filtered.filter((t) => t.active !== value).map((t) => t.name);
    if (!names.length) return;
    if (value && active + names.length > limit) return toast.error(bulkLimitMessage(limit, Math.max(0, limit - active)));
    bulk.mutate({ names, value });
  };

  if (tools.isPending) return <p role="status" className="py-8 text-center text-sm text-muted-foreground">Loading tools...</p>;
  if (tools.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
        <span>{errorMessage(tools.error, "Failed to fetch tools")}</span>
        <Button type="button" variant="outline" size="sm" onClick={() => tools.refetch()}>Retry</Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ToolModeChoice serverId={serverId} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input className="pl-8" placeholder="Search tools..." aria-label="Search tools" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setAll(true)} disabled={bulk.isPending}>{term ? "Enable Filtered" : "Enable All"}</Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setAll(false)} disabled={bulk.isPending}>{term ? "Disable Filtered" : "Disable All"}</Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <span className="font-medium text-foreground">{active}/{limit}</span> active tools
      </p>
      <ul className="max-h-96 space-y-2 overflow-y-auto pr-1" aria-label="Tools">
        {filtered.length === 0 && <li className="p-4 text-center text-sm text-muted-foreground">{list.length ? "No tools match your search." : "This server has no tools."}</li>}
        {filtered.map((tool) => <ToolCard key={tool.name} tool={tool} tools={list} onToggle={(v) => onToggle(tool, v)} onSave={(change) => save(tool, change)} />)}
      </ul>
    </div>
  );
}

type CardProps = { tool: Tool; tools: Tool[]; onToggle: (value: boolean) => void; onSave: (change: { name: string; description: string }) => Promise<unknown> };

function ToolCard({ tool, tools, onToggle, onSave }: CardProps) {
  const [editing, setEditing] = useState(false);
  const description = tool.customDescription ?? tool.description;
  const properties = Object.entries(tool.inputSchema?.properties ?? {});
  const required = new Set(tool.inputSchema?.required ?? []);
  return (
    <li className={`space-y-2 rounded-md border p-3 ${tool.active ? "" : "bg-muted/40"}`}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {tool.title || tool.endpoint?.summary || tool.name}
            {!tool.active && <Badge variant="outline">Inactive</Badge>}
          </p>
          <code className="text-xs break-all text-muted-foreground">{shownName(tool)}</code>
          {tool.customName && <span className="text-xs text-muted-foreground"> (renamed from {tool.name})</span>}
        </div>
        {!editing && <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Rename or describe ${tool.name}`}>Edit</Button>}
        <Switch checked={tool.active} onCheckedChange={onToggle} aria-label={`Toggle ${tool.name}`} />
      </div>
      {editing && <ToolEditor tool={tool} tools={tools} onSave={onSave} onClose={() => setEditing(false)} />}
      {!editing && description && <p className="line-clamp-3 whitespace-pre-line text-sm text-muted-foreground">{description}</p>}
      {properties.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">Input schema ({properties.length} {properties.length === 1 ? "parameter" : "parameters"})</summary>
          <ul className="mt-1 space-y-0.5 pl-2">
            {properties.map(([name, schema]) => (
              <li key={name}>
                <code>{name}</code>
                <span className="text-muted-foreground"> ({Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any")}{required.has(name) ? ", required" : ""})</span>
                {schema.description && <span className="text-muted-foreground"> — {schema.description}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
