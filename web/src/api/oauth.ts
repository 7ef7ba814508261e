// OAuth sign-in from MCP clients: the consent request the portal shows, the user's answer, and the
// organization's connected apps (grants), which can be revoked.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { oauthGrant, oauthRequest } from "../../../worker/oauth/schemas";

export type ConsentRequest = z.output<typeof oauthRequest>;

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

export type ConnectedApp = z.output<typeof oauthGrant>;

export const connectedAppsQuery = queryOptions({
  queryKey: ["oauth", "grants"],
  queryFn: async () => (await apiRequest<ConnectedApp[]>("/api/oauth/grants", { fallbackError: "Failed to load connected apps" })) ?? [],
});

export const revokeConnectedApp = (grantId: string) =>
  apiRequest(`/api/oauth/grants/${encodeURIComponent(grantId)}`, { method: "DELETE", fallbackError: "Failed to revoke access" });
