// OAuth sign-in from MCP clients: the consent request the portal shows, the user's answer, and the
// organization's connected apps (grants), which can be revoked.
import { queryOptions } from "@tanstack/react-query";
import { api, call, param } from "./client";
import type { z } from "zod";
import type { oauthGrant, oauthRequest } from "../../../worker/oauth/schemas";

export type ConsentRequest = z.output<typeof oauthRequest>;

export const consentRequestQuery = (requestId: string) =>
  queryOptions({
    queryKey: ["oauth", "requests", requestId],
    queryFn: () => call(api.oauth.requests[":id"].$get(param({ id: requestId })), "Failed to load the authorization request"),
    retry: false,
    staleTime: Infinity,
  });

/** Approves or denies; answers where to send the browser (the client's redirect URI). */
export const decideConsent = (requestId: string, approve: boolean) =>
  call(api.oauth.requests[":id"].$post({ ...param({ id: requestId }), json: { approve } }), "Failed to answer the authorization request");

export type ConnectedApp = z.output<typeof oauthGrant>;

export const connectedAppsQuery = queryOptions({
  queryKey: ["oauth", "grants"],
  queryFn: async () => (await call(api.oauth.grants.$get(), "Failed to load connected apps")) ?? [],
});

export const revokeConnectedApp = (grantId: string) =>
  call(api.oauth.grants[":id"].$delete(param({ id: grantId })), "Failed to revoke access");
