// The server page's tabs, in order: Calls first; other panels of a server add their entry here.
import type { ReactNode } from "react";
import type { Server } from "@/api/servers";
import { CallLog } from "@/features/calls/call-log-page";
import { CheckApiPanel } from "@/features/try-it/check-api-panel";
import { ModelViewPanel } from "@/features/try-it/model-view-panel";
import { TryItPanel } from "@/features/try-it/try-it-panel";
import { AutomatedRuns } from "@/features/servers/automated-runs";
import type { ServerPageSearch } from "./search";

export type ServerTabProps = { server: Server; search: ServerPageSearch; onSearch: (search: ServerPageSearch) => void };
/** `shown`: whether the server has this tab (all servers when absent). */
export type ServerTab = { value: string; label: string; render: (props: ServerTabProps) => ReactNode; shown?: (server: Server) => boolean };

export const SERVER_TABS: ServerTab[] = [
  {
    value: "calls",
    label: "Calls",
    render: ({ server, search, onSearch }) => (
      <CallLog scope="org" serverId={server.id} search={search} onSearch={(next) => onSearch({ ...next, tab: search.tab })} />
    ),
  },
  {
    value: "try-it",
    label: "Try it",
    render: ({ server }) => (
      <div className="space-y-6">
        <TryItPanel
          serverId={server.id}
          passthroughAuthType={server.authConfig?.authStrategy === "passthrough" ? server.authConfig.authType : null}
        />
        <CheckApiPanel serverId={server.id} />
      </div>
    ),
  },
  { value: "model-view", label: "Model view", render: ({ server }) => <ModelViewPanel serverId={server.id} /> },
  {
    // Servers made from a crawl or a description URL: their scheduled re-crawls or syncs and what each did.
    value: "automation",
    label: "Automation",
    shown: (server) => !!(server.originalCrawlUrl || server.sourceUrl),
    render: ({ server }) => <AutomatedRuns serverId={server.id} />,
  },
];

/** The tabs this server has. */
export const serverTabs = (server: Server) => SERVER_TABS.filter((t) => t.shown?.(server) ?? true);

/** The tab a search names, or the first when it names none (or one the server does not have). */
export const currentTab = (server: Server, tab: string | undefined) => serverTabs(server).find((t) => t.value === tab) ?? SERVER_TABS[0]!;
