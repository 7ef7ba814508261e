// The server wizard: 'Add New Server' or 'Configure {name}'. Its flow (wizard-flow.ts) runs from source
// through authentication, parameters, credentials and tools to deploy; the auth steps share one form.
import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "@/components/icons";
import { useEffect, useReducer, useState } from "react";
import { FormProvider, useWatch } from "react-hook-form";
import { errorMessage } from "@/api/client";
import { isDraft, serversQuery, type Server } from "@/api/servers";
import { Button } from "@/components/ui/button";
import { useReturnFocus } from "@/components/use-return-focus";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { draftIssues, isTokenRefusal } from "./auth-draft";
import { AuthStep } from "./auth-step";
import { CredentialsStep } from "./credentials-step";
import { DeployStep } from "./deploy-step";
import { LeaveSetupDialog } from "./leave-setup-dialog";
import { PendingUpdate } from "./description-updates";
import { ParametersStep } from "./parameters-step";
import { SourceStep } from "./source-step";
import { StepNav } from "./step-nav";
import { needsCredentials, type StepId, visibleSteps, type WizardMode } from "./steps";
import { ToolsStep } from "./tools-step";
import { useAuthDraft } from "./use-auth-draft";
import { canJump, initialWizard, isFirstStep, nextEvent, nextLabel, wizardReducer, type DraftIssues } from "./wizard-flow";

export type ServerWizardProps = { server?: Server; open: boolean; onOpenChange: (open: boolean) => void };

/** The server wizard as the servers list and a server's page open it: Add Server (create) and Configure (edit). */
export function ServerWizard({ server, open, onOpenChange }: ServerWizardProps) {
  const mode: WizardMode = server ? "edit" : "create";
  const servers = useQuery(serversQuery);
  // The server this wizard created or resumes, and the draft whose keep-or-discard question is open.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<Server | null>(null);
  const returnFocus = useReturnFocus(open);
  const current = servers.data?.find((s) => s.id === (server?.id ?? createdId));
  const leave = () => {
    setLeaving(null);
    setCreatedId(null);
    onOpenChange(false);
  };
  // Closing on a server that is still a draft asks whether to keep it.
  const close = () => (current && isDraft(current) ? setLeaving(current) : leave());
  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
        <DialogContent
          className="max-h-[92vh] overflow-y-auto sm:max-w-3xl"
          onInteractOutside={(e) => e.preventDefault()}
          onCloseAutoFocus={returnFocus}
        >
          {/* Room for the close button, which a long server name would otherwise run under. */}
          <DialogHeader className="px-6 sm:pl-0">
            <DialogTitle>{server ? `Configure ${server.name}` : "Add New Server"}</DialogTitle>
            <DialogDescription>
              {server
                ? "Change authentication, parameters and tools, then redeploy."
                : "Describe your API, configure it, and deploy an MCP server."}
            </DialogDescription>
          </DialogHeader>
          {open && <WizardBody key={server?.id ?? "new"} initial={server ?? null} mode={mode} close={close} onCreated={setCreatedId} />}
        </DialogContent>
      </Dialog>
      <LeaveSetupDialog draft={leaving} onStay={() => setLeaving(null)} onLeave={leave} />
    </>
  );
}

type BodyProps = { initial: Server | null; mode: WizardMode; close: () => void; onCreated: (id: string) => void };

