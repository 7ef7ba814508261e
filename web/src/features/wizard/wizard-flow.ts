// The server wizard's flow as a reducer: which step shows, which are done, the message to fix and
// whether the auth draft is being saved. Every move is a named event; WizardBody renders the state.
import type { Server } from "@/api/servers";
import { canJumpTo, nextStep, previousStep, type StepId, type WizardMode } from "./steps";

export type WizardState = {
  mode: WizardMode;
  step: StepId;
  /** Steps left with Next (or the source that created the server); create mode may jump back to them. */
  completed: StepId[];
  /** The server being configured: the one edited, or the one the source step created. */
  server: Server | null;
  error: string | null;
  saving: boolean;
};

export type WizardEvent =
  | { type: "created"; server: Server }
  | { type: "jumped"; to: StepId }
  | { type: "wentBack"; steps: StepId[] }
  | { type: "advanced"; to: StepId }
  | { type: "refused"; step: StepId; message: string }
  | { type: "saveStarted" }
  | { type: "saved" }
  | { type: "saveFailed"; message: string }
  /** The condition the shown refusal was about no longer holds (e.g. a token is now chosen). */
  | { type: "resolved" };

/** The steps whose fields are checked by Next, with the first message each one breaks (if any). */
export type DraftIssues = Partial<Record<"auth" | "tools" | "config", string>>;

/** Where a wizard starts: the source when creating, authentication when editing. */
export function initialWizard(mode: WizardMode, server: Server | null): WizardState {
  return { mode, step: mode === "edit" ? "auth" : "source", completed: [], server, error: null, saving: false };
}

const done = (state: WizardState) => (state.completed.includes(state.step) ? state.completed : [...state.completed, state.step]);

/** The wizard's transitions; an event names what happened, the reducer says where that leads. */
export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case "created":
      return { ...state, server: event.server, completed: done(state), step: "auth", error: null };
    case "jumped":
      return { ...state, step: event.to, error: null };
    case "wentBack":
      return { ...state, step: previousStep(state.step, event.steps), error: null };
    case "advanced":
      return { ...state, completed: done(state), step: event.to, error: null };
    case "refused":
      return { ...state, step: event.step, error: event.message };
    case "saveStarted":
      return { ...state, saving: true, error: null };
    case "saved":
      return { ...state, saving: false, completed: done(state), step: "manage", error: null };
    case "saveFailed":
      return { ...state, saving: false, error: event.message };
    case "resolved":
      return { ...state, error: null };
  }
}

/**
 * What Next does on the current step: refuse with the first broken rule on this step or one before it
 * (edit mode can jump past them, so the save checks the skipped ones too), save the draft after the
 * last auth step, or move on.
 */
export function nextEvent(
  state: WizardState,
  { steps, issues, credentialsNeeded }: { steps: StepId[]; issues: DraftIssues; credentialsNeeded: boolean },
): WizardEvent {
  const { step } = state;
  if (step === "auth" || step === "tools" || step === "config") {
    const reached = (s: StepId) => steps.includes(s) && steps.indexOf(s) <= steps.indexOf(step);
    const broken = (["auth", "tools", "config"] as const).find((s) => reached(s) && issues[s]);
    if (broken) return { type: "refused", step: broken, message: issues[broken]! };
  }
  if (step === "tools") return credentialsNeeded ? { type: "advanced", to: "config" } : { type: "saveStarted" };
  if (step === "config") return { type: "saveStarted" };
  return { type: "advanced", to: nextStep(step, steps) };
}

/** Whether the step indicator may go to `target`: only once a server exists, then by the mode's rules. */
export const canJump = (state: WizardState, target: StepId, steps: StepId[]) =>
  !!state.server && canJumpTo(target, { mode: state.mode, current: state.step, completed: new Set(state.completed), steps });

const NEXT_LABELS: Partial<Record<StepId, string>> = {
  auth: "Next: Configure Parameters",
  config: "Next: Manage Tools",
  manage: "Next: Deploy Server",
};

/** The Next button's words; the parameters step names where it goes. */
export function nextLabel(step: StepId, credentialsNeeded: boolean): string | undefined {
  if (step === "tools") return credentialsNeeded ? "Next: Configure Credentials" : "Next: Manage Tools";
  return NEXT_LABELS[step];
}

/** The first step offers Cancel instead of Back (create mode counts auth as first: the server exists). */
export const isFirstStep = (state: WizardState, steps: StepId[]) =>
  steps[0] === state.step || (state.mode === "create" && state.step === "auth");
