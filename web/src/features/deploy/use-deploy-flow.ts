// The deploy modal's flow: the state machine of ./deploy-machine driven by the API. While deploying,
// React Query polls the status with its progress log (every 5 s for the first 24 polls, then every
// 10 s, at most 180).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { errorMessage } from "@/api/client";
import { apiConfigQuery, cancelDeployment, deployServer, deploymentQuery, fetchDeployment } from "@/api/deployment";
import { notificationsQuery } from "@/api/notifications";
import { serversQuery } from "@/api/servers";
import { deployReducer, initialDeployState } from "./deploy-machine";
import { pollDelay } from "./deploy-timing";

export type { DeployStep } from "./deploy-machine";

/** `neverDeployed`: the server list says it has no deployment, so the status is not asked for (it would answer 404). */
export function useDeployFlow(serverId: string, open: boolean, neverDeployed = false) {
  const queryClient = useQueryClient();
  const apiConfig = useQuery({ ...apiConfigQuery(serverId), enabled: open });
  const [state, dispatch] = useReducer(deployReducer, undefined, () => initialDeployState());
  // The API's base URL typed in the config step, for a server whose description named none.
  const [baseUrl, setBaseUrl] = useState("");
  // Run numbers are handed out here, so the answers of a run's requests name the run they belong to.
  const runs = useRef(0);

  /** Loads the current status and moves to the step it calls for. */
  const load = useCallback(
    async (run: number) => {
      try {
        const view = neverDeployed ? null : await queryClient.fetchQuery({ ...deploymentQuery(serverId), staleTime: 0 });
        dispatch({ type: "loaded", run, view, now: Date.now() });
      } catch (err) {
        dispatch({ type: "loadFailed", run, error: errorMessage(err, "Failed to get deployment status") });
      }
    },
    [queryClient, serverId, neverDeployed],
  );

  useEffect(() => {
    if (!open) return;
    const run = ++runs.current;
    dispatch({ type: "opened", run, now: Date.now() });
    void load(run);
    return () => dispatch({ type: "closed", run: ++runs.current });
  }, [open, load]);

  // Polling while deploying: one query per run, refetched on React Query's interval.
  const { run } = state;
  const polling = open && state.step === "deploying";
  const pollKey = ["deployment", serverId, "poll", run] as const;
  useQuery({
    queryKey: pollKey,
    queryFn: async () => {
      try {
        const view = await fetchDeployment(serverId);
        dispatch({ type: "polled", run, view });
        return view;
      } catch (err) {
        dispatch({ type: "pollFailed", run });
        throw err;
      }
    },
    enabled: polling,
    // The status was just read: the first poll comes one interval later.
    initialData: null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // Counted from the query's own answers, so the next delay is set the moment a poll answers.
    refetchInterval: (query) => pollDelay(query.state.dataUpdateCount + query.state.errorUpdateCount),
    refetchIntervalInBackground: true,
  });

  // A deployment that ended changes the server list's status.
  useEffect(() => {
    if (state.finished === 0) return;
    void queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
    // Its end is also a notification.
    void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  }, [queryClient, state.finished]);

  const deploy = useCallback(async () => {
    const run = ++runs.current;
    dispatch({ type: "deployRequested", run, now: Date.now() });
    try {
      const config = apiConfig.data && { ...apiConfig.data, baseUrl: apiConfig.data.baseUrl ?? (baseUrl.trim() || null) };
      dispatch({ type: "deployAnswered", run, view: await deployServer(serverId, config) });
    } catch (err) {
      dispatch({ type: "deployFailed", run, error: errorMessage(err, "Failed to deploy MCP server") });
    }
  }, [apiConfig.data, baseUrl, serverId]);

  const cancel = useCallback(async () => {
    dispatch({ type: "cancelRequested" });
    try {
      await cancelDeployment(serverId);
    } catch (err) {
      return dispatch({ type: "cancelFailed", error: errorMessage(err, "Failed to cancel deployment") });
    }
    const run = ++runs.current;
    dispatch({ type: "reloading", run });
    await Promise.all([load(run), queryClient.invalidateQueries({ queryKey: apiConfigQuery(serverId).queryKey })]);
    void queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
    dispatch({ type: "cancelSettled" });
  }, [load, queryClient, serverId]);

  return {
    step: state.step,
    deployment: state.view,
    apiConfig,
    baseUrl,
    setBaseUrl,
    error: state.error,
    startedAt: state.startedAt,
    pollFailed: state.pollFailed,
    cancelling: state.cancelling,
    cancelError: state.cancelError,
    deploy,
    cancel,
  };
}
