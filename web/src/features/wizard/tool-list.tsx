// The Tools step's list: full cards for a short list; for a long one (thousands of tools) a
// virtualised list of fixed-height rows, so only the rows in view (and a few around) are rendered
// whatever the number of tools, and scrolling, searching and bulk toggles stay within a frame.
// A crawled tool names the documentation page its endpoint was read from.
import { useEffect, useRef, useState } from "react";
import { shownName, type Tool } from "@/api/tools";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { ToolEditor } from "./tool-editor";

/** Over this many tools the list is virtualised (full cards mount slowly by the hundred). */
export const VIRTUAL_THRESHOLD = 25;
/** Height of one virtualised row, in pixels, and the rows rendered beyond the view on each side. */
export const ROW_HEIGHT = 88;
const VIEW_HEIGHT = 480;
const OVERSCAN = 6;

type ToggleProps = {
  onToggle: (tool: Tool, value: boolean) => void;
  onSave: (tool: Tool, change: { name: string; description: string }) => Promise<unknown>;
};
/** `listKey` changes with the filter: a new filter starts at the top of the list. */
type ListProps = ToggleProps & { tools: Tool[]; all: Tool[]; empty: string; listKey: string };

/** The tools, as cards or as a virtualised list depending on how many there are. */
export function ToolList(props: ListProps) {
  if (props.tools.length > VIRTUAL_THRESHOLD) return <VirtualToolList key={props.listKey} {...props} />;
  return (
    <ul className="max-h-96 space-y-2 overflow-y-auto pr-1" aria-label="Tools">
      {props.tools.length === 0 && <li className="p-4 text-center text-sm text-muted-foreground">{props.empty}</li>}
      {props.tools.map((tool) => (
        <ToolCard
          key={tool.name}
          tool={tool}
          tools={props.all}
          onToggle={(v) => props.onToggle(tool, v)}
          onSave={(change) => props.onSave(tool, change)}
        />
      ))}
    </ul>
  );
}

function VirtualToolList({ tools, all, onToggle, onSave }: ListProps) {
  const [scrollTop, setScrollTop] = useState(0);
  // Scroll events come faster than frames: the rows follow once per frame.
  const frame = useRef(0);
  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(target.scrollTop));
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const [editing, setEditing] = useState<string | null>(null);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(tools.length, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const edited = editing ? all.find((t) => t.name === editing) : undefined;
  return (
    <div className="space-y-2">
      {/* Contained: a scroll re-lays out and repaints the rows in view, nothing around them. */}
      <div
        className="overflow-y-auto rounded-md border"
        style={{ height: VIEW_HEIGHT, contain: "strict" }}
        onScroll={onScroll}
        data-testid="tool-scroller"
      >
        <ul aria-label="Tools" className="relative" style={{ height: tools.length * ROW_HEIGHT }}>
          {tools.slice(first, last).map((tool, i) => (
            <ToolRow
              key={tool.name}
              tool={tool}
              index={first + i}
              count={tools.length}
              onToggle={(v) => onToggle(tool, v)}
              onEdit={() => setEditing(tool.name)}
            />
          ))}
        </ul>
      </div>
      {edited && (
        <section aria-label={`Editing ${edited.name}`} className="rounded-md border p-3">
          <ToolEditor
            key={edited.name}
            tool={edited}
            tools={all}
            onSave={(change) => onSave(edited, change)}
            onClose={() => setEditing(null)}
          />
        </section>
      )}
    </div>
  );
}

type RowProps = { tool: Tool; index: number; count: number; onToggle: (value: boolean) => void; onEdit: () => void };

