// The deploy modal's state machine: loading → config → deploying → deployed, back to config on
// failure, cancel or time-out. Each open, deploy or cancel starts a run; answers of an older run are
// ignored. While the deploy call is in flight, polls only refresh the progress: its answer decides.
import { inProgress, type DeploymentView } from "@/api/deployment";
import { MAX_POLL_ATTEMPTS } from "./deploy-timing";

export type DeployStep = "loading" | "config" | "deploying" | "deployed";

export const TIMEOUT_MESSAGE = "Deployment timeout - please check status manually";

export type DeployState = {
  step: DeployStep;
  run: number;
  view: DeploymentView | null;
  error: string | null;
  startedAt: number;
  /** Polls made while deploying in this run (answered or failed). */
  polls: number;
  pollFailed: boolean;
  /** The deploy call of this run is in flight. */
  requesting: boolean;
  cancelling: boolean;
  cancelError: string | null;
  /** Counts the deployments seen to their end (deployed or failed), so the server list is refreshed. */
  finished: number;
};

export type DeployEvent =
  | { type: "opened"; run: number; now: number }
  | { type: "closed"; run: number }
  | { type: "reloading"; run: number }
  | { type: "loaded"; run: number; view: DeploymentView | null; now: number }
  | { type: "loadFailed"; run: number; error: string }
  | { type: "deployRequested"; run: number; now: number }
  | { type: "deployAnswered"; run: number; view: DeploymentView }
  | { type: "deployFailed"; run: number; error: string }
  | { type: "polled"; run: number; view: DeploymentView | null }
  | { type: "pollFailed"; run: number }
  | { type: "cancelRequested" }
  | { type: "cancelFailed"; error: string }
  | { type: "cancelSettled" };

export const initialDeployState = (now = Date.now()): DeployState => ({
  step: "loading",
  run: 0,
  view: null,
  error: null,
  startedAt: now,
  polls: 0,
  pollFailed: false,
  requesting: false,
  cancelling: false,
  cancelError: null,
  finished: 0,
});

/** The step a known deployment calls for (on open, and after a cancel). */
function settle(state: DeployState, view: DeploymentView | null, now: number): DeployState {
  if (inProgress(view))
    return { ...state, view, step: "deploying", polls: 0, startedAt: view?.startedAt ? Date.parse(view.startedAt) : now };
  return { ...state, view, step: view?.status === "deployed" ? "deployed" : "config" };
}

/** A deployment that ended: deployed, or back to config with its error. */
function finish(state: DeployState, view: DeploymentView | null): DeployState {
  const ended = { ...state, view, requesting: false, finished: state.finished + 1 };
  if (view?.status === "deployed") return { ...ended, step: "deployed" };
  return { ...ended, step: "config", error: view?.error || "Deployment failed" };
}

/** After the last poll the modal stops waiting (the deployment itself goes on). */
const limitPolls = (state: DeployState): DeployState =>
  state.polls >= MAX_POLL_ATTEMPTS ? { ...state, run: state.run + 1, step: "config", error: TIMEOUT_MESSAGE, requesting: false } : state;

export function deployReducer(state: DeployState, event: DeployEvent): DeployState {
  if (
    "run" in event &&
    event.type !== "opened" &&
    event.type !== "closed" &&
    event.type !== "reloading" &&
    event.type !== "deployRequested" &&
    event.run !== state.run
  )
    return state;
  switch (event.type) {
    case "opened":
      return { ...initialDeployState(event.now), run: event.run, view: state.view, finished: state.finished };
    case "closed":
      return { ...state, run: event.run, requesting: false };
    case "reloading":
      return { ...state, run: event.run, step: "loading", requesting: false };
    case "loaded":
      return settle(state, event.view, event.now);
    case "loadFailed":
      return { ...state, step: "config", error: event.error };
    case "deployRequested":
      return {
        ...state,
        run: event.run,
        step: "deploying",
        error: null,
        pollFailed: false,
        cancelError: null,
        startedAt: event.now,
        polls: 0,
        requesting: true,
      };
    case "deployAnswered":
      return inProgress(event.view) ? { ...state, view: event.view, requesting: false } : finish(state, event.view);
    case "deployFailed":
      return { ...state, step: "config", error: event.error, requesting: false };
    case "polled": {
      if (state.step !== "deploying") return state;
      const next = { ...state, polls: state.polls + 1, pollFailed: false };
      if (inProgress(event.view)) return limitPolls({ ...next, view: event.view });
      // While the deploy call is in flight, a finished deployment is the previous one.
      return state.requesting ? limitPolls(next) : finish(next, event.view);
    }
    case "pollFailed":
      // Tolerated: the next poll tries again.
      return state.step === "deploying" ? limitPolls({ ...state, polls: state.polls + 1, pollFailed: true }) : state;
    case "cancelRequested":
      return { ...state, cancelling: true, cancelError: null };
    case "cancelFailed":
      return { ...state, cancelling: false, cancelError: event.error };
    case "cancelSettled":
      return { ...state, cancelling: false };
  }
}
