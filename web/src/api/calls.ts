// The call log: a server's calls (cursor pages, filters) and statistics, read as the organization
// or, for superadmins, as any server; and its payload-recording settings.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export type CallOutcome = "ok" | "invalid_arguments" | "unknown_tool" | "upstream_4xx" | "upstream_5xx" | "timeout" | "failed" | "paused" | "over_limit" | "unauthorized";
export type OutcomeClass = "ok" | "model" | "api" | "timeout" | "refused";
export type StatsWindow = "24h" | "7d" | "30d";
export type Caller = { kind: "token" | "oauth" | "public" | "anonymous"; id: string | null; name: string | null };

export type CallRecord = {
  id: string;
  at: string;
  tool: string;
  caller: Caller;
  outcome: CallOutcome;
  outcomeClass: OutcomeClass;
  upstreamStatus: number | null;
  latencyMs: number;
  gatewayMs: number;
  upstreamMs: number | null;
  requestBytes: number;
  responseBytes: number | null;
  error: string | null;
  arguments: string | null;
  result: string | null;
};
export type CallPage = { calls: CallRecord[]; nextCursor: string | null };

export type CallStats = {
  server: { id: string; name: string };
  window: StatsWindow;
  from: string;
  to: string;
  bucketMs: number;
  totals: { calls: number; errors: number; errorRate: number };
  buckets: ({ at: string } & Record<OutcomeClass, number>)[];
  tools: { tool: string; calls: number; errors: number; errorRate: number; p50Ms: number; p95Ms: number; avgGatewayMs: number; avgUpstreamMs: number | null }[];
  topErrors: { outcome: CallOutcome; outcomeClass: OutcomeClass; tool: string; error: string | null; count: number; lastAt: string }[];
  callers: (Caller & { calls: number })[];
};
export type CallLogSettings = { recordPayloads: boolean; sensitiveFields: string[]; retentionDays: number };

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
