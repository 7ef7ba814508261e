// Manage Server Access: which servers a token may call, as a react-hook-form field.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { assignTokenServers, tokensQuery, type TokenInfo } from "@/api/tokens";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ServerChecklist } from "./server-checklist";

const schema = z.object({ serverIds: z.array(z.string()) });
type Values = z.infer<typeof schema>;

type Props = { token: TokenInfo | null; onClose: () => void };

export function ManageAccessDialog({ token, onClose }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { serverIds: [] } });
  // Each token opens with its own assignments.
  useEffect(() => form.reset({ serverIds: token?.serverAssignments.map((a) => a.serverId) ?? [] }), [token, form]);
  const update = useMutation({
    mutationFn: ({ serverIds }: Values) => assignTokenServers(token!.id, serverIds),
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
        <form onSubmit={form.handleSubmit((values) => update.mutate(values))} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Manage Server Access</DialogTitle>
            <DialogDescription>Choose the servers {token?.name || "Unnamed Token"} can call.</DialogDescription>
          </DialogHeader>
          <Controller
            control={form.control}
            name="serverIds"
            render={({ field }) => <ServerChecklist selected={field.value} onChange={field.onChange} idPrefix="access-server" />}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Updating..." : "Update Access"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
