// One access token: name, badges, times, assigned servers and (when usable) its actions.
import { RefreshCw, Server, Trash2 } from "@/components/icons";
import { isExpired, isUsable, type TokenInfo } from "@/api/tokens";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";

type Props = { token: TokenInfo; onManage: () => void; onRotate: () => void; onRevoke: () => void };

export function TokenRow({ token, onManage, onRotate, onRevoke }: Props) {
  const name = token.name || "Unnamed Token";
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium">{name}</h2>
          {token.prefix && <code className="text-xs text-muted-foreground">{token.prefix}…</code>}
          {!token.isActive && <Badge variant="destructive">Revoked</Badge>}
          {token.isActive && isExpired(token) && <Badge variant="secondary">Expired</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          Created {formatDateTime(token.createdAt)} · Last used {formatDateTime(token.lastUsedAt)} · Expires{" "}
          {formatDateTime(token.expiresAt)}
        </p>
        {token.serverAssignments.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={`Servers assigned to ${name}`}>
            {token.serverAssignments.map((a) => (
              <li key={a.serverId}>
                <Badge variant="outline">{a.serverName}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      {isUsable(token) && (
        <div className="flex shrink-0 gap-1">
          <Button variant="outline" size="sm" onClick={onManage} aria-label={`Manage server access for ${name}`}>
            <Server /> Servers
          </Button>
          <Button variant="outline" size="sm" onClick={onRotate} aria-label={`Rotate ${name}`}>
            <RefreshCw /> Rotate
          </Button>
          <Button variant="outline" size="sm" className="text-destructive" onClick={onRevoke} aria-label={`Revoke ${name}`}>
            <Trash2 /> Revoke
          </Button>
        </div>
      )}
    </li>
  );
}
