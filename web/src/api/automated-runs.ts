// A server's automated re-crawls or description syncs: the schedule and what the recent runs changed.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { automatedRun, automatedSchedule } from "../../../worker/automated-runs/schemas";
import { api, call, param } from "./client";

export type AutomatedSchedule = z.output<typeof automatedSchedule>;
export type AutomatedRun = z.output<typeof automatedRun>;

/** Polled every 3 s while a run is under way. */
export const automatedRunsQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "automated-runs"],
    queryFn: () => call(api.servers[":id"]["automated-runs"].$get(param({ id: serverId })), "Failed to load the automated runs"),
    refetchInterval: (query) => (query.state.data?.runs[0]?.outcome === "running" ? 3000 : false),
  });