function WizardBody({ initial, mode, close, onCreated }: BodyProps) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizard(mode, initial));
  const { step, error, saving } = state;
  const auth = useAuthDraft(state.server?.id ?? null, mode);
  const servers = useQuery(serversQuery);
  const server = state.server && (servers.data?.find((s) => s.id === state.server!.id) ?? state.server);
  const steps = visibleSteps(mode, auth.strategy ?? "managed", auth.authType ?? "none");
  const credentialsNeeded = !!auth.strategy && !!auth.authType && needsCredentials(auth.strategy, auth.authType);
  // The token refusal goes as soon as a token is chosen or created: it no longer holds.
  const tokenIds = useWatch({ control: auth.form.control, name: "tokenIds" });
  useEffect(() => {
    if (tokenIds?.length && isTokenRefusal(error)) dispatch({ type: "resolved" });
  }, [tokenIds, error]);

  const save = async () => {
    dispatch({ type: "saveStarted" });
    try {
      await auth.save();
      dispatch({ type: "saved" });
    } catch (e) {
      dispatch({
        type: "saveFailed",
        message: errorMessage(e, mode === "edit" ? "Failed to update authentication" : "Failed to configure authentication"),
      });
    }
  };
  const go = (issues: DraftIssues) => {
    const event = nextEvent(state, { steps, issues, credentialsNeeded });
    if (event.type === "saveStarted") return save();
    dispatch(event);
  };
  // The draft's rules run on the auth steps; the Tools step has nothing to check. The form counts as
  // submitting until the save is over, so a second click cannot start another.
  const next =
    step === "manage"
      ? () => go({})
      : auth.form.handleSubmit(
          () => go({}),
          (errors) => go(draftIssues(errors)),
        );
  const busy = saving || auth.form.formState.isSubmitting;

  return (
    <FormProvider {...auth.form}>
      <div className="min-w-0 space-y-5">
        {mode === "edit" && server && <PendingUpdate server={server} />}
        <StepNav steps={steps} current={step} canJump={(t) => canJump(state, t, steps)} onJump={(to) => dispatch({ type: "jumped", to })} />
        {step === "source" && server ? (
          <CreatedSource name={server.name} onNext={() => dispatch({ type: "jumped", to: "auth" })} />
        ) : step === "source" ? (
          <SourceStep
            onCancel={close}
            onCreated={(created) => {
              onCreated(created.id);
              dispatch({ type: "created", server: created });
            }}
          />
        ) : !server ? null : step === "manage" ? (
          <ToolsStep serverId={server.id} toolCount={server.toolCount} />
        ) : step === "deploy" ? (
          <DeployStep server={server} mode={mode} onDeleted={close} />
        ) : (
          <AuthDraftStep step={step} server={server} auth={auth} />
        )}

        {error && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        {step !== "source" && server && (
          <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
            {isFirstStep(state, steps) ? (
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
            ) : (
              <Button type="button" variant="outline" onClick={() => dispatch({ type: "wentBack", steps })} disabled={busy}>
                Back
              </Button>
            )}
            {step === "deploy" ? (
              <Button type="button" onClick={close}>
                {mode === "create" ? "Finish" : "Close"}
              </Button>
            ) : (
              <Button type="button" onClick={next} disabled={busy || (!auth.ready && step !== "manage")}>
                {saving && <Loader2 className="animate-spin" aria-hidden />}
                {saving ? "Saving..." : nextLabel(step, credentialsNeeded)}
              </Button>
            )}
          </div>
        )}
      </div>
    </FormProvider>
  );
}

/** The source step of a server already created: where it came from, and on to its configuration. */
function CreatedSource({ name, onNext }: { name: string; onNext: () => void }) {
  return (
    <div className="space-y-4">
      <p className="rounded-md border bg-muted/40 p-4 text-sm">
        <span className="font-medium">{name}</span> was created from this source. Continue with its configuration.
      </p>
      <div className="flex justify-end">
        <Button type="button" onClick={onNext}>
          Next: Configure Authentication
        </Button>
      </div>
    </div>
  );
}

/** The steps of the auth draft (authentication, parameters, credentials), once the draft has loaded. */
function AuthDraftStep({ step, server, auth }: { step: StepId; server: Server; auth: ReturnType<typeof useAuthDraft> }) {
  if (auth.loadError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800"
      >
        <span>{auth.loadError}</span>
        <Button type="button" variant="outline" size="sm" onClick={auth.retry}>
          Retry
        </Button>
      </div>
    );
  }
  if (!auth.ready || !auth.analysis) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Analyzing authentication...
      </p>
    );
  }
  if (step === "auth")
    return <AuthStep analysis={auth.analysis} serverId={server.id} serverName={server.name} onPassthrough={auth.choosePassthrough} />;
  if (step === "tools") return <ParametersStep dynamic={auth.dynamic} kinds={auth.kinds} />;
  if (auth.authType && auth.authType !== "none") {
    return <CredentialsStep authType={auth.authType} saved={auth.saved} onDeleteSaved={auth.deleteSecrets} deleting={auth.deleting} />;
  }
  return null;
}
