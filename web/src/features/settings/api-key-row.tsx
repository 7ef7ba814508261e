// One portal API key: name, prefix, scopes, times, a revoked or expired badge and (while usable) Revoke.
import { Trash2 } from "@/components/icons";
import { type ApiKeyInfo, isKeyExpired } from "@/api/api-keys";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";

type Props = { apiKey: ApiKeyInfo; onRevoke: () => void };

export function ApiKeyRow({ apiKey, onRevoke }: Props) {
  const revoked = apiKey.revokedAt !== null;
  const expired = !revoked && isKeyExpired(apiKey);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium">{apiKey.name}</h2>
          <code className="text-xs text-muted-foreground">{apiKey.prefix}…</code>
          {revoked && <Badge variant="destructive">Revoked</Badge>}
          {expired && <Badge variant="secondary">Expired</Badge>}
        </div>
        <ul className="flex flex-wrap gap-1" aria-label={`Scopes of ${apiKey.name}`}>
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline">{scope}</Badge>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          Created {formatDateTime(apiKey.createdAt)} · Last used {formatDateTime(apiKey.lastUsedAt)} · Expires{" "}
          {formatDateTime(apiKey.expiresAt)}
        </p>
      </div>
      {!revoked && !expired && (
        <Button variant="outline" size="sm" className="shrink-0 text-destructive" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
          <Trash2 /> Revoke
        </Button>
      )}
    </li>
  );
}
