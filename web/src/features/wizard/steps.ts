// The wizard's steps and navigation rules: which steps show, and which can be jumped to.
export const STEP_LABELS = {
  source: "Source",
  auth: "Authentication",
  tools: "Parameters",
  config: "Credentials",
  manage: "Tools",
  deploy: "Deploy",
} as const;
export type StepId = keyof typeof STEP_LABELS;
export type WizardMode = "create" | "edit";

const ORDER: StepId[] = ["source", "auth", "tools", "config", "manage", "deploy"];

/** Credentials exist only for the managed strategy with an auth type other than none. */
export const needsCredentials = (strategy: string, authType: string) => strategy === "managed" && authType !== "none";

/** The visible steps: source only when creating, config only when credentials are needed. */
export function visibleSteps(mode: WizardMode, strategy: string, authType: string): StepId[] {
  return ORDER.filter((s) => (s !== "source" || mode === "create") && (s !== "config" || needsCredentials(strategy, authType)));
}

/** The step after `step` among the visible ones (the parameters step skips credentials when not needed). */
export function nextStep(step: StepId, steps: StepId[]): StepId {
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!;
}

export function previousStep(step: StepId, steps: StepId[]): StepId {
  return steps[Math.max(steps.indexOf(step) - 1, 0)]!;
}

/** Create mode: the current, a completed or an earlier step. Edit mode: every step. */
export function canJumpTo(
  target: StepId,
  { mode, current, completed, steps }: { mode: WizardMode; current: StepId; completed: ReadonlySet<StepId>; steps: StepId[] },
) {
  if (!steps.includes(target)) return false;
  if (mode === "edit") return true;
  return target === current || completed.has(target) || steps.indexOf(target) < steps.indexOf(current);
}
