// The call log: a server's calls (cursor pages, filters) and statistics, read as the organization
// or, for superadmins, as any server; and its payload-recording settings.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { callLogSettings, callPage, callStats } from "../../../worker/calls/schemas";

export type CallPage = z.output<typeof callPage>;
export type CallRecord = CallPage["calls"][number];
export type CallOutcome = CallRecord["outcome"];
export type OutcomeClass = CallRecord["outcomeClass"];
export type Caller = CallRecord["caller"];
export type CallStats = z.output<typeof callStats>;
export type StatsWindow = CallStats["window"];
export type CallLogSettings = z.output<typeof callLogSettings>;

/** Whose view: the organization's own servers, or any server as a superadmin. */
export type CallLogScope = "org" | "admin";
export type CallFilters = { tool?: string; outcome?: string; caller?: string };

const base = (scope: CallLogScope, serverId: string) => `/api/${scope === "admin" ? "superadmin/" : ""}servers/${encodeURIComponent(serverId)}`;

export const callStatsQuery = (scope: CallLogScope, serverId: string, window: StatsWindow) =>
  queryOptions({
    queryKey: ["calls", scope, serverId, "stats", window],
    queryFn: () => apiRequest<CallStats>(`${base(scope, serverId)}/stats?window=${window}`, { fallbackError: "Failed to load call statistics" }),
  });

export const callsQuery = (scope: CallLogScope, serverId: string, filters: CallFilters) =>
  infiniteQueryOptions({
    queryKey: ["calls", scope, serverId, "list", filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: "25" });
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<CallPage>(`${base(scope, serverId)}/calls?${params}`, { fallbackError: "Failed to load calls" });
    },
    getNextPageParam: (page) => page.nextCursor,
  });

export const callLogSettingsQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["calls", "org", serverId, "settings"],
    queryFn: () => apiRequest<CallLogSettings>(`${base("org", serverId)}/call-log`, { fallbackError: "Failed to load call log settings" }),
  });

export const saveCallLogSettings = (serverId: string, body: Partial<Pick<CallLogSettings, "recordPayloads" | "sensitiveFields">>) =>
  apiRequest<CallLogSettings>(`${base("org", serverId)}/call-log`, { method: "PATCH", body, fallbackError: "Failed to update call log settings" });
