// /servers/{id}: a server's home. Its header (name, state, MCP endpoint), actions and tabs (Calls first).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "@/components/icons";
import { ApiError, errorMessage } from "@/api/client";
import { mcpEndpoint, serverQuery, type Server } from "@/api/servers";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UrlRow } from "@/features/deploy/copy-buttons";
import { usePageTitle } from "@/lib/page-title";
import type { ServerPageSearch } from "./search";
import { ServerActions } from "./server-actions";
import { serverState, TONE_CLASSES } from "./server-state";
import { currentTab, SERVER_TABS, serverTabs } from "./server-tabs";

type Props = { serverId: string; search: ServerPageSearch; onSearch: (search: ServerPageSearch) => void };

export function ServerPage({ serverId, search, onSearch }: Props) {
  const server = useQuery(serverQuery(serverId));
  if (server.isPending)
    return (
      <p role="status" className="py-12 text-center text-muted-foreground">
        Loading server...
      </p>
    );
  if (server.isError && server.error instanceof ApiError && server.error.status === 404) return <ServerNotFound />;
  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/servers">
          <ArrowLeft aria-hidden /> Servers
        </Link>
      </Button>
      {server.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {errorMessage(server.error, "Failed to load the server")}
          <Button size="sm" variant="outline" onClick={() => void server.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <ServerHeader server={server.data} />
          <ServerTabs server={server.data} search={search} onSearch={onSearch} />
        </>
      )}
    </div>
  );
}

function ServerHeader({ server }: { server: Server }) {
  const state = serverState(server);
  const endpoint = mcpEndpoint(server);
  return (
    <section aria-label="Server" className="space-y-4 rounded-lg border bg-background p-4 sm:p-5">
      <PageHeader
        title={server.name}
        subtitle={
          <span className="flex flex-wrap items-center gap-2 pt-1">
            <Badge variant="outline" className={TONE_CLASSES[state.tone]}>
              {state.label}
            </Badge>
            <span>{state.meaning}</span>
          </span>
        }
        actions={<ServerActions server={server} />}
      />
      {endpoint && server.deployment?.status === "deployed" ? (
        <UrlRow label="MCP endpoint" url={endpoint} />
      ) : (
        <p className="text-sm text-muted-foreground">
          MCP endpoint: <span className="font-medium text-foreground">none yet</span>. It appears here after the first deploy.
        </p>
      )}
    </section>
  );
}

function ServerTabs({ server, search, onSearch }: { server: Server; search: ServerPageSearch; onSearch: Props["onSearch"] }) {
  const tab = currentTab(server, search.tab);
  const tabs = serverTabs(server);
  return (
    <Tabs value={tab.value} onValueChange={(value) => onSearch({ tab: value === SERVER_TABS[0]!.value ? undefined : value })}>
      <TabsList aria-label="Server sections" className="max-w-full overflow-x-auto">
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value} className="pt-2">
          {t.value === tab.value && t.render({ server, search, onSearch })}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** An unknown (or another organization's) server: said once, with the way back; no retry loop. */
function ServerNotFound() {
  usePageTitle("Server not found");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-semibold">Server not found</h1>
      <p className="text-muted-foreground">This server does not exist, or it belongs to another organization.</p>
      <Button asChild variant="outline">
        <Link to="/servers">Back to servers</Link>
      </Button>
    </div>
  );
}
