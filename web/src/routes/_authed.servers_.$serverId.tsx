// /servers/{id}: a server's home: header with endpoint and state, Configure / Deploy / Delete, and tabs (Calls first).
import { createFileRoute } from "@tanstack/react-router";
import { serverQuery } from "@/api/servers";
import { ServerPage } from "@/features/server-page/server-page";
import { serverPageSearch } from "@/features/server-page/search";

export const Route = createFileRoute("/_authed/servers_/$serverId")({
  validateSearch: serverPageSearch,
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(serverQuery(params.serverId)),
  component: function ServerRoute() {
    const { serverId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ServerPage serverId={serverId} search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
  },
});
