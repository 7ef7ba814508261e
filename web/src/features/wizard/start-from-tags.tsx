// The Tools step's start for a large API: choose the operation tags to begin with (pull requests and
// issues, say), and their tools become the active ones, every other tool inactive, within the plan's
// limit. Single tools can still be turned on or off in the list below.
import { useMemo, useState } from "react";
import type { Tool } from "@/api/tools";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Tags listed at once; more are found by typing (Microsoft Graph has hundreds). */
const SHOWN_TAGS = 60;

type Props = {
  tools: Tool[];
  tags: [string, number][];
  limit: number;
  busy: boolean;
  onApply: (names: Set<string>) => void;
};

/** The tool names carrying any of the chosen tags. */
export function toolsOfTags(tools: Tool[], chosen: Set<string>) {
  const names = new Set<string>();
  for (const tool of tools) if ((tool.endpoint?.tags ?? []).some((tag) => chosen.has(tag))) names.add(tool.name);
  return names;
}

export function StartFromTags({ tools, tags, limit, busy, onApply }: Props) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [find, setFind] = useState("");
  const names = useMemo(() => toolsOfTags(tools, chosen), [tools, chosen]);
  const term = find.trim().toLowerCase();
  const matching = term ? tags.filter(([tag]) => tag.toLowerCase().includes(term)) : tags;
  // Chosen tags stay in view whatever is typed.
  const shown = [...tags.filter(([tag]) => chosen.has(tag) && !matching.some(([m]) => m === tag)), ...matching.slice(0, SHOWN_TAGS)];
  const over = names.size > limit;
  const toggle = (tag: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(tag);
      else next.delete(tag);
      return next;
    });

  return (
    <details open className="rounded-md border p-3 text-sm" aria-label="Start from tags">
      <summary className="cursor-pointer font-medium">Start from tags</summary>
      <div className="mt-2 space-y-2">
        <p className="text-muted-foreground">
          This API has {tools.length.toLocaleString("en-US")} operations in {tags.length.toLocaleString("en-US")} tags. Choose the tags to
          start from: their tools become active and every other tool inactive. You can still turn single tools on or off below.
        </p>
        {tags.length > 12 && (
          <Input
            aria-label="Find a tag"
            placeholder="Find a tag..."
            value={find}
            maxLength={100}
            onChange={(e) => setFind(e.target.value)}
          />
        )}
        <fieldset className="max-h-48 overflow-y-auto rounded-md border p-2">
          <legend className="sr-only">Tags to start from</legend>
          {shown.length === 0 && <p className="p-2 text-muted-foreground">No tag matches "{find.trim()}".</p>}
          <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map(([tag, count]) => (
              <li key={tag}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-muted">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={chosen.has(tag)}
                    onChange={(e) => toggle(tag, e.target.checked)}
                  />
                  <span className="min-w-0 break-words">{tag}</span>{" "}
                  <span className="text-muted-foreground">({count.toLocaleString("en-US")})</span>
                </label>
              </li>
            ))}
          </ul>
          {matching.length > SHOWN_TAGS && (
            <p className="p-1 text-xs text-muted-foreground">
              {(matching.length - SHOWN_TAGS).toLocaleString("en-US")} more tags: type to find them.
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" size="sm" disabled={chosen.size === 0 || over || busy} onClick={() => onApply(names)}>
            {busy ? "Enabling..." : "Enable only these tags"}
          </Button>
          <p aria-live="polite" className={over ? "text-red-700" : "text-muted-foreground"}>
            {chosen.size === 0
              ? "No tag chosen."
              : `${names.size.toLocaleString("en-US")} ${names.size === 1 ? "tool" : "tools"} in ${chosen.size} ${chosen.size === 1 ? "tag" : "tags"}${
                  over ? `: over your plan's limit of ${limit.toLocaleString("en-US")} active tools. Choose fewer tags.` : "."
                }`}
          </p>
        </div>
      </div>
    </details>
  );
}
