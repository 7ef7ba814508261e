// /api-keys: portal API keys for scripting the portal's API.
import { createFileRoute } from "@tanstack/react-router";
import { apiKeysQuery } from "@/api/api-keys";
import { subscriptionQuery } from "@/api/billing";
import { ApiKeysPage } from "@/features/settings/api-keys-page";

export const Route = createFileRoute("/_authed/api-keys")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(apiKeysQuery);
    void context.queryClient.prefetchQuery(subscriptionQuery);
  },
  component: ApiKeysPage,
});
