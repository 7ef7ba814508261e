// The deploy flow (config, deploying and deployed steps for one server), shown in its own dialog or
// inline where a dialog is already open (the wizard's Deploy step).
import type { Server } from "@/api/servers";
import { useReturnFocus } from "@/components/use-return-focus";
import { freshTokenFor } from "../tokens/fresh-tokens";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ConfigStep } from "./config-step";
import { DeployedStep } from "./deployed-step";
import { DeployingStep } from "./deploying-step";
import { useDeployFlow } from "./use-deploy-flow";

type Props = { server: Server; open: boolean; onOpenChange: (open: boolean) => void };

/** The flow's steps for a server while `open`; `onClose` ends it (Cancel, Close). */
export function DeployFlow({ server, open, onClose }: { server: Server; open: boolean; onClose: () => void }) {
  const flow = useDeployFlow(server.id, open, !server.deployment);
  const auth = server.authConfig;
  const strategy = flow.apiConfig.data?.authStrategy ?? auth?.authStrategy;
  const authType = flow.apiConfig.data?.authType ?? auth?.authType;
  return (
    <>
      {flow.step === "loading" && <p className="text-sm text-muted-foreground">Loading deployment status...</p>}
      {flow.step === "config" && (
        <ConfigStep
          deployment={flow.deployment}
          apiConfig={flow.apiConfig}
          baseUrl={flow.baseUrl}
          onBaseUrl={flow.setBaseUrl}
          error={flow.error}
          onDeploy={flow.deploy}
          onCancel={onClose}
        />
      )}
      {flow.step === "deploying" && (
        <DeployingStep
          deployment={flow.deployment}
          startedAt={flow.startedAt}
          pollFailed={flow.pollFailed}
          cancelling={flow.cancelling}
          cancelError={flow.cancelError}
          onCancel={flow.cancel}
        />
      )}
      {flow.step === "deployed" && flow.deployment && (
        <DeployedStep
          deployment={flow.deployment}
          client={{
            serverName: server.name,
            isPublic: Boolean(auth?.exposeToPublic),
            passthroughAuthType: strategy === "passthrough" ? authType : null,
            accessToken: freshTokenFor(server.id),
          }}
          onRedeploy={flow.deploy}
          onClose={onClose}
        />
      )}
    </>
  );
}

export function DeployModal({ server, open, onOpenChange }: Props) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" onCloseAutoFocus={returnFocus}>
        {/* Room for the close button, which a long server name would otherwise run under. */}
        <DialogHeader className="px-6 sm:pl-0">
          <DialogTitle>Deploy {server.name}</DialogTitle>
          <DialogDescription>Generate the MCP server from its tools and configuration and publish it.</DialogDescription>
        </DialogHeader>
        <DeployFlow server={server} open={open} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
