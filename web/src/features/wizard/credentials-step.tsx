// Credentials step (spec §2, managed only): fields per auth type, masked saved secrets, and deleting them.
import type { AuthConfig, AuthType, Secrets } from "@/api/auth-config";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

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
  secrets: Secrets;
  saved: AuthConfig | null;
  onSecret: (key: keyof Secrets, value: string) => void;
  onDeleteSaved: () => void;
  deleting: boolean;
};

export function CredentialsStep({ authType, secrets, saved, onSecret, onDeleteSaved, deleting }: Props) {
  const masked = saved?.authType === authType ? saved.maskedSecrets : {};
  const hasSaved = Object.values(masked).some(Boolean);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        The credentials Toolport sends to the API. They are stored encrypted and never shown again.
        {hasSaved && " Leave a field blank to keep the current value."}
      </p>
      {FIELDS[authType].map((f) => (
        <div key={f.key} className="space-y-2">
          <Label htmlFor={`secret-${f.key}`}>{f.label}</Label>
          <Input
            id={`secret-${f.key}`}
            type={f.secret ? "password" : "text"}
            autoComplete="off"
            value={secrets[f.key] ?? ""}
            placeholder={masked[f.key] ? `Current: ${masked[f.key]}` : f.label}
            onChange={(e) => onSecret(f.key, e.target.value)}
          />
          {masked[f.key] && <p className="text-xs text-muted-foreground">Saved: <code>{masked[f.key]}</code></p>}
        </div>
      ))}
      {hasSaved && (
        <Button type="button" variant="outline" size="sm" onClick={onDeleteSaved} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete saved secrets"}
        </Button>
      )}
    </div>
  );
}
