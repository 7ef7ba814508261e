// A server's tools: the mappings, per-tool and bulk toggles, the plan's active-tool limit, renames.
import { queryOptions } from "@tanstack/react-query";
import type { Subscription } from "./billing";
import { apiRequest } from "./client";

export type JsonSchema = { type?: string | string[]; description?: string; properties?: Record<string, JsonSchema>; required?: string[] };
export type Tool = {
  name: string;
  title?: string | null;
  description?: string | null;
  /** The user's rename and description, listed to MCP clients instead of name and description. */
  customName?: string | null;
  customDescription?: string | null;
  active: boolean;
  /** Left out in the summary (servers of thousands of tools). */
  inputSchema?: JsonSchema;
  endpoint?: { method?: string; path?: string; summary?: string | null; tags?: string[] } | null;
};

/** The active-tool limit when the plan is unknown. */
export const DEFAULT_MAX_TOOLS = 10;

export const toolLimitMessage = (max: number) =>
  `Tool limit reached: your current plan allows ${max} active tools per server. Please disable other tools first or upgrade your plan.`;
export const bulkLimitMessage = (max: number, available: number) =>
  `Cannot enable all tools: your current plan allows ${max} active tools per server. You have ${available} slots available. Please upgrade your plan or enable tools individually.`;

/** Over this many tools the Tools step reads the summary (no input schemas): the list stays a few MB. */
export const SUMMARY_OVER_TOOLS = 2000;

export const mappingsQuery = (id: string, view: "full" | "summary" = "full") =>
  queryOptions({
    queryKey: ["servers", id, "mappings", view],
    queryFn: async () =>
      (await apiRequest<Tool[]>(`/api/servers/${encodeURIComponent(id)}/mappings${view === "summary" ? "?view=summary" : ""}`, { fallbackError: "Failed to fetch tools" })) ?? [],
  });

/** The plan's maxToolsPerServer, read from the subscription. */
export const maxToolsOf = (subscription: Subscription | null | undefined) => subscription?.plan?.features?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS;

export const setToolActive = (id: string, toolName: string, active: boolean) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}/tools`, { method: "PATCH", body: { toolName, active }, fallbackError: "Failed to update tool status" });

/** Bulk toggle in one call (the API accepts toolNames beside the spec's single toolName). */
export const setToolsActive = (id: string, toolNames: string[], active: boolean, fallbackError: string) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}/tools`, { method: "PATCH", body: { toolNames, active }, fallbackError });

/** The name MCP clients see. */
export const shownName = (tool: Tool) => tool.customName || tool.name;

export const MAX_TOOL_DESCRIPTION_CHARS = 2000;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Why a new tool name cannot be used (the rules MCP clients accept, unique in the server), or null. */
export function toolNameError(name: string, tool: Tool, tools: Tool[]): string | null {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed === tool.name) return null;
  if (!TOOL_NAME.test(trimmed)) return "A tool name may only contain letters, digits, '_' and '-', and be 1 to 64 characters long.";
  if (tools.some((t) => t.name !== tool.name && shownName(t) === trimmed)) return `Another tool of this server is already named ${trimmed}. Tool names must be unique within a server.`;
  return null;
}

/** Renames a tool and/or rewrites its description; empty values restore the imported ones. */
export const updateTool = (id: string, toolName: string, change: { name: string; description: string }) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}/tools`, { method: "PATCH", body: { toolName, ...change }, fallbackError: "Failed to save the tool" });

export type ToolMode = "direct" | "search";
/** How the tools reach a model, and the largest answer (UTF-8 bytes) one call returns. */
export type ToolSettings = { toolMode: ToolMode; maxResponseBytes: number };
export const DEFAULT_RESPONSE_BYTES = 100_000;

export const toolModeQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "tool-mode"],
    queryFn: async (): Promise<ToolSettings> => {
      const data = await apiRequest<Partial<ToolSettings>>(`/api/servers/${encodeURIComponent(id)}/tool-mode`, { fallbackError: "Failed to read the tool mode" });
      return { toolMode: data?.toolMode ?? "direct", maxResponseBytes: data?.maxResponseBytes ?? DEFAULT_RESPONSE_BYTES };
    },
  });

/** Changes the tool mode and/or the response budget (both apply at the next deploy); answers both. */
export const saveToolSettings = (id: string, change: Partial<ToolSettings>) =>
  apiRequest<ToolSettings>(`/api/servers/${encodeURIComponent(id)}/tool-mode`, { method: "PATCH", body: change, fallbackError: "Failed to save the tool settings" });
