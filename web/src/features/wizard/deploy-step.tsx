// Deploy step: the success panel, whose text follows the server's deployment, with Deploy Server opening
// the deploy flow right here (the wizard is already a dialog); Check the API, crawl management (for a
// source that can be fetched again), next steps, and in edit mode Delete Server with its confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Rocket, Trash2 } from "@/components/icons";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { deleteServer, mcpEndpoint, serversQuery, type Server } from "@/api/servers";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { DeployFlow } from "../deploy/deploy-modal";
import { CheckApiPanel } from "../try-it/check-api-panel";
import { CrawlManagement, hasRefreshableSource } from "./crawl-management";
import { DescriptionVersions } from "./description-updates";
import type { WizardMode } from "./steps";

type Props = { server: Server; mode: WizardMode; onDeleted: () => void };

export function DeployStep({ server, mode, onDeleted }: Props) {
  const queryClient = useQueryClient();
  const [deploying, setDeploying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteServer(server.id),
    onSuccess: async () => {
      toast.success("Server deleted successfully");
      await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
      onDeleted();
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to delete server")),
  });

  return (
    <div className="space-y-4">
      {deploying ? (
        <section className="space-y-3 rounded-md border p-4" aria-labelledby="deploy-flow">
          <h3 id="deploy-flow" className="font-medium">
            Deploy {server.name}
          </h3>
          <DeployFlow
            server={server}
            open={deploying}
            onClose={() => {
              setDeploying(false);
              void queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
            }}
          />
        </section>
      ) : (
        <section className="space-y-3 rounded-md border border-green-200 bg-green-50 p-4 text-green-900">
          <p className="flex items-center gap-2 font-medium">
            <CheckCircle2 className="size-5" aria-hidden /> {mode === "create" ? "Your server is configured!" : "Your server is ready"}
          </p>
          <p className="text-sm">{deploymentText(server)}</p>
          <Button type="button" onClick={() => setDeploying(true)}>
            <Rocket aria-hidden /> Deploy Server
          </Button>
        </section>
      )}
      <CheckApiPanel serverId={server.id} />
      {hasRefreshableSource(server) && <CrawlManagement server={server} />}
      {mode === "edit" && <DescriptionVersions server={server} />}
      <section className="space-y-2 rounded-md border p-4" aria-labelledby="next-steps">
        <h3 id="next-steps" className="font-medium">
          Next steps
        </h3>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>Deploy the server and copy its MCP endpoint URL.</li>
          <li>Add the server to your MCP client with the desktop-client configuration.</li>
          <li>Give the client an access token assigned to this server.</li>
          <li>Watch tool calls under Usage &amp; Billing.</li>
        </ol>
      </section>
      {mode === "edit" && (
        <section className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 p-4">
          <p className="text-sm text-muted-foreground">Deleting removes the server, its tools and its configuration.</p>
          <Button
            type="button"
            variant="outline"
            className="border-red-300 text-red-700 hover:bg-red-50"
            onClick={() => setConfirming(true)}
            disabled={remove.isPending}
          >
            <Trash2 aria-hidden /> {remove.isPending ? "Deleting..." : "Delete Server"}
          </Button>
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete server"
        message={`Are you sure you want to delete "${server.name}"? This action cannot be undone and will permanently remove the server and all its configurations.`}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}

/** What the panel says of the server's deployment as it is now. */
function deploymentText(server: Server) {
  const endpoint = mcpEndpoint(server);
  const status = server.deployment?.status;
  if (endpoint && status === "deployed") return `Deployed: MCP clients call ${endpoint}. Deploy again to publish the changes made here.`;
  if (status === "failed")
    return "The last deployment failed. Deploy again once the configuration is right; the error shows in the deploy flow.";
  if (status === "deploying" || status === "generated") return "A deployment is under way: open the deploy flow to follow it.";
  return "Deploy it to get an MCP endpoint that MCP clients can call with an access token.";
}
