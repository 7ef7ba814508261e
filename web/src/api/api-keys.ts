// Portal API keys: list, create (the key is answered once) and revoke; session only.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { apiKeyInfo, newApiKey } from "../../../worker/api-keys/schemas";

export type ApiKeyScope = ApiKeyInfo["scopes"][number];
/** The scopes in the order the form lists them: every scope the worker knows, checked below. */
export const API_KEY_SCOPES = ["read", "servers", "deploy"] as const satisfies readonly ApiKeyScope[];
const everyScope: Exclude<ApiKeyScope, (typeof API_KEY_SCOPES)[number]> extends never ? true : false = true;
void everyScope;
export type ApiKeyInfo = z.output<typeof apiKeyInfo>;
export type IssuedApiKey = z.output<typeof newApiKey>;

export const apiKeysQuery = queryOptions({
  queryKey: ["api-keys"],
  queryFn: () => apiRequest<ApiKeyInfo[]>("/api/api-keys", { fallbackError: "Failed to load API keys" }),
});

/** Expired when expiresAt is past; a revoked key shows as revoked whatever its expiry. */
export const isKeyExpired = (k: ApiKeyInfo, now = Date.now()) => !!k.expiresAt && new Date(k.expiresAt).getTime() <= now;

export const createApiKey = (input: { name: string; scopes: ApiKeyScope[]; expiresInDays: number | null }) =>
  apiRequest<IssuedApiKey>("/api/api-keys", { method: "POST", body: input, fallbackError: "Failed to create API key" });

export const revokeApiKey = (id: string) =>
  apiRequest<ApiKeyInfo>(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE", fallbackError: "Failed to revoke API key" });
