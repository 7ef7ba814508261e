// A server's tools: the mappings, per-tool and bulk toggles, the plan's active-tool limit, renames.
import { queryOptions } from "@tanstack/react-query";
import type { Subscription } from "./billing";
import { api, call, param } from "./client";
import type { z } from "zod";
import { TOOL_NAME_MESSAGE, TOOL_NAME_PATTERN } from "../../../worker/lib/messages";
import type { toolMapping, toolSettings } from "../../../worker/servers/schemas";

export type JsonSchema = { type?: string | string[]; description?: string; properties?: Record<string, JsonSchema>; required?: string[] };
/** A tool as GET /api/servers/{id}/mappings answers it (the summary leaves out inputSchema), its JSON Schema read as the fields the SPA uses. */
export type Tool = Omit<z.output<typeof toolMapping>, "inputSchema"> & { inputSchema?: JsonSchema };

/** The active-tool limit when the plan is unknown. */
export const DEFAULT_MAX_TOOLS = 10;

export { bulkLimitMessage, MAX_TOOL_DESCRIPTION_CHARS, TOOL_DESCRIPTION_MESSAGE, toolLimitMessage } from "../../../worker/lib/messages";

/** Over this many tools the Tools step reads the summary (no input schemas): the list stays a few MB. */
export const SUMMARY_OVER_TOOLS = 2000;

export const mappingsQuery = (id: string, view: "full" | "summary" = "full") =>
  queryOptions({
    queryKey: ["servers", id, "mappings", view],
    queryFn: async () =>
      ((await call(
        api.servers[":id"].mappings.$get({ ...param({ id }), query: view === "summary" ? { view } : {} }),
        "Failed to fetch tools",
      )) ?? []) as Tool[],
  });

/** The plan's maxToolsPerServer, read from the subscription. */
export const maxToolsOf = (subscription: Subscription | null | undefined) =>
  subscription?.plan?.features?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS;

export const setToolActive = (id: string, toolName: string, active: boolean) =>
  call(api.servers[":id"].tools.$patch({ ...param({ id }), json: { toolName, active } }), "Failed to update tool status");

/** Bulk toggle in one call (the API accepts toolNames beside the spec's single toolName). */
export const setToolsActive = (id: string, toolNames: string[], active: boolean, fallbackError: string) =>
  call(api.servers[":id"].tools.$patch({ ...param({ id }), json: { toolNames, active } }), fallbackError);

/** The name MCP clients see. */
export const shownName = (tool: Tool) => tool.customName || tool.name;

/** Why a new tool name cannot be used (the rules MCP clients accept, unique in the server), or null. */
export function toolNameError(name: string, tool: Tool, tools: Tool[]): string | null {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed === tool.name) return null;
  if (!TOOL_NAME_PATTERN.test(trimmed)) return TOOL_NAME_MESSAGE;
  if (tools.some((t) => t.name !== tool.name && shownName(t) === trimmed))
    return `Another tool of this server is already named ${trimmed}. Tool names must be unique within a server.`;
  return null;
}

/** Renames a tool and/or rewrites its description; empty values restore the imported ones. */
export const updateTool = (id: string, toolName: string, change: { name: string; description: string }) =>
  call(api.servers[":id"].tools.$patch({ ...param({ id }), json: { toolName, ...change } }), "Failed to save the tool");

export type ToolMode = ToolSettings["toolMode"];
/** How the tools reach a model, and the largest answer (UTF-8 bytes) one call returns. */
export type ToolSettings = z.output<typeof toolSettings>;
export const DEFAULT_RESPONSE_BYTES = 100_000;

export const toolModeQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id, "tool-mode"],
    queryFn: async (): Promise<ToolSettings> => {
      const data: Partial<ToolSettings> | undefined = await call(
        api.servers[":id"]["tool-mode"].$get(param({ id })),
        "Failed to read the tool mode",
      );
      return { toolMode: data?.toolMode ?? "direct", maxResponseBytes: data?.maxResponseBytes ?? DEFAULT_RESPONSE_BYTES };
    },
  });

/** Changes the tool mode and/or the response budget (both apply at the next deploy); answers both. */
export const saveToolSettings = (id: string, change: Partial<ToolSettings>) =>
  call(api.servers[":id"]["tool-mode"].$patch({ ...param({ id }), json: change }), "Failed to save the tool settings");
