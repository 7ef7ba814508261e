// Portal API keys: list, create (the key is answered once) and revoke; session only.
import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { api, call, param } from "./client";
import type { z } from "zod";
import type { apiKeyInfo, newApiKey } from "../../../worker/api-keys/schemas";

export type ApiKeyScope = ApiKeyInfo["scopes"][number];
/** Every scope the worker knows, in the order the form lists them. */
export { API_KEY_SCOPES } from "../../../worker/lib/choices";
export type ApiKeyInfo = z.output<typeof apiKeyInfo>;
export type IssuedApiKey = z.output<typeof newApiKey>;
export type NewApiKey = InferRequestType<(typeof api)["api-keys"]["$post"]>["json"];

export const apiKeysQuery = queryOptions({
  queryKey: ["api-keys"],
  queryFn: () => call(api["api-keys"].$get(), "Failed to load API keys"),
});

/** Expired when expiresAt is past; a revoked key shows as revoked whatever its expiry. */
export const isKeyExpired = (k: ApiKeyInfo, now = Date.now()) => !!k.expiresAt && new Date(k.expiresAt).getTime() <= now;

export const createApiKey = (input: NewApiKey) => call(api["api-keys"].$post({ json: input }), "Failed to create API key");

export const revokeApiKey = (id: string) => call(api["api-keys"][":id"].$delete(param({ id })), "Failed to revoke API key");
