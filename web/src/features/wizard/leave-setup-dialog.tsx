// Closing the wizard on a server that is still a draft: keep it (resumed from its card) or discard it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { deleteServer, serversQuery, type Server } from "@/api/servers";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

type Props = { draft: Server | null; onStay: () => void; onLeave: () => void };

export function LeaveSetupDialog({ draft, onStay, onLeave }: Props) {
  const queryClient = useQueryClient();
  const discard = useMutation({
    mutationFn: (id: string) => deleteServer(id),
    onSuccess: async (_answer, id) => {
      toast.success("Server deleted successfully");
      // The wizard closes first, and the discarded server's own queries go: nothing asks for it again.
      onLeave();
      queryClient.removeQueries({ queryKey: ["servers", id] });
      await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey, exact: true });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to delete server")),
  });
  return (
    <AlertDialog open={!!draft} onOpenChange={(open) => !open && onStay()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave setup?</AlertDialogTitle>
          <AlertDialogDescription>
            "{draft?.name}" is not configured yet. Keep it as a draft and resume its setup from its card, or discard it. A draft never
            blocks adding another server: it can be discarded there.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Continue setup</AlertDialogCancel>
          <Button variant="outline" onClick={onLeave} disabled={discard.isPending}>
            Keep draft
          </Button>
          <Button
            className="bg-destructive text-white hover:bg-destructive/90"
            onClick={() => draft && discard.mutate(draft.id)}
            disabled={discard.isPending}
          >
            {discard.isPending ? "Discarding..." : "Discard"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
