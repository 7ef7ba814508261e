// Create API key: a name, the scopes and an optional expiry in days; the new key is then shown once.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope, apiKeysQuery, createApiKey } from "@/api/api-keys";
import { errorMessage } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { tokenFields } from "../tokens/token-fields";

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "read: list and read servers, tools, crawls and deployments",
  servers: "servers: create, import, configure and delete servers, and assign existing access tokens to them",
  deploy: "deploy: deploy and redeploy servers (also needed to apply a description, sync or re-crawl a deployed server)",
};

const schema = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(100, "At most 100 characters"),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, "Choose at least one scope"),
  expiryDays: tokenFields.expiryDays,
});
type Values = z.infer<typeof schema>;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (key: string) => void };

export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", scopes: ["read"], expiryDays: "" } });
  // Each opening starts blank: a cancelled draft and its errors do not come back.
  useEffect(() => {
    if (open) form.reset();
  }, [open, form]);
  const create = useMutation({
    mutationFn: (v: Values) => createApiKey({ name: v.name, scopes: v.scopes, expiresInDays: Number(v.expiryDays) || null }),
    onSuccess: ({ key }) => {
      toast.success("API key created successfully");
      onOpenChange(false);
      onCreated(key);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to create API key")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((v) => create.mutate(v))} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Create API key</DialogTitle>
            <DialogDescription>API keys let scripts and CI call the portal&apos;s API as your organization.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="api-key-name">Name</Label>
            <Input id="api-key-name" placeholder="GitHub Actions" {...form.register("name")} aria-invalid={!!errors.name} />
            {errors.name && <p className="text-sm text-destructive">{errors.name.message}</p>}
          </div>
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium">Scopes</legend>
            <Controller
              control={form.control}
              name="scopes"
              render={({ field }) => (
                <div className="space-y-2">
                  {API_KEY_SCOPES.map((scope) => (
                    <div key={scope} className="flex items-center gap-2">
                      <Checkbox
                        id={`api-key-scope-${scope}`}
                        checked={field.value.includes(scope)}
                        onCheckedChange={(on) => field.onChange(on ? [...field.value, scope] : field.value.filter((s) => s !== scope))}
                      />
                      <Label htmlFor={`api-key-scope-${scope}`} className="font-normal">{SCOPE_LABELS[scope]}</Label>
                    </div>
                  ))}
                </div>
              )}
            />
            {errors.scopes && <p className="text-sm text-destructive">{errors.scopes.message}</p>}
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor="api-key-expiry">Expires in (days)</Label>
            <Input
              id="api-key-expiry"
              inputMode="numeric"
              placeholder="Leave empty for no expiration"
              aria-invalid={!!errors.expiryDays}
              {...form.register("expiryDays")}
            />
            {errors.expiryDays && <p className="text-sm text-destructive">{errors.expiryDays.message}</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create API key"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
