// Portal API keys: list, create (the key is answered once) and revoke; session only.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export const API_KEY_SCOPES = ["read", "servers", "deploy"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export type ApiKeyInfo = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
};
export type IssuedApiKey = { key: string; apiKey: ApiKeyInfo };

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
