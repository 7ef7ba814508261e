// Create-token dialog: optional name (default: the server name plus 'Token') and expiry
// in days; the token is created assigned to this server and then shown once.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createToken, expiryFromDays, tokensQuery } from "@/api/tokens";
import { CreateSecretDialog } from "@/components/create-secret-dialog";
import { Field } from "@/components/field";
import { Input } from "@/components/ui/input";
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
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", expiryDays: "" } });
  const { errors } = form.formState;
  return (
    <CreateSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="Create New Token"
      description="The token is assigned to this server; MCP clients send it to call the server."
      submit={{ label: "Create Token", pending: "Creating..." }}
      create={(v: Values) =>
        createToken({
          name: v.name || `${serverName} Token`,
          expiresAt: expiryFromDays(Number(v.expiryDays) || undefined),
          serverIds: [serverId],
        })
      }
      refreshes={tokensQuery.queryKey}
      toasts={{ success: "Token created and assigned to server", failure: "Failed to create token" }}
      onCreated={({ token, tokenInfo }) => onCreated(tokenInfo?.id, token)}
    >
      <Field id="wizard-token-name" label="Token name (optional)" error={errors.name?.message}>
        {(control) => <Input {...control} placeholder={`${serverName} Token`} {...form.register("name")} />}
      </Field>
      <Field id="wizard-token-expiry" label="Expires in days (optional)" error={errors.expiryDays?.message}>
        {(control) => (
          <Input {...control} inputMode="numeric" placeholder="Leave empty for no expiration" {...form.register("expiryDays")} />
        )}
      </Field>
    </CreateSecretDialog>
  );
}
