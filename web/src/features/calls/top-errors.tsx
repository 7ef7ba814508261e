// The most frequent errors of the window, with their messages.
import type { CallStats } from "@/api/calls";
import { Badge } from "@/components/ui/badge";
import { formatDateTime, formatNumber } from "@/lib/format";
import { CLASS_BADGE, OUTCOME_LABELS } from "./outcomes";

export function TopErrors({
  errors,
  onPick,
}: {
  errors: CallStats["topErrors"];
  onPick: (filter: { tool: string; outcome: string }) => void;
}) {
  if (errors.length === 0) return <p className="text-sm text-muted-foreground">No errors in this window.</p>;
  return (
    <ul className="divide-y" aria-label="Top errors">
      {errors.map((e) => (
        <li key={`${e.outcome}\n${e.tool}\n${e.error}`} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="outline" className={CLASS_BADGE[e.outcomeClass]}>
              {OUTCOME_LABELS[e.outcome]}
            </Badge>
            <button
              type="button"
              className="font-mono text-xs underline-offset-2 hover:underline"
              onClick={() => onPick({ tool: e.tool, outcome: e.outcome })}
            >
              {e.tool}
            </button>
            <span className="ml-auto tabular-nums text-muted-foreground">{formatNumber(e.count)}×</span>
          </div>
          <p className="text-sm [overflow-wrap:anywhere]">{e.error || "No message"}</p>
          <p className="text-xs text-muted-foreground">Last at {formatDateTime(e.lastAt)}</p>
        </li>
      ))}
    </ul>
  );
}
