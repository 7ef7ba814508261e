// A server's upstream authentication: analyse-auth, auth-config, secrets, assigned tokens.
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiRequest } from "./client";
import type { z } from "zod";
import type { authAnalysis, authConfig, parameterCandidate } from "../../../worker/servers/schemas";

export const AUTH_TYPES = ["none", "apiKey", "bearer", "basic", "oauth2"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
export type AuthStrategy = "managed" | "passthrough";

export type AuthAnalysis = z.output<typeof authAnalysis>;
/** A parameter the analysis suggests fixing per server; confidence is 0 to 1. */
export type ParameterCandidate = z.output<typeof parameterCandidate>;
export type AuthCandidate = AuthAnalysis["authCandidates"][number];
export type Secrets = { token?: string; key?: string; username?: string; password?: string; clientId?: string; clientSecret?: string };
export type AuthConfig = z.output<typeof authConfig>;
export type SaveAuthConfig = {
  authType: AuthType;
  authStrategy: AuthStrategy;
  requireToolportLogin: boolean;
  exposeToPublic: boolean;
  secrets?: Secrets;
  authContextValues: Record<string, string>;
  authContextMetadata: ParameterCandidate[];
};

const base = (id: string) => `/api/servers/${encodeURIComponent(id)}`;

export const authAnalysisQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "analyse-auth"],
    queryFn: () => apiRequest<AuthAnalysis>(`${base(id)}/analyse-auth`, { method: "POST", fallbackError: "Failed to analyse auth" }),
    staleTime: Infinity,
  });

/** The saved config, or null (the API answers 404 while none is saved). */
export const authConfigQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "auth-config"],
    queryFn: async () => {
      try {
        return await apiRequest<AuthConfig>(`${base(id)}/auth-config`, { fallbackError: "Failed to load authentication info" });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const assignedTokensQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "assigned-tokens"],
    queryFn: async () => (await apiRequest<string[]>(`${base(id)}/assigned-tokens`, { fallbackError: "Failed to load tokens" })) ?? [],
  });

export const saveAuthConfig = (id: string, body: SaveAuthConfig, fallbackError = "Failed to configure authentication") =>
  apiRequest<AuthConfig>(`${base(id)}/auth-config`, { method: "POST", body, fallbackError });

export const deleteAuthSecrets = (id: string) =>
  apiRequest(`${base(id)}/auth-config/secrets`, { method: "DELETE", fallbackError: "Failed to delete secrets" });
