// A server's call log (calls over time, latency and errors per tool, the top errors, recent calls with
// filters and a detail drawer, payload settings for the owner), and the superadmin's page around it.
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "@/components/icons";
import { callStatsQuery, type CallFilters, type CallLogScope, type CallStats, type StatsWindow } from "@/api/calls";
import { errorMessage } from "@/api/client";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";
import { CallsOverTime } from "./calls-over-time";
import { formatPercent } from "./outcomes";
import { PayloadSettings } from "./payload-settings";
import { RecentCalls } from "./recent-calls";
import type { CallLogSearch } from "./search";
import { ToolLatency } from "./tool-latency";
import { TopErrors } from "./top-errors";

const WINDOWS: { value: StatsWindow; label: string; long: string }[] = [
  { value: "24h", label: "24 h", long: "the last 24 hours" },
  { value: "7d", label: "7 d", long: "the last 7 days" },
  { value: "30d", label: "30 d", long: "the last 30 days" },
];

type Props = { scope: CallLogScope; serverId: string; search: CallLogSearch; onSearch: (search: CallLogSearch) => void };

/** The superadmin's page for one server's calls: back link, title and the call log. */
export function CallLogPage(props: Props) {
  const stats = useQuery(callStatsQuery(props.scope, props.serverId, props.search.window ?? "24h"));
  const back =
    props.scope === "admin" ? { to: "/superadmin" as const, label: "Superadmin" } : { to: "/servers" as const, label: "Servers" };
  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={back.to}>
          <ArrowLeft /> {back.label}
        </Link>
      </Button>
      <PageHeader
        title={stats.data ? `${stats.data.server.name}: calls` : "Calls"}
        subtitle="Every tools/call of this server: outcome, latency, errors."
      />
      <CallLog {...props} />
    </div>
  );
}

/** A server's calls: the time window, statistics, recent calls and (for the owner) the log's settings. */
export function CallLog({ scope, serverId, search, onSearch }: Props) {
  const window = search.window ?? "24h";
  const stats = useQuery(callStatsQuery(scope, serverId, window));
  const filters: CallFilters = { tool: search.tool, outcome: search.outcome, caller: search.caller };
  const setFilters = (next: CallFilters) => onSearch({ window: search.window, ...next });
  const windowLabel = WINDOWS.find((w) => w.value === window)!.long;

  return (
    <div className="space-y-6">
      <WindowPicker window={window} onWindow={(value) => onSearch({ ...search, window: value })} />

      <CallStatistics stats={stats} windowLabel={windowLabel} onFilter={(pick) => setFilters({ ...filters, ...pick })} />

      <Card>
        <CardHeader>
          <CardTitle>Recent calls</CardTitle>
          <CardDescription>Newest first. Select a call for its details.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecentCalls scope={scope} serverId={serverId} stats={stats.data} filters={filters} onFilters={setFilters} />
        </CardContent>
      </Card>

      {scope === "org" && (
        <Card>
          <CardHeader>
            <CardTitle>Call log settings</CardTitle>
          </CardHeader>
          <CardContent>
            <PayloadSettings serverId={serverId} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** The time window: one button per window, the chosen one pressed. */
function WindowPicker({ window, onWindow }: { window: StatsWindow; onWindow: (window: StatsWindow) => void }) {
  return (
    <div role="group" aria-label="Time window" className="inline-flex rounded-md border bg-background p-0.5">
      {WINDOWS.map((w) => (
        <Button
          key={w.value}
          size="sm"
          variant={w.value === window ? "default" : "ghost"}
          aria-pressed={w.value === window}
          onClick={() => onWindow(w.value)}
        >
          {w.label}
        </Button>
      ))}
    </div>
  );
}

/** The window's totals, calls over time, latency and errors by tool, and the top errors; a tool or error picked filters the calls. */
function CallStatistics({
  stats,
  windowLabel,
  onFilter,
}: {
  stats: UseQueryResult<CallStats>;
  windowLabel: string;
  onFilter: (pick: CallFilters) => void;
}) {
  if (stats.isPending)
    return (
      <p role="status" className="rounded-md border p-6 text-center text-sm text-muted-foreground">
        Loading call statistics...
      </p>
    );
  if (stats.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {errorMessage(stats.error, "Failed to load call statistics")}
        <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (stats.data.totals.calls === 0) {
    return (
      <Card>
        <CardContent className="py-10 text-center">
          <p className="font-medium">No calls in {windowLabel}</p>
          <p className="text-sm text-muted-foreground">Tool calls made through this server's MCP endpoint appear here within seconds.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <dl className="grid grid-cols-3 gap-3">
        {[
          ["Calls", formatNumber(stats.data.totals.calls)],
          ["Errors", formatNumber(stats.data.totals.errors)],
          ["Error rate", formatPercent(stats.data.totals.errorRate)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>Calls over time</CardTitle>
          <CardDescription>By outcome, {windowLabel}.</CardDescription>
        </CardHeader>
        <CardContent>
          <CallsOverTime stats={stats.data} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Latency and errors by tool</CardTitle>
            <CardDescription>p50 and p95 of gateway plus API time.</CardDescription>
          </CardHeader>
          <CardContent>
            <ToolLatency stats={stats.data} onTool={(tool) => onFilter({ tool })} />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Top errors</CardTitle>
            <CardDescription>The most frequent, with their messages.</CardDescription>
          </CardHeader>
          <CardContent>
            <TopErrors errors={stats.data.topErrors} onPick={onFilter} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
