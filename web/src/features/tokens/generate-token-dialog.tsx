// Generate Token: name, expiry in days and servers; the new token is then shown once.
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { createToken, expiryFromDays, tokensQuery } from "@/api/tokens";
import { CreateSecretDialog } from "@/components/create-secret-dialog";
import { Field } from "@/components/field";
import { Input } from "@/components/ui/input";
import { ServerChecklist } from "./server-checklist";
import { tokenFields } from "./token-fields";

const schema = z.object({ ...tokenFields, serverIds: z.array(z.string()) });
type Values = z.infer<typeof schema>;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (token: string) => void };

export function GenerateTokenDialog({ open, onOpenChange, onCreated }: Props) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", expiryDays: "", serverIds: [] } });
  const { errors } = form.formState;
  return (
    <CreateSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="Generate Token"
      description="Access tokens let MCP clients call your servers."
      submit={{ label: "Generate Token", pending: "Generating..." }}
      create={(v: Values) =>
        createToken({ name: v.name || null, expiresAt: expiryFromDays(Number(v.expiryDays) || undefined), serverIds: v.serverIds })
      }
      refreshes={tokensQuery.queryKey}
      toasts={{ success: "Token generated successfully", failure: "Failed to generate token" }}
      onCreated={({ token }) => onCreated(token)}
    >
      <Field id="token-name" label="Name (optional)" error={errors.name?.message}>
        {(control) => <Input {...control} placeholder="My token" {...form.register("name")} />}
      </Field>
      <Field id="token-expiry" label="Expires in (days)" error={errors.expiryDays?.message}>
        {(control) => (
          <Input {...control} inputMode="numeric" placeholder="Leave empty for no expiration" {...form.register("expiryDays")} />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Servers</legend>
        <Controller
          control={form.control}
          name="serverIds"
          render={({ field }) => <ServerChecklist selected={field.value} onChange={field.onChange} idPrefix="generate-server" />}
        />
      </fieldset>
    </CreateSecretDialog>
  );
}
