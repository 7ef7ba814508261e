// Generate Token: name, expiry in days and servers; the new token is then shown once.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { createToken, expiryFromDays, tokensQuery } from "@/api/tokens";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ServerChecklist } from "./server-checklist";
import { tokenFields } from "./token-fields";

const schema = z.object({ ...tokenFields, serverIds: z.array(z.string()) });
type Values = z.infer<typeof schema>;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (token: string) => void };

export function GenerateTokenDialog({ open, onOpenChange, onCreated }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", expiryDays: "", serverIds: [] } });
  // Each opening starts blank: a cancelled draft and its errors do not come back.
  useEffect(() => {
    if (open) form.reset();
  }, [open, form]);
  const generate = useMutation({
    mutationFn: (v: Values) =>
      createToken({ name: v.name || null, expiresAt: expiryFromDays(Number(v.expiryDays) || undefined), serverIds: v.serverIds }),
    onSuccess: ({ token }) => {
      toast.success("Token generated successfully");
      onOpenChange(false);
      onCreated(token);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to generate token")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }),
  });
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((v) => generate.mutate(v))} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Generate Token</DialogTitle>
            <DialogDescription>Access tokens let MCP clients call your servers.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="token-name">Name (optional)</Label>
            <Input id="token-name" placeholder="My token" {...form.register("name")} aria-invalid={!!errors.name} />
            {errors.name && <p className="text-sm text-destructive">{errors.name.message}</p>}
          </div>
          <div className="space-y-2">
            <Label htmlFor="token-expiry">Expires in (days)</Label>
            <Input
              id="token-expiry"
              inputMode="numeric"
              placeholder="Leave empty for no expiration"
              aria-describedby={errors.expiryDays ? "token-expiry-error" : undefined}
              aria-invalid={!!errors.expiryDays}
              {...form.register("expiryDays")}
            />
            {errors.expiryDays && <p id="token-expiry-error" className="text-sm text-destructive">{errors.expiryDays.message}</p>}
          </div>
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium">Servers</legend>
            <Controller
              control={form.control}
              name="serverIds"
              render={({ field }) => (
                <ServerChecklist selected={field.value} onChange={field.onChange} idPrefix="generate-server" />
              )}
            />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" disabled={generate.isPending}>
              {generate.isPending ? "Generating..." : "Generate Token"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
