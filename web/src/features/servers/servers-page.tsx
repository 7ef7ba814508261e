// Servers list: title, Add Server, and loading / error / empty / grid of cards.
import { useQuery } from "@tanstack/react-query";
import { Plus } from "@/components/icons";
import { useState } from "react";
import { serverUsageQuery } from "@/api/billing";
import { errorMessage } from "@/api/client";
import { serversQuery, type Server } from "@/api/servers";
import { tokensQuery } from "@/api/tokens";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { ServerCard } from "./server-card";
import { ServerWizard } from "@/features/wizard/server-wizard";

export function ServersPage() {
  const servers = useQuery(serversQuery);
  const usage = useQuery(serverUsageQuery);
  const tokens = useQuery(tokensQuery);
  const [wizard, setWizard] = useState<{ open: boolean; server?: Server }>({ open: false });

  return (
    <>
      <PageHeader
        title="MCP Servers"
        subtitle="Turn APIs into hosted MCP servers your clients can call."
        actions={
          <Button onClick={() => setWizard({ open: true })}>
            <Plus /> Add Server
          </Button>
        }
      />
      {servers.isPending ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading servers...
        </p>
      ) : servers.isError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
          {errorMessage(servers.error, "Failed to load servers")}
        </p>
      ) : servers.data.length === 0 ? (
        <p className="rounded-lg border border-dashed py-12 text-center text-muted-foreground">No servers found. Add your first server!</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Servers">
          {servers.data.map((server) => (
            <li key={server.id}>
              <ServerCard
                server={server}
                calls={usage.data?.[server.id] ?? 0}
                tokens={tokens.data}
                tokensFailed={tokens.isError}
                onConfigure={() => setWizard({ open: true, server })}
              />
            </li>
          ))}
        </ul>
      )}
      <ServerWizard server={wizard.server} open={wizard.open} onOpenChange={(open) => setWizard((w) => ({ ...w, open }))} />
    </>
  );
}
