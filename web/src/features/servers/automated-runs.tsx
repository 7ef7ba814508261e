// A server's automated re-crawls or description syncs: the schedule, and what each recent run did (tools
// added, removed or changed, a redeploy, a breaking change held for review, why a run failed).
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { automatedRunsQuery, type AutomatedRun } from "@/api/automated-runs";
import { errorMessage } from "@/api/client";
import { formatDateTime } from "@/lib/format";

/** Runs shown, newest first. */
const SHOWN = 5;
const OUTCOMES: Record<AutomatedRun["outcome"], { label: string; color: string }> = {
  running: { label: "Running", color: "border-blue-200 bg-blue-50 text-blue-800" },
  applied: { label: "Applied", color: "border-green-200 bg-green-50 text-green-800" },
  unchanged: { label: "No changes", color: "border-slate-200 bg-slate-50 text-slate-700" },
  held: { label: "Held for review", color: "border-amber-300 bg-amber-50 text-amber-900" },
  failed: { label: "Failed", color: "border-red-200 bg-red-50 text-red-800" },
};
const CHANGE_LABELS = { added: "Added", removed: "Removed", renamed: "Renamed", changed: "Changed" } as const;

const outcomeLabel = (run: AutomatedRun) =>
  run.outcome === "applied" && run.redeployed ? "Applied and redeployed" : OUTCOMES[run.outcome].label;

/** "1 added · 2 changed": only the counts that are not zero. */
const countsOf = (run: AutomatedRun) =>
  [
    [run.toolsAdded, "added"],
    [run.toolsRemoved, "removed"],
    [run.toolsChanged, "changed"],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(" · ");

function RunItem({ run }: { run: AutomatedRun }) {
  const at = run.finishedAt ?? run.startedAt;
  const counts = countsOf(run);
  return (
    <li className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-md border px-2 py-0.5 text-xs font-medium ${OUTCOMES[run.outcome].color}`}>{outcomeLabel(run)}</span>
        <time dateTime={at} className="text-muted-foreground">
          {formatDateTime(at)}
        </time>
        {counts && <span>{counts}</span>}
      </div>
      {run.changes.length > 0 && (
        <ul aria-label="Changed tools" className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          {run.changes.map((change) => (
            <li key={`${change.kind} ${change.tool}`}>
              {CHANGE_LABELS[change.kind]} <code className="text-foreground">{change.tool}</code>
            </li>
          ))}
        </ul>
      )}
      {run.outcome === "held" && (
        <p className="text-xs">A breaking change waits for your review: open Update available on the server's card.</p>
      )}
      {run.outcome === "failed" && run.error && <p className="text-xs text-red-700">{run.error}</p>}
    </li>
  );
}

/** The panel; `embedded` drops its frame (inside the deploy step's crawl management). */
export function AutomatedRuns({ serverId, embedded = false }: { serverId: string; embedded?: boolean }) {
  const headingId = useId();
  const query = useQuery(automatedRunsQuery(serverId));
  if (query.isPending) return null;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(query.error, "Failed to load the automated runs")}
      </p>
    );
  const { kind, enabled, frequency, nextRunAt, runs } = query.data;
  if (!kind) return null;
  const Heading = embedded ? "h4" : "h3";
  const what = kind === "crawl" ? "crawl" : "update";
  return (
    <section aria-labelledby={headingId} className={embedded ? "space-y-1" : "space-y-2 rounded-xl border bg-card p-6 shadow-sm"}>
      <Heading id={headingId} className={embedded ? "font-medium" : "font-semibold"}>
        {kind === "crawl" ? "Automated crawls" : "Automated updates"}
      </Heading>
      <p className="text-sm text-muted-foreground">
        {enabled
          ? `${frequency === "monthly" ? "Monthly" : "Weekly"}, next ${formatDateTime(nextRunAt, "soon")}`
          : `Off: no automated ${what} is scheduled`}
      </p>
      {runs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No automated {what} has run yet.</p>
      ) : (
        <ol aria-label={`Recent automated ${what}s`} className="divide-y">
          {runs.slice(0, SHOWN).map((run) => (
            <RunItem key={run.startedAt} run={run} />
          ))}
        </ol>
      )}
    </section>
  );
}
