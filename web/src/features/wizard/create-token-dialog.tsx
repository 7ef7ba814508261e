// Create-token dialog: optional name (default: the server name plus 'Token') and expiry
// in days; the token is created assigned to this server and then shown once.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { createToken, expiryFromDays, tokensQuery } from "@/api/tokens";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { tokenFields } from "../tokens/token-fields";

const schema = z.object(tokenFields);
type Values = z.infer<typeof schema>;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  serverId: string;
  serverName: string;
  onCreated: (tokenId: string | undefined, token: string) => void;
};

export function CreateTokenDialog({ open, onOpenChange, serverId, serverName, onCreated }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", expiryDays: "" } });
  const create = useMutation({
    mutationFn: (v: Values) =>
      createToken({ name: v.name || `${serverName} Token`, expiresAt: expiryFromDays(Number(v.expiryDays) || undefined), serverIds: [serverId] }),
    onSuccess: async ({ token, tokenInfo }) => {
      toast.success("Token created and assigned to server");
      await queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });
      form.reset();
      onOpenChange(false);
      onCreated(tokenInfo?.id, token);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to create token")),
  });
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((v) => create.mutate(v))} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Create New Token</DialogTitle>
            <DialogDescription>The token is assigned to this server; MCP clients send it to call the server.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="wizard-token-name">Token name (optional)</Label>
            <Input id="wizard-token-name" placeholder={`${serverName} Token`} aria-invalid={!!errors.name} {...form.register("name")} />
            {errors.name && <p className="text-sm text-destructive">{errors.name.message}</p>}
          </div>
          <div className="space-y-2">
            <Label htmlFor="wizard-token-expiry">Expires in days (optional)</Label>
            <Input id="wizard-token-expiry" inputMode="numeric" placeholder="Leave empty for no expiration" aria-invalid={!!errors.expiryDays} {...form.register("expiryDays")} />
            {errors.expiryDays && <p className="text-sm text-destructive">{errors.expiryDays.message}</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" disabled={create.isPending}>{create.isPending ? "Creating..." : "Create Token"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
