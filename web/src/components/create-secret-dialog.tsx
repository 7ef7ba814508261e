// Creating a secret that is shown once (an access token, an API key): a dialog with the caller's fields,
// one submit, a toast either way, and the list refreshed before the new secret is handed over.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

type Props<V extends FieldValues, R> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: UseFormReturn<V>;
  title: string;
  description: ReactNode;
  /** The submit button's label, and its label while the secret is being created. */
  submit: { label: string; pending: string };
  create: (values: V) => Promise<R>;
  /** The list the new secret joins. */
  refreshes: QueryKey;
  toasts: { success: string; failure: string };
  onCreated: (created: R) => void;
  /** The form's fields. */
  children: ReactNode;
};

/** The dialog that creates an access token or an API key; each opening starts blank. */
export function CreateSecretDialog<V extends FieldValues, R>({
  open,
  onOpenChange,
  form,
  title,
  description,
  submit,
  create,
  refreshes,
  toasts,
  onCreated,
  children,
}: Props<V, R>) {
  const queryClient = useQueryClient();
  // A cancelled draft and its errors do not come back.
  useEffect(() => {
    if (open) form.reset();
  }, [open, form]);
  const mutation = useMutation({
    mutationFn: create,
    onSuccess: async (created) => {
      toast.success(toasts.success);
      await queryClient.invalidateQueries({ queryKey: refreshes });
      onOpenChange(false);
      onCreated(created);
    },
    onError: (error) => {
      toast.error(errorMessage(error, toasts.failure));
      void queryClient.invalidateQueries({ queryKey: refreshes });
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? submit.pending : submit.label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
