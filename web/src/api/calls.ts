// The call log: a server's calls (cursor pages, filters) and statistics, read as the organization
// or, for superadmins, as any server; and its payload-recording settings.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, call, param } from "./client";
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

/** The same read routes, as the organization or as a superadmin. */
const routesOf = (scope: CallLogScope) => (scope === "admin" ? api.superadmin.servers[":id"] : api.servers[":id"]);

export const callStatsQuery = (scope: CallLogScope, serverId: string, window: StatsWindow) =>
  queryOptions({
    queryKey: ["calls", scope, serverId, "stats", window],
    queryFn: () => call(routesOf(scope).stats.$get({ ...param({ id: serverId }), query: { window } }), "Failed to load call statistics"),
  });

export const callsQuery = (scope: CallLogScope, serverId: string, filters: CallFilters) =>
  infiniteQueryOptions({
    queryKey: ["calls", scope, serverId, "list", filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = {
        limit: "25",
        ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return call(routesOf(scope).calls.$get({ ...param({ id: serverId }), query }), "Failed to load calls");
    },
    getNextPageParam: (page) => page.nextCursor,
  });

export const callLogSettingsQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["calls", "org", serverId, "settings"],
    queryFn: () => call(api.servers[":id"]["call-log"].$get(param({ id: serverId })), "Failed to load call log settings"),
  });

export const saveCallLogSettings = (serverId: string, body: Partial<Pick<CallLogSettings, "recordPayloads" | "sensitiveFields">>) =>
  call(api.servers[":id"]["call-log"].$patch({ ...param({ id: serverId }), json: body }), "Failed to update call log settings");
