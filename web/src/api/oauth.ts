// OAuth sign-in from MCP clients: the consent request the portal shows, the user's answer, and the
// organization's connected apps (grants), which can be revoked.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export type ConsentRequest = {
  id: string;
  client: { id: string; name: string; uri: string | null; logoUri: string | null; redirectHost: string };
  server: { id: string; name: string; slug: string; endpoint: string; organizationName: string; toolCount: number; tools: { name: string; description: string; readOnly: boolean }[] };
  user: { email: string; name: string | null };
  canApprove: boolean;
  reason: string | null;
};

export const consentRequestQuery = (requestId: string) =>
  queryOptions({
    queryKey: ["oauth", "requests", requestId],
    queryFn: () => apiRequest<ConsentRequest>(`/api/oauth/requests/${encodeURIComponent(requestId)}`, { fallbackError: "Failed to load the authorization request" }),
    retry: false,
    staleTime: Infinity,
  });

/** Approves or denies; answers where to send the browser (the client's redirect URI). */
export const decideConsent = (requestId: string, approve: boolean) =>
  apiRequest<{ redirectTo: string }>(`/api/oauth/requests/${encodeURIComponent(requestId)}`, { method: "POST", body: { approve }, fallbackError: "Failed to answer the authorization request" });

export type ConnectedApp = {
  id: string;
  clientId: string;
  clientName: string;
  serverId: string;
  serverName: string;
  userEmail: string;
  userName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
};

export const connectedAppsQuery = queryOptions({
  queryKey: ["oauth", "grants"],
  queryFn: async () => (await apiRequest<ConnectedApp[]>("/api/oauth/grants", { fallbackError: "Failed to load connected apps" })) ?? [],
});

export const revokeConnectedApp = (grantId: string) =>
  apiRequest(`/api/oauth/grants/${encodeURIComponent(grantId)}`, { method: "DELETE", fallbackError: "Failed to revoke access" });
