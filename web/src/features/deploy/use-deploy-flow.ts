// The deploy modal's state machine: config → deploying → deployed, back to config on failure or
// cancel, with the status polled every 5 s for the first 24 polls, then every 10 s, at most 180.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/api/client";
import {
  apiConfigQuery,
  cancelDeployment,
  deployServer,
  deploymentQuery,
  fetchDeployment,
  inProgress,
  type DeploymentView,
} from "@/api/deployment";
import { serversQuery } from "@/api/servers";
import { MAX_POLL_ATTEMPTS, pollDelay } from "./deploy-timing";

export type DeployStep = "loading" | "config" | "deploying" | "deployed";

const TIMEOUT_MESSAGE = "Deployment timeout - please check status manually";

export function useDeployFlow(serverId: string, open: boolean) {
  const queryClient = useQueryClient();
  // The status is fetched by the flow itself (on open, while polling); this only reads the cache.
  const deployment = useQuery({ ...deploymentQuery(serverId), enabled: false });
  const apiConfig = useQuery({ ...apiConfigQuery(serverId), enabled: open });
  const [step, setStep] = useState<DeployStep>("loading");
  const [error, setError] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number>(() => Date.now());
  const [pollFailed, setPollFailed] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  // The API's base URL typed in the config step, for a server whose description named none.
  const [baseUrl, setBaseUrl] = useState("");
  // Each deploy or cancel starts a new run: answers of an older run are not acted on.
  const run = useRef(0);
  // While the deploy call is in flight, polls only refresh the progress log: the call's answer decides.
  const requesting = useRef(false);

  const store = useCallback(
    (view: DeploymentView | null) => queryClient.setQueryData(deploymentQuery(serverId).queryKey, view),
    [queryClient, serverId],
  );

  /** Moves to the step a known deployment state calls for. */
  const settle = useCallback(
    (view: DeploymentView | null) => {
      store(view);
      if (inProgress(view)) {
        setStartedAt(view?.startedAt ? Date.parse(view.startedAt) : Date.now());
        setStep("deploying");
      } else if (view?.status === "deployed") setStep("deployed");
      else setStep("config");
    },
    [store],
  );

  const finish = useCallback(
    (view: DeploymentView | null) => {
      store(view);
      void queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
      if (view?.status === "deployed") setStep("deployed");
      else {
        setError(view?.error || "Deployment failed");
        setStep("config");
      }
    },
    [queryClient, store],
  );

  /** Loads the current status and picks the step (on open, and after a cancel). */
  const reload = useCallback(async () => {
    const thisRun = ++run.current;
    try {
      const view = await queryClient.fetchQuery({ ...deploymentQuery(serverId), staleTime: 0 });
      if (run.current === thisRun) settle(view);
    } catch (err) {
      if (run.current !== thisRun) return;
      setError(errorMessage(err, "Failed to get deployment status"));
      setStep("config");
    }
  }, [queryClient, serverId, settle]);

  useEffect(() => {
    if (!open) return;
    setStep("loading");
    setError(null);
    void reload();
    return () => void ++run.current;
  }, [open, reload]);

  // Polling while deploying: 5 s apart for the first 24 polls, then 10 s, at most 180 polls.
  useEffect(() => {
    if (!open || step !== "deploying") return;
    const thisRun = run.current;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      attempts++;
      try {
        const view = await fetchDeployment(serverId);
        if (run.current !== thisRun) return;
        setPollFailed(false);
        if (inProgress(view)) store(view);
        else if (!requesting.current) return finish(view);
      } catch {
        if (run.current !== thisRun) return;
        setPollFailed(true); // tolerated: the next poll tries again
      }
      if (attempts >= MAX_POLL_ATTEMPTS) {
        run.current++;
        setError(TIMEOUT_MESSAGE);
        setStep("config");
        return;
      }
      timer = setTimeout(tick, pollDelay(attempts));
    };
    timer = setTimeout(tick, pollDelay(0));
    return () => clearTimeout(timer);
  }, [open, step, serverId, store, finish]);

  const deploy = useCallback(async () => {
    const thisRun = ++run.current;
    setError(null);
    setPollFailed(false);
    setCancelError(null);
    setStartedAt(Date.now());
    setStep("deploying");
    requesting.current = true;
    try {
      const config = apiConfig.data && { ...apiConfig.data, baseUrl: apiConfig.data.baseUrl ?? (baseUrl.trim() || null) };
      const view = await deployServer(serverId, config);
      if (run.current !== thisRun) return;
      if (inProgress(view)) store(view);
      else finish(view);
    } catch (err) {
      if (run.current !== thisRun) return;
      setError(errorMessage(err, "Failed to deploy MCP server"));
      setStep("config");
    } finally {
      if (run.current === thisRun) requesting.current = false;
    }
  }, [apiConfig.data, baseUrl, finish, serverId, store]);

  const cancel = useCallback(async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      await cancelDeployment(serverId);
      requesting.current = false;
      setStep("loading");
      await Promise.all([reload(), queryClient.invalidateQueries({ queryKey: apiConfigQuery(serverId).queryKey })]);
      void queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
    } catch (err) {
      setCancelError(errorMessage(err, "Failed to cancel deployment"));
    } finally {
      setCancelling(false);
    }
  }, [queryClient, reload, serverId]);

  return {
    step,
    deployment: deployment.data ?? null,
    apiConfig,
    baseUrl,
    setBaseUrl,
    error,
    startedAt,
    pollFailed,
    cancelling,
    cancelError,
    deploy,
    cancel,
  };
}
