// Recent calls: filters (tool, outcome, caller), a table a page at a time, a detail drawer per call.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { callsQuery, type CallFilters, type CallLogScope, type CallRecord, type CallStats } from "@/api/calls";
import { errorMessage } from "@/api/client";
import { Field } from "@/components/field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { CallDetailSheet } from "./call-detail-sheet";
import { CLASS_BADGE, callerLabel, formatMs, OUTCOME_FILTERS, OUTCOME_LABELS } from "./outcomes";

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

type Props = {
  scope: CallLogScope;
  serverId: string;
  stats: CallStats | undefined;
  filters: CallFilters;
  onFilters: (filters: CallFilters) => void;
};

export function RecentCalls({ scope, serverId, stats, filters, onFilters }: Props) {
  const calls = useInfiniteQuery(callsQuery(scope, serverId, filters));
  const [open, setOpen] = useState<CallRecord | null>(null);
  const rows = calls.data?.pages.flatMap((p) => p.calls) ?? [];
  const filtered = Boolean(filters.tool || filters.outcome || filters.caller);

  return (
    <div className="space-y-4">
      <CallFilterBar stats={stats} filters={filters} onFilters={onFilters} />
      {calls.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading calls...
        </p>
      ) : calls.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(calls.error, "Failed to load calls")}
          <Button size="sm" variant="outline" onClick={() => void calls.refetch()}>
            Retry
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {filtered ? "No calls match these filters." : "No calls recorded yet."}
        </p>
      ) : (
        <>
          <CallTable rows={rows} onOpen={setOpen} />
          {calls.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={calls.isFetchingNextPage} onClick={() => void calls.fetchNextPage()}>
                {calls.isFetchingNextPage ? "Loading..." : "Load more"}
              </Button>
            </div>
          )}
        </>
      )}
      <CallDetailSheet call={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** The tool, outcome and caller filters; a filter on a tool or caller no longer listed still shows. */
function CallFilterBar({ stats, filters, onFilters }: Pick<Props, "stats" | "filters" | "onFilters">) {
  const tools = [...new Set([...(stats?.tools.map((t) => t.tool) ?? []), ...(filters.tool ? [filters.tool] : [])])].sort();
  const callers = stats?.callers ?? [];
  const filtered = Boolean(filters.tool || filters.outcome || filters.caller);
  const set = (key: keyof CallFilters) => (e: React.ChangeEvent<HTMLSelectElement>) =>
    onFilters({ ...filters, [key]: e.target.value || undefined });
  return (
    <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
      <Field id="filter-tool" label="Tool" className="grid gap-1.5">
        {(control) => (
          <select {...control} className={selectClass} value={filters.tool ?? ""} onChange={set("tool")}>
            <option value="">All tools</option>
            {tools.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="filter-outcome" label="Outcome" className="grid gap-1.5">
        {(control) => (
          <select {...control} className={selectClass} value={filters.outcome ?? ""} onChange={set("outcome")}>
            <option value="">All outcomes</option>
            {OUTCOME_FILTERS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="filter-caller" label="Caller" className="grid gap-1.5">
        {(control) => (
          <select {...control} className={selectClass} value={filters.caller ?? ""} onChange={set("caller")}>
            <option value="">All callers</option>
            {callers.map((c) => (
              <option key={`${c.kind}:${c.id}`} value={c.id ?? c.kind}>
                {callerLabel(c)}
              </option>
            ))}
            {filters.caller && !callers.some((c) => (c.id ?? c.kind) === filters.caller) && (
              <option value={filters.caller}>{filters.caller}</option>
            )}
          </select>
        )}
      </Field>
      <Button variant="ghost" disabled={!filtered} onClick={() => onFilters({})}>
        Clear filters
      </Button>
    </div>
  );
}

/** One row per call; a row or its time opens the call's details. */
function CallTable({ rows, onOpen }: { rows: CallRecord[]; onOpen: (call: CallRecord) => void }) {
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Recent calls">
        <TableHeader>
          <TableRow>
            <TableHead>Time</TableHead>
            <TableHead>Tool</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead className="hidden sm:table-cell">Status</TableHead>
            <TableHead className="text-right">Latency</TableHead>
            <TableHead className="hidden md:table-cell">Caller</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} className="cursor-pointer" onClick={() => onOpen(c)}>
              <TableCell className="whitespace-nowrap text-xs">
                <button
                  type="button"
                  className="underline-offset-2 hover:underline"
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(c);
                  }}
                  aria-label={`Details of the ${c.tool} call at ${formatDateTime(c.at)}`}
                >
                  {formatDateTime(c.at)}
                </button>
              </TableCell>
              <TableCell className="max-w-40 truncate font-mono text-xs">{c.tool}</TableCell>
              <TableCell>
                <Badge variant="outline" className={CLASS_BADGE[c.outcomeClass]}>
                  {OUTCOME_LABELS[c.outcome]}
                </Badge>
              </TableCell>
              <TableCell className="hidden tabular-nums sm:table-cell">{c.upstreamStatus ?? "—"}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMs(c.latencyMs)}</TableCell>
              <TableCell className="hidden max-w-48 truncate md:table-cell">{callerLabel(c.caller)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
