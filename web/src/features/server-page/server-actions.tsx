// The server page's actions: Configure (the wizard), Edit details, Deploy or Redeploy (the deploy dialog) and Delete.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Pencil, Rocket, Settings, Trash2 } from "@/components/icons";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { deleteServer, serversQuery, type Server } from "@/api/servers";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { DeployModal } from "@/features/deploy/deploy-modal";
import { ServerWizard } from "@/features/wizard/server-wizard";
import { EditDetailsDialog } from "./edit-details-dialog";

export function ServerActions({ server }: { server: Server }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<"configure" | "details" | "deploy" | "delete" | null>(null);
  const paused = server.status === "hibernated";
  const deployed = !!server.deployment;
  const remove = useMutation({
    mutationFn: () => deleteServer(server.id),
    onSuccess: async () => {
      toast.success("Server deleted successfully");
      queryClient.removeQueries({ queryKey: ["servers", server.id] });
      await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
      void navigate({ to: "/servers" });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to delete server")),
  });
  const setOpenFor = (which: typeof open) => (isOpen: boolean) => setOpen(isOpen ? which : null);

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setOpen("configure")} disabled={paused}>
        <Settings aria-hidden /> Configure
      </Button>
      <Button variant="outline" onClick={() => setOpen("details")}>
        <Pencil aria-hidden /> Edit details
      </Button>
      <Button onClick={() => setOpen("deploy")} disabled={paused}>
        <Rocket aria-hidden /> {deployed ? "Redeploy" : "Deploy"}
      </Button>
      <Button
        variant="outline"
        className="border-red-300 text-red-700 hover:bg-red-50"
        onClick={() => setOpen("delete")}
        disabled={remove.isPending}
      >
        <Trash2 aria-hidden /> {remove.isPending ? "Deleting..." : "Delete"}
      </Button>
      <ServerWizard server={server} open={open === "configure"} onOpenChange={setOpenFor("configure")} />
      <EditDetailsDialog server={server} open={open === "details"} onOpenChange={setOpenFor("details")} />
      <DeployModal server={server} open={open === "deploy"} onOpenChange={setOpenFor("deploy")} />
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={setOpenFor("delete")}
        title="Delete server"
        message={`Are you sure you want to delete "${server.name}"? This action cannot be undone and will permanently remove the server and all its configurations.`}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
