// Access tokens: list, generate, assign servers, revoke, rotate.
import { queryOptions } from "@tanstack/react-query";
import { api, call, param } from "./client";
import type { z } from "zod";
import type { newToken, tokenInfo } from "../../../worker/tokens/schemas";

export type TokenInfo = z.output<typeof tokenInfo>;
export type IssuedToken = z.output<typeof newToken>;

export const tokensQuery = queryOptions({
  queryKey: ["access-tokens"],
  queryFn: () => call(api["access-tokens"].$get(), "Failed to load tokens"),
});

/** Revoked when inactive, expired when expiresAt is past; only the rest can be changed. */
export const isExpired = (t: TokenInfo, now = Date.now()) => !!t.expiresAt && new Date(t.expiresAt).getTime() <= now;
export const isUsable = (t: TokenInfo) => t.isActive && !isExpired(t);

/** Expiry in days from now (a day is 24 h), or null for none. */
export const expiryFromDays = (days: number | undefined, now = Date.now()) =>
  days ? new Date(now + days * 24 * 60 * 60 * 1000).toISOString() : null;

export const createToken = (input: { name?: string | null; expiresAt?: string | null; serverIds?: string[] }) =>
  call(api["access-tokens"].$post({ json: input }), "Failed to generate token");

export const assignTokenServers = (id: string, serverIds: string[]) =>
  call(api["access-tokens"][":id"].servers.$post({ ...param({ id }), json: { serverIds } }), "Failed to update assignments");

export const revokeToken = (id: string) => call(api["access-tokens"][":id"].$delete(param({ id })), "Failed to revoke token");

export const rotateToken = (id: string) => call(api["access-tokens"][":id"].rotate.$post(param({ id })), "Failed to rotate token");
