// MCP Server Management: summary tiles, Quick Actions, filters, the servers table and Refresh.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "@/components/icons";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { adminServersQuery, redeployServer, type AdminServer } from "@/api/superadmin";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminServersTable } from "./admin-servers-table";
import { FILTERS, matches, summarize, type Filter } from "./filters";

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold">{value}</p>
      </CardContent>
    </Card>
  );
}

export function SuperadminPage() {
  const queryClient = useQueryClient();
  const servers = useQuery(adminServersQuery);
  const [filter, setFilter] = useState<Filter>("All");
  const redeploy = useMutation({
    mutationFn: async (targets: AdminServer[]) => {
      for (const s of targets) {
        try {
          await redeployServer(s.id);
          toast.success(`Redeployment initiated for "${s.name}"`);
        } catch (error) {
          toast.error(errorMessage(error, "Failed to initiate redeployment"));
        }
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminServersQuery.queryKey }),
  });
  const all = servers.data ?? [];
  const summary = summarize(all);

  return (
    <>
      <PageHeader
        title="MCP Server Management"
        subtitle="Every organization's servers and deployments."
        actions={
          <Button variant="outline" onClick={() => servers.refetch()} disabled={servers.isFetching}>
            <RefreshCw className={servers.isFetching ? "animate-spin" : undefined} /> Refresh
          </Button>
        }
      />
      {servers.isPending ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading servers...
        </p>
      ) : servers.isError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
          {errorMessage(servers.error, "Failed to fetch servers")}
        </p>
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Tile label="Total Servers" value={summary.total} />
            <Tile label="Active Servers" value={summary.active} />
            <Tile label="Organizations" value={summary.organizations} />
            <Tile label="Deployed" value={summary.deployed} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
              <CardDescription>Redeploy many servers at once.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                disabled={redeploy.isPending || summary.failed.length === 0}
                onClick={() => redeploy.mutate(summary.failed)}
              >
                Redeploy All Failed ({summary.failed.length})
              </Button>
              <Button
                variant="outline"
                disabled={redeploy.isPending || summary.activeServers.length === 0}
                onClick={() => redeploy.mutate(summary.activeServers)}
              >
                Redeploy All Active ({summary.activeServers.length})
              </Button>
            </CardContent>
          </Card>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Filter servers">
            {FILTERS.map((f) => (
              <Button
                key={f}
                size="sm"
                variant={filter === f ? "default" : "outline"}
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
              >
                {f}
              </Button>
            ))}
          </div>
          <Card className="py-2">
            <CardContent className="px-2">
              <AdminServersTable
                servers={all.filter((s) => matches(filter, s))}
                onRedeploy={(s) => redeploy.mutate([s])}
                busy={redeploy.isPending}
              />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
