// /superadmin/servers/{id}: any organization's server's call log, for superusers; others see Access Denied.
import { createFileRoute } from "@tanstack/react-router";
import { callStatsQuery } from "@/api/calls";
import { AccessDenied } from "@/components/layout/access-denied";
import { CallLogPage } from "@/features/calls/call-log-page";
import { callLogSearch } from "@/features/calls/search";

export const Route = createFileRoute("/_authed/superadmin_/servers/$serverId")({
  validateSearch: callLogSearch,
  loaderDeps: ({ search }) => ({ window: search.window ?? "24h" }),
  loader: ({ context, params, deps }) => {
    if (context.user.superUser) void context.queryClient.prefetchQuery(callStatsQuery("admin", params.serverId, deps.window));
  },
  component: function AdminServerCallsRoute() {
    const { user } = Route.useRouteContext();
    const { serverId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    if (!user.superUser) return <AccessDenied />;
    return (
      <CallLogPage scope="admin" serverId={serverId} search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
    );
  },
});
