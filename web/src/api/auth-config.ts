// A server's upstream authentication: analyse-auth, auth-config, secrets, assigned tokens.
import { queryOptions } from "@tanstack/react-query";
import { api, ApiError, call, param } from "./client";
import type { z } from "zod";
import type { authAnalysis, authConfig, parameterCandidate } from "../../../worker/servers/schemas";

export const AUTH_TYPES = ["none", "apiKey", "bearer", "basic", "oauth2"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
export { AUTH_STRATEGIES } from "../../../worker/lib/choices";
export type AuthStrategy = AuthConfig["authStrategy"];

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

export const authAnalysisQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "analyse-auth"],
    queryFn: () => call(api.servers[":id"]["analyse-auth"].$post(param({ id })), "Failed to analyse auth"),
    staleTime: Infinity,
  });

/** The saved config, or null (the API answers 404 while none is saved). */
export const authConfigQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "auth-config"],
    queryFn: async () => {
      try {
        return await call(api.servers[":id"]["auth-config"].$get(param({ id })), "Failed to load authentication info");
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const assignedTokensQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "assigned-tokens"],
    queryFn: async () => (await call(api.servers[":id"]["assigned-tokens"].$get(param({ id })), "Failed to load tokens")) ?? [],
  });

export const saveAuthConfig = (id: string, body: SaveAuthConfig, fallbackError = "Failed to configure authentication") =>
  call(api.servers[":id"]["auth-config"].$post({ ...param({ id }), json: body }), fallbackError);

export const deleteAuthSecrets = (id: string) =>
  call(api.servers[":id"]["auth-config"].secrets.$delete(param({ id })), "Failed to delete secrets");
