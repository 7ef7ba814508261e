// Manage Server Access: which servers a token may call.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { assignTokenServers, tokensQuery, type TokenInfo } from "@/api/tokens";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ServerChecklist } from "./server-checklist";

type Props = { token: TokenInfo | null; onClose: () => void };

export function ManageAccessDialog({ token, onClose }: Props) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setSelected(token?.serverAssignments.map((a) => a.serverId) ?? []), [token]);
  const update = useMutation({
    mutationFn: () => assignTokenServers(token!.id, selected),
    onSuccess: () => {
      toast.success("Server assignments updated successfully");
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to update assignments")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }),
  });

  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Server Access</DialogTitle>
          <DialogDescription>Choose the servers {token?.name || "Unnamed Token"} can call.</DialogDescription>
        </DialogHeader>
        <ServerChecklist selected={selected} onChange={setSelected} idPrefix="access-server" />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button onClick={() => update.mutate()} disabled={update.isPending}>
            {update.isPending ? "Updating..." : "Update Access"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
