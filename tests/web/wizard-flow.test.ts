// The server wizard's flow reducer: each named event's transition, what Next chooses on each step,
// the jump rules and the Next button's words.
import { describe, expect, it } from "vitest";
import type { Server } from "@/api/servers";
import { visibleSteps } from "@/features/wizard/steps";
import {
  canJump,
  initialWizard,
  isFirstStep,
  nextEvent,
  nextLabel,
  wizardReducer,
  type WizardEvent,
  type WizardState,
} from "@/features/wizard/wizard-flow";
import * as fx from "./fixtures";

const server = fx.activeServer as unknown as Server;
const managed = visibleSteps("create", "managed", "bearer");
const passthrough = visibleSteps("create", "passthrough", "bearer");
const run = (state: WizardState, ...events: WizardEvent[]) => events.reduce(wizardReducer, state);
const TOKEN = "Managed authentication requires at least one access token of Toolport. Please select existing tokens or create a new one.";
const VALUES = "Please provide values for all static parameters: workspaceId";
const CREDENTIALS = "Managed authentication requires API credentials. Please provide the Bearer Token for the target API.";

describe("wizard flow", () => {
  it("starts at the source when creating and at authentication when editing", () => {
    expect(initialWizard("create", null)).toEqual({
      mode: "create",
      step: "source",
      completed: [],
      server: null,
      error: null,
      saving: false,
    });
    expect(initialWizard("edit", server)).toMatchObject({ mode: "edit", step: "auth", server });
  });

  it("goes to authentication once the source created the server, with the source done", () => {
    const state = run(initialWizard("create", null), { type: "created", server });
    expect(state).toMatchObject({ step: "auth", completed: ["source"], server });
  });

  it("lets the step indicator go nowhere before the server exists, then to the current, completed and earlier steps", () => {
    const start = initialWizard("create", null);
    expect(canJump(start, "source", managed)).toBe(false);
    const atAuth = run(start, { type: "created", server });
    expect(managed.filter((s) => canJump(atAuth, s, managed))).toEqual(["source", "auth"]);
    const atTools = run(atAuth, { type: "advanced", to: "tools" });
    const backAtSource = run(atTools, { type: "jumped", to: "source" });
    // Parameters was reached but not left with Next: from the source only the completed auth step is ahead.
    expect(managed.filter((s) => canJump(backAtSource, s, managed))).toEqual(["source", "auth"]);
    expect(managed.filter((s) => canJump(initialWizard("edit", server), s, visibleSteps("edit", "managed", "bearer")))).toEqual([
      "auth",
      "tools",
      "config",
      "manage",
      "deploy",
    ]);
  });

  it("refuses Next with the first rule broken on this step or an earlier one, and moves to the step that fixes it", () => {
    const atConfig = { ...initialWizard("edit", server), step: "config" as const };
    const steps = visibleSteps("edit", "managed", "bearer");
    const event = nextEvent(atConfig, { steps, issues: { tools: VALUES, config: CREDENTIALS }, credentialsNeeded: true });
    expect(event).toEqual({ type: "refused", step: "tools", message: VALUES });
    expect(run(atConfig, event)).toMatchObject({ step: "tools", error: VALUES, completed: [] });
  });

  it("ignores the rules of steps not reached yet", () => {
    const atAuth = run(initialWizard("create", null), { type: "created", server });
    expect(nextEvent(atAuth, { steps: managed, issues: { tools: VALUES, config: CREDENTIALS }, credentialsNeeded: true })).toEqual({
      type: "advanced",
      to: "tools",
    });
    expect(nextEvent(atAuth, { steps: managed, issues: { auth: TOKEN }, credentialsNeeded: true })).toEqual({
      type: "refused",
      step: "auth",
      message: TOKEN,
    });
  });

  it("goes from parameters to credentials when they are needed, and saves from parameters when not", () => {
    const atTools = run(initialWizard("create", null), { type: "created", server }, { type: "advanced", to: "tools" });
    expect(nextEvent(atTools, { steps: managed, issues: {}, credentialsNeeded: true })).toEqual({ type: "advanced", to: "config" });
    expect(nextEvent(atTools, { steps: passthrough, issues: {}, credentialsNeeded: false })).toEqual({ type: "saveStarted" });
    const atConfig = run(atTools, { type: "advanced", to: "config" });
    expect(nextEvent(atConfig, { steps: managed, issues: {}, credentialsNeeded: true })).toEqual({ type: "saveStarted" });
  });

  it("lands on Tools after a save, with the saved step done; a failed save stays with its message", () => {
    const atConfig = run(
      initialWizard("create", null),
      { type: "created", server },
      { type: "advanced", to: "tools" },
      { type: "advanced", to: "config" },
    );
    const saving = run(atConfig, { type: "refused", step: "config", message: CREDENTIALS }, { type: "saveStarted" });
    expect(saving).toMatchObject({ saving: true, error: null, step: "config" });
    expect(run(saving, { type: "saved" })).toMatchObject({
      saving: false,
      step: "manage",
      completed: ["source", "auth", "tools", "config"],
    });
    expect(run(saving, { type: "saveFailed", message: "Failed to configure authentication" })).toMatchObject({
      saving: false,
      step: "config",
      error: "Failed to configure authentication",
    });
  });

  it("moves from Tools to Deploy, and Back and jumps clear the message", () => {
    const atManage = { ...initialWizard("create", server), step: "manage" as const, error: "Old" };
    expect(nextEvent(atManage, { steps: managed, issues: { auth: TOKEN }, credentialsNeeded: true })).toEqual({
      type: "advanced",
      to: "deploy",
    });
    expect(run(atManage, { type: "wentBack", steps: managed })).toMatchObject({ step: "config", error: null });
    expect(run(atManage, { type: "wentBack", steps: passthrough })).toMatchObject({ step: "tools", error: null });
    expect(run(atManage, { type: "jumped", to: "auth" })).toMatchObject({ step: "auth", error: null });
  });

  it("words Next by where it goes and offers Cancel on the first step", () => {
    expect(nextLabel("auth", true)).toBe("Next: Configure Parameters");
    expect(nextLabel("tools", true)).toBe("Next: Configure Credentials");
    expect(nextLabel("tools", false)).toBe("Next: Manage Tools");
    expect(nextLabel("config", true)).toBe("Next: Manage Tools");
    expect(nextLabel("manage", true)).toBe("Next: Deploy Server");
    const created = run(initialWizard("create", null), { type: "created", server });
    expect(isFirstStep(created, managed)).toBe(true);
    expect(isFirstStep(run(created, { type: "advanced", to: "tools" }), managed)).toBe(false);
    expect(isFirstStep(initialWizard("edit", server), visibleSteps("edit", "managed", "bearer"))).toBe(true);
  });
});
