// The server wizard (spec §2, §4): 'Add New Server' or 'Configure {name}', its steps, the jump rules
// and the flow from source through authentication, parameters, credentials and tools to deploy.
import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/api/client";
import { serversQuery, type Server } from "@/api/servers";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ServerWizardProps } from "../servers/wizard-slot";
import { missingCredentials, missingValues, staticValuesMessage, TOKEN_REQUIRED_MESSAGE, type AuthDraft } from "./auth-draft";
import { AuthStep } from "./auth-step";
import { CredentialsStep } from "./credentials-step";
import { DeployStep } from "./deploy-step";
import { PendingUpdate } from "./description-updates";
import { ParametersStep } from "./parameters-step";
import { SourceStep } from "./source-step";
import { StepNav } from "./step-nav";
import { canJumpTo, needsCredentials, nextStep, previousStep, visibleSteps, type StepId, type WizardMode } from "./steps";
import { ToolsStep } from "./tools-step";
import { useAuthDraft } from "./use-auth-draft";

export function ServerWizard({ server, open, onOpenChange }: ServerWizardProps) {
  const mode: WizardMode = server ? "edit" : "create";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-3xl" onInteractOutside={(e) => e.preventDefault()}>
        {/* Room for the close button, which a long server name would otherwise run under. */}
        <DialogHeader className="px-6 sm:pl-0">
          <DialogTitle>{server ? `Configure ${server.name}` : "Add New Server"}</DialogTitle>
          <DialogDescription>
            {server ? "Change authentication, parameters and tools, then redeploy." : "Describe your API, configure it, and deploy an MCP server."}
          </DialogDescription>
        </DialogHeader>
        {open && <WizardBody key={server?.id ?? "new"} initial={server ?? null} mode={mode} close={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const NEXT_LABELS: Partial<Record<StepId, string>> = {
  auth: "Next: Configure Parameters",
  config: "Next: Manage Tools",
  manage: "Next: Deploy Server",
};

function WizardBody({ initial, mode, close }: { initial: Server | null; mode: WizardMode; close: () => void }) {
  const [created, setCreated] = useState<Server | null>(initial);
  const [step, setStep] = useState<StepId>(mode === "edit" ? "auth" : "source");
  const [completed, setCompleted] = useState<Set<StepId>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const auth = useAuthDraft(created?.id ?? null, mode);
  const servers = useQuery(serversQuery);
  const server = created && (servers.data?.find((s) => s.id === created.id) ?? created);
  const draft = auth.draft;
  const steps = visibleSteps(mode, draft?.strategy ?? "managed", draft?.authType ?? "none");

  const go = (target: StepId, markDone = true) => {
    if (markDone) setCompleted((c) => new Set(c).add(step));
    setError(null);
    setStep(target);
  };

  const finalize = async () => {
    setSaving(true);
    setError(null);
    try {
      await auth.save();
      go("manage");
    } catch (e) {
      setError(errorMessage(e, mode === "edit" ? "Failed to update authentication" : "Failed to configure authentication"));
    } finally {
      setSaving(false);
    }
  };

  /** The first rule of spec §5 broken on `step` or a step before it (edit mode can jump past them), and where to fix it. */
  const problem = (draft: AuthDraft): { step: StepId; message: string } | null => {
    const reached = (s: StepId) => steps.includes(s) && steps.indexOf(s) <= steps.indexOf(step);
    if (reached("auth") && draft.strategy === "managed" && draft.tokenIds.length === 0) return { step: "auth", message: TOKEN_REQUIRED_MESSAGE[mode] };
    const missing = missingValues(draft);
    if (reached("tools") && missing.length) return { step: "tools", message: staticValuesMessage(missing) };
    const credentials = reached("config") ? missingCredentials(draft, auth.saved) : null;
    return credentials ? { step: "config", message: credentials } : null;
  };

  const next = () => {
    if (!draft) return;
    const found = step === "auth" || step === "tools" || step === "config" ? problem(draft) : null;
    if (found) {
      if (found.step !== step) go(found.step, false);
      return setError(found.message);
    }
    if (step === "tools") return needsCredentials(draft.strategy, draft.authType) ? go("config") : finalize();
    if (step === "config") return finalize();
    go(nextStep(step, steps));
  };

  const nextLabel =
    step === "tools" ? (draft && needsCredentials(draft.strategy, draft.authType) ? "Next: Configure Credentials" : "Next: Manage Tools") : NEXT_LABELS[step];
  const firstStep = steps[0] === step || (mode === "create" && step === "auth");

  return (
    <div className="min-w-0 space-y-5">
      {mode === "edit" && server && <PendingUpdate server={server} />}
      <StepNav steps={steps} current={step} canJump={(t) => !!server && canJumpTo(t, { mode, current: step, completed, steps })} onJump={(t) => go(t, false)} />
      {step === "source" && server ? (
        <div className="space-y-4">
          <p className="rounded-md border bg-muted/40 p-4 text-sm">
            <span className="font-medium">{server.name}</span> was created from this source. Continue with its configuration.
          </p>
          <div className="flex justify-end">
            <Button type="button" onClick={() => go("auth", false)}>Next: Configure Authentication</Button>
          </div>
        </div>
      ) : step === "source" ? (
        <SourceStep
          onCancel={close}
          onCreated={(s) => {
            setCreated(s);
            go("auth");
          }}
        />
      ) : !server ? null : step === "manage" ? (
        <ToolsStep serverId={server.id} toolCount={server.toolCount} />
      ) : step === "deploy" ? (
        <DeployStep server={server} mode={mode} onDeleted={close} />
      ) : auth.loadError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          <span>{auth.loadError}</span>
          <Button type="button" variant="outline" size="sm" onClick={auth.retry}>Retry</Button>
        </div>
      ) : !draft || !auth.analysis ? (
        <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Analyzing authentication...
        </p>
      ) : step === "auth" ? (
        <AuthStep analysis={auth.analysis} draft={draft} serverId={server.id} serverName={server.name} onType={auth.setType} onStrategy={auth.setStrategy} onTokens={auth.setTokens} />
      ) : step === "tools" ? (
        <ParametersStep staticParams={draft.staticParams} dynamic={auth.dynamic} values={draft.values} onValue={auth.setValue} onMakeStatic={auth.makeStatic} onMakeDynamic={auth.makeDynamic} />
      ) : draft.authType !== "none" ? (
        <CredentialsStep authType={draft.authType} secrets={draft.secrets} saved={auth.saved} onSecret={auth.setSecret} onDeleteSaved={auth.deleteSecrets} deleting={auth.deleting} />
      ) : null}

      {error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">{error}</p>
      )}
      {step !== "source" && server && (
        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
          {firstStep ? (
            <Button type="button" variant="outline" onClick={close}>Cancel</Button>
          ) : (
            <Button type="button" variant="outline" onClick={() => go(previousStep(step, steps), false)} disabled={saving}>Back</Button>
          )}
          {step === "deploy" ? (
            <Button type="button" onClick={close}>{mode === "create" ? "Finish" : "Close"}</Button>
          ) : (
            <Button type="button" onClick={next} disabled={saving || (!draft && step !== "manage")}>
              {saving && <Loader2 className="animate-spin" aria-hidden />}
              {saving ? "Saving..." : nextLabel}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
