// Tool calls per server this month, as a horizontal bar chart.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { serverUsageQuery } from "@/api/billing";
import { errorMessage } from "@/api/client";
import { serversQuery } from "@/api/servers";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";

export function ServerCallsChart() {
  const usage = useQuery(serverUsageQuery);
  const servers = useQuery(serversQuery);
  const rows = (servers.data ?? [])
    .map((s) => ({ id: s.id, name: s.name, calls: usage.data?.[s.id] ?? 0 }))
    .sort((a, b) => b.calls - a.calls);
  const max = Math.max(1, ...rows.map((r) => r.calls));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tool Calls by Server</CardTitle>
        <CardDescription>Tool calls per server this month. Select a server for its call log.</CardDescription>
      </CardHeader>
      <CardContent>
        {servers.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading servers...
          </p>
        ) : servers.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(servers.error, "Failed to load servers")}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No servers yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Tool calls by server">
            {rows.map((row) => (
              <li key={row.id} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3 text-sm">
                <Link
                  to="/servers/$serverId"
                  params={{ serverId: row.id }}
                  className="truncate underline-offset-2 hover:underline"
                  title={`Calls of ${row.name}`}
                >
                  {row.name}
                </Link>
                <span className="h-3 rounded bg-muted" aria-hidden>
                  <span className="block h-full rounded bg-primary" style={{ width: `${(row.calls / max) * 100}%` }} />
                </span>
                <span className="tabular-nums">{formatNumber(row.calls)} calls</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
