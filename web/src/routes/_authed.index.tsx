// /: the servers list.
import { createFileRoute } from "@tanstack/react-router";
import { serversQuery } from "@/api/servers";
import { ServersPage } from "@/features/servers/servers-page";

export const Route = createFileRoute("/_authed/")({
  loader: ({ context }) => void context.queryClient.prefetchQuery(serversQuery),
  component: ServersPage,
});
