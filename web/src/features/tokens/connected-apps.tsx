// Access Tokens → Connected apps: MCP clients signed in with OAuth (client, server, user, last used),
// each revocable; a revoked app's next call is refused.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { connectedAppsQuery, revokeConnectedApp, type ConnectedApp } from "@/api/oauth";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";

export function ConnectedApps() {
  const queryClient = useQueryClient();
  const apps = useQuery(connectedAppsQuery);
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);
  const revoke = useMutation({
    mutationFn: (app: ConnectedApp) => revokeConnectedApp(app.id),
    onSuccess: (_, app) => toast.success(`Access revoked for ${app.clientName}`),
    onError: (error) => toast.error(errorMessage(error, "Failed to revoke access")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectedAppsQuery.queryKey }),
  });
  return (
    <section aria-labelledby="connected-apps" className="mt-8 space-y-3">
      <div>
        <h2 id="connected-apps" className="text-lg font-semibold">
          Connected apps
        </h2>
        <p className="text-sm text-muted-foreground">
          MCP clients that signed in with OAuth (Claude, ChatGPT, VS Code, Cursor…). Revoking one refuses its next call.
        </p>
      </div>
      {apps.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading connected apps...
        </p>
      ) : apps.isError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
          {errorMessage(apps.error, "Failed to load connected apps")}
        </p>
      ) : apps.data.length === 0 ? (
        <p className="rounded-lg border border-dashed py-8 text-center text-sm text-muted-foreground">No apps connected yet.</p>
      ) : (
        <Card className="py-0">
          <Table aria-label="Connected apps">
            <thead className="border-b bg-muted/40 text-left">
              <tr>
                <th className="p-3 font-medium">Client</th>
                <th className="p-3 font-medium">Server</th>
                <th className="p-3 font-medium">User</th>
                <th className="p-3 font-medium">Last used</th>
                <th className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {apps.data.map((app) => (
                <tr key={app.id} className="border-b last:border-0">
                  <td className="p-3 font-medium [overflow-wrap:anywhere]">{app.clientName}</td>
                  <td className="p-3">{app.serverName}</td>
                  <td className="p-3 [overflow-wrap:anywhere]">{app.userName ? `${app.userName} (${app.userEmail})` : app.userEmail}</td>
                  <td className="p-3 whitespace-nowrap">{app.lastUsedAt ? formatDateTime(app.lastUsedAt) : "Never"}</td>
                  <td className="p-3 text-right">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => setRevoking(app)}
                      aria-label={`Revoke ${app.clientName}`}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke access for ${revoking?.clientName ?? ""}?`}
        message={`${revoking?.clientName ?? "The app"} will no longer be able to call ${revoking?.serverName ?? "the server"}; signing in again asks for consent again.`}
        confirmLabel="Revoke access"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
          setRevoking(null);
        }}
      />
    </section>
  );
}
