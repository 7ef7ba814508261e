// The superadmin table: Server Name, Owner, Organization, Status, Deployment, Endpoints, Created, Actions.
import { Link } from "@tanstack/react-router";
import { RotateCw } from "@/components/icons";
import { endpointCount } from "@/api/servers";
import type { AdminServer } from "@/api/superadmin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/format";

type Props = { servers: AdminServer[]; onRedeploy: (s: AdminServer) => void; busy: boolean };

export function AdminServersTable({ servers, onRedeploy, busy }: Props) {
  return (
    <Table aria-label="All servers">
      <TableHeader>
        <TableRow>
          {["Server Name", "Owner", "Organization", "Status", "Deployment", "Endpoints", "Created", "Actions"].map((h) => (
            <TableHead key={h}>{h}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {servers.length === 0 ? (
          <TableRow>
            <TableCell colSpan={8} className="py-8 text-center text-muted-foreground">
              No servers found.
            </TableCell>
          </TableRow>
        ) : (
          servers.map((s) => (
            <TableRow key={s.id}>
              <TableCell className="font-medium">
                <Link
                  to="/superadmin/servers/$serverId"
                  params={{ serverId: s.id }}
                  className="underline-offset-2 hover:underline"
                  aria-label={`Calls of ${s.name}`}
                >
                  {s.name}
                </Link>
              </TableCell>
              <TableCell>
                <div>{s.createdBy?.name || "—"}</div>
                <div className="text-xs text-muted-foreground">{s.createdBy?.email}</div>
              </TableCell>
              <TableCell>{s.organization?.name ?? "—"}</TableCell>
              <TableCell>
                <Badge variant="outline">{s.status}</Badge>
              </TableCell>
              <TableCell>
                {s.deployment ? (
                  <Badge variant={s.deployment.status === "failed" ? "destructive" : "secondary"}>{s.deployment.status}</Badge>
                ) : (
                  <span className="text-muted-foreground">Not deployed</span>
                )}
              </TableCell>
              <TableCell>{endpointCount(s)}</TableCell>
              <TableCell>{formatDate(s.createdAt)}</TableCell>
              <TableCell>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onRedeploy(s)} aria-label={`Redeploy ${s.name}`}>
                  <RotateCw /> Redeploy
                </Button>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
