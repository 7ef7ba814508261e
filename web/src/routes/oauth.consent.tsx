// /oauth/consent?request=…: approve or deny an MCP client's access to a server (sign-in first when needed).
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ConsentPage } from "@/features/oauth/consent-page";

const search = z.object({ request: z.string().max(100).optional().catch(undefined) });

export const Route = createFileRoute("/oauth/consent")({
  validateSearch: search,
  component: function ConsentRoute() {
    const { request } = Route.useSearch();
    return <ConsentPage requestId={request ?? ""} />;
  },
});
