// Credentials step (managed only): fields per auth type in the wizard's draft form, masked saved
// secrets, and deleting them.
import { useFormContext } from "react-hook-form";
import type { AuthConfig, AuthType, Secrets } from "@/api/auth-config";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { AuthDraft } from "./auth-draft";

const FIELDS: Record<Exclude<AuthType, "none">, { key: keyof Secrets; label: string; secret: boolean }[]> = {
  bearer: [{ key: "token", label: "Bearer Token", secret: true }],
  apiKey: [{ key: "key", label: "API Key", secret: true }],
  basic: [
    { key: "username", label: "Username", secret: false },
    { key: "password", label: "Password", secret: true },
  ],
  oauth2: [
    { key: "clientId", label: "Client ID", secret: false },
    { key: "clientSecret", label: "Client Secret", secret: true },
  ],
};

type Props = {
  authType: Exclude<AuthType, "none">;
  saved: AuthConfig | null;
  onDeleteSaved: () => void;
  deleting: boolean;
};

export function CredentialsStep({ authType, saved, onDeleteSaved, deleting }: Props) {
  const { register } = useFormContext<AuthDraft>();
  const masked = saved?.authType === authType ? saved.maskedSecrets : {};
  const hasSaved = Object.values(masked).some(Boolean);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        The credentials Toolport sends to the API. They are stored encrypted and never shown again.
        {hasSaved && " Leave a field blank to keep the current value."}
      </p>
      {FIELDS[authType].map((f) => (
        <Field
          key={f.key}
          id={`secret-${f.key}`}
          label={f.label}
          hint={
            masked[f.key] && (
              <>
                Saved: <code>{masked[f.key]}</code>
              </>
            )
          }
        >
          {(control) => (
            <Input
              {...control}
              type={f.secret ? "password" : "text"}
              autoComplete="off"
              placeholder={masked[f.key] ? `Current: ${masked[f.key]}` : f.label}
              {...register(`secrets.${f.key}`)}
            />
          )}
        </Field>
      ))}
      {hasSaved && (
        <Button type="button" variant="outline" size="sm" onClick={onDeleteSaved} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete saved secrets"}
        </Button>
      )}
    </div>
  );
}