function ToolRow({ tool, index, count, onToggle, onEdit }: RowProps) {
  const description = tool.customDescription ?? tool.description;
  return (
    <li
      aria-setsize={count}
      aria-posinset={index + 1}
      className={`absolute inset-x-0 flex items-start gap-3 overflow-hidden border-b px-3 py-2 ${tool.active ? "bg-background" : "bg-muted/40"}`}
      style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
    >
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex items-center gap-2 truncate text-sm font-medium">
          {tool.endpoint?.method && (
            <Badge variant="secondary" className="shrink-0 font-mono">
              {tool.endpoint.method}
            </Badge>
          )}
          <span className="truncate">{tool.title || tool.endpoint?.summary || tool.name}</span>
          {!tool.active && (
            <Badge variant="outline" className="shrink-0">
              Inactive
            </Badge>
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          <code>{shownName(tool)}</code>
          {tool.endpoint?.path && (
            <span>
              {" "}
              · {tool.endpoint.server ?? ""}
              {tool.endpoint.path}
            </span>
          )}
          {tool.endpoint?.tags?.length ? <span> · {tool.endpoint.tags.join(", ")}</span> : null}
          {tool.endpoint?.page && (
            <span>
              {" "}
              · <SourcePage url={tool.endpoint.page} />
            </span>
          )}
        </p>
        {description && <p className="truncate text-xs text-muted-foreground">{description}</p>}
      </div>
      <Button type="button" variant="ghost" size="sm" onClick={onEdit} aria-label={`Rename or describe ${tool.name}`}>
        Edit
      </Button>
      <RowSwitch checked={tool.active} onChange={onToggle} label={`Toggle ${tool.name}`} />
    </li>
  );
}

/**
 * The row's on/off switch: the look of the shadcn Switch as one button, since rows mount by the dozen
 * on every scroll and the Radix switch brings a hidden input and a ResizeObserver each.
 */
function RowSwitch({ checked, onChange, label }: { checked: boolean; onChange: (value: boolean) => void; label: string }) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-state={state}
      onClick={() => onChange(!checked)}
      className="inline-flex h-[1.15rem] w-8 shrink-0 items-center rounded-full border border-transparent shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input"
    >
      <span
        data-state={state}
        className="pointer-events-none block size-4 rounded-full bg-background data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}

/** The documentation page a crawled tool's endpoint was read from, as a link showing its path. */
function SourcePage({ url }: { url: string }) {
  let shown = url;
  try {
    const parsed = new URL(url);
    shown = parsed.pathname === "/" ? parsed.host : `${parsed.host}${parsed.pathname}`;
  } catch {
    // Not a URL: shown as it is.
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="underline underline-offset-2"
      title={`The documentation page this endpoint was read from: ${url}`}
    >
      {shown}
    </a>
  );
}

type CardProps = {
  tool: Tool;
  tools: Tool[];
  onToggle: (value: boolean) => void;
  onSave: (change: { name: string; description: string }) => Promise<unknown>;
};

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
          {tool.endpoint?.page && (
            <p className="text-xs text-muted-foreground">
              Found on <SourcePage url={tool.endpoint.page} />
            </p>
          )}
          {tool.endpoint?.server && (
            <p className="text-xs break-all text-muted-foreground">Called at {tool.endpoint.server}, another host of this API</p>
          )}
        </div>
        {!editing && (
          <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Rename or describe ${tool.name}`}>
            Edit
          </Button>
        )}
        <Switch checked={tool.active} onCheckedChange={onToggle} aria-label={`Toggle ${tool.name}`} />
      </div>
      {editing && <ToolEditor tool={tool} tools={tools} onSave={onSave} onClose={() => setEditing(false)} />}
      {!editing && description && <p className="line-clamp-3 whitespace-pre-line text-sm text-muted-foreground">{description}</p>}
      {properties.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">
            Input schema ({properties.length} {properties.length === 1 ? "parameter" : "parameters"})
          </summary>
          <ul className="mt-1 space-y-0.5 pl-2">
            {properties.map(([name, schema]) => (
              <li key={name}>
                <code>{name}</code>
                <span className="text-muted-foreground">
                  {" "}
                  ({Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any")}
                  {required.has(name) ? ", required" : ""})
                </span>
                {schema.description && <span className="text-muted-foreground"> — {schema.description}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
