// Create API key: a name, the scopes and an optional expiry in days; the new key is then shown once.
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope, apiKeysQuery, createApiKey } from "@/api/api-keys";
import { CreateSecretDialog } from "@/components/create-secret-dialog";
import { Field } from "@/components/field";
import { Checkbox } from "@/components/ui/checkbox";
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
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", scopes: ["read"], expiryDays: "" } });
  const { errors } = form.formState;
  return (
    <CreateSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      title="Create API key"
      description="API keys let scripts and CI call the portal's API as your organization."
      submit={{ label: "Create API key", pending: "Creating..." }}
      create={(v: Values) => createApiKey({ name: v.name, scopes: v.scopes, expiresInDays: Number(v.expiryDays) || null })}
      refreshes={apiKeysQuery.queryKey}
      toasts={{ success: "API key created successfully", failure: "Failed to create API key" }}
      onCreated={({ key }) => onCreated(key)}
    >
      <Field id="api-key-name" label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} placeholder="GitHub Actions" {...form.register("name")} />}
      </Field>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Scopes</legend>
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => <ScopeChecklist selected={field.value} onChange={field.onChange} />}
        />
        {errors.scopes && (
          <p role="alert" className="text-sm text-destructive">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
      <Field id="api-key-expiry" label="Expires in (days)" error={errors.expiryDays?.message}>
        {(control) => (
          <Input {...control} inputMode="numeric" placeholder="Leave empty for no expiration" {...form.register("expiryDays")} />
        )}
      </Field>
    </CreateSecretDialog>
  );
}

/** One checkbox per scope, each with what it allows. */
function ScopeChecklist({ selected, onChange }: { selected: ApiKeyScope[]; onChange: (scopes: ApiKeyScope[]) => void }) {
  return (
    <div className="space-y-2">
      {API_KEY_SCOPES.map((scope) => (
        <div key={scope} className="flex items-center gap-2">
          <Checkbox
            id={`api-key-scope-${scope}`}
            checked={selected.includes(scope)}
            onCheckedChange={(on) => onChange(on ? [...selected, scope] : selected.filter((s) => s !== scope))}
          />
          <Label htmlFor={`api-key-scope-${scope}`} className="font-normal">
            {SCOPE_LABELS[scope]}
          </Label>
        </div>
      ))}
    </div>
  );
}
