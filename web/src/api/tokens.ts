// Access tokens: list, generate, assign servers, revoke, rotate.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { newToken, tokenInfo } from "../../../worker/tokens/schemas";

export type TokenInfo = z.output<typeof tokenInfo>;
export type IssuedToken = z.output<typeof newToken>;

export const tokensQuery = queryOptions({
  queryKey: ["access-tokens"],
  queryFn: () => apiRequest<TokenInfo[]>("/api/access-tokens", { fallbackError: "Failed to load tokens" }),
});

/** Revoked when inactive, expired when expiresAt is past; only the rest can be changed. */
export const isExpired = (t: TokenInfo, now = Date.now()) => !!t.expiresAt && new Date(t.expiresAt).getTime() <= now;
export const isUsable = (t: TokenInfo) => t.isActive && !isExpired(t);

/** Expiry in days from now (a day is 24 h), or null for none. */
export const expiryFromDays = (days: number | undefined, now = Date.now()) =>
  days ? new Date(now + days * 24 * 60 * 60 * 1000).toISOString() : null;

export const createToken = (input: { name?: string | null; expiresAt?: string | null; serverIds?: string[] }) =>
  apiRequest<IssuedToken>("/api/access-tokens", { method: "POST", body: input, fallbackError: "Failed to generate token" });

export const assignTokenServers = (id: string, serverIds: string[]) =>
  apiRequest(`/api/access-tokens/${encodeURIComponent(id)}/servers`, {
    method: "POST",
    body: { serverIds },
    fallbackError: "Failed to update assignments",
  });

export const revokeToken = (id: string) =>
  apiRequest(`/api/access-tokens/${encodeURIComponent(id)}`, { method: "DELETE", fallbackError: "Failed to revoke token" });

export const rotateToken = (id: string) =>
  apiRequest<IssuedToken>(`/api/access-tokens/${encodeURIComponent(id)}/rotate`, {
    method: "POST",
    fallbackError: "Failed to rotate token",
  });
