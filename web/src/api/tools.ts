// A server's tools (spec §7): the mappings, per-tool and bulk toggles, and the plan's active-tool limit.
import { queryOptions } from "@tanstack/react-query";
import type { Subscription } from "./billing";
import { apiRequest } from "./client";

export type JsonSchema = { type?: string | string[]; description?: string; properties?: Record<string, JsonSchema>; required?: string[] };
export type Tool = {
  name: string;
  title?: string | null;
  description?: string | null;
  active: boolean;
  inputSchema: JsonSchema;
  endpoint?: { method?: string; path?: string; summary?: string | null } | null;
};

/** Spec §9: the active-tool limit when the plan is unknown. */
export const DEFAULT_MAX_TOOLS = 10;

export const toolLimitMessage = (max: number) =>
  `Tool limit reached: your current plan allows ${max} active tools per server. Please disable other tools first or upgrade your plan.`;
export const bulkLimitMessage = (max: number, available: number) =>
  `Cannot enable all tools: your current plan allows ${max} active tools per server. You have ${available} slots available. Please upgrade your plan or enable tools individually.`;

export const mappingsQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "mappings"],
    queryFn: async () => (await apiRequest<Tool[]>(`/api/servers/${encodeURIComponent(id)}/mappings`, { fallbackError: "Failed to fetch tools" })) ?? [],
  });

/** The plan's maxToolsPerServer, read from the subscription. */
export const maxToolsOf = (subscription: Subscription | null | undefined) => subscription?.plan?.features?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS;

export const setToolActive = (id: string, toolName: string, active: boolean) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}/tools`, { method: "PATCH", body: { toolName, active }, fallbackError: "Failed to update tool status" });

/** Bulk toggle in one call (the API accepts toolNames beside the spec's single toolName). */
export const setToolsActive = (id: string, toolNames: string[], active: boolean, fallbackError: string) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}/tools`, { method: "PATCH", body: { toolNames, active }, fallbackError });
