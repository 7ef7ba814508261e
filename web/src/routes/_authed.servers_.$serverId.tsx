// /servers/{id}: a server's call log (calls over time, latency and errors per tool, recent calls).
import { createFileRoute } from "@tanstack/react-router";
import { callStatsQuery } from "@/api/calls";
import { CallLogPage } from "@/features/calls/call-log-page";
import { callLogSearch } from "@/features/calls/search";

export const Route = createFileRoute("/_authed/servers_/$serverId")({
  validateSearch: callLogSearch,
  loaderDeps: ({ search }) => ({ window: search.window ?? "24h" }),
  loader: ({ context, params, deps }) => void context.queryClient.prefetchQuery(callStatsQuery("org", params.serverId, deps.window)),
  component: function ServerCallsRoute() {
    const { serverId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <CallLogPage scope="org" serverId={serverId} search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
  },
});
