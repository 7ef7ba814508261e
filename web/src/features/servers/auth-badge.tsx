// A server's auth badge; hovering or focusing it shows type, strategy, status, access control and last update.
import { Lock, LockOpen } from "lucide-react";
import type { AuthSummary } from "@/api/servers";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatDateTime } from "@/lib/format";

const TYPE_LABELS: Record<string, string> = {
  none: "None",
  bearer: "Bearer Token",
  apiKey: "API Key",
  basic: "Basic Auth",
  oauth2: "OAuth2",
  oauthClientCreds: "OAuth Client Credentials",
  oauthCode: "OAuth Authorization Code",
};

const ACCESS_LABELS: Record<string, string> = {
  public: "Public",
  "toolport-login": "Toolport login required",
  "access-token": "Access token required",
};
const accessControl = (auth: AuthSummary) =>
  ACCESS_LABELS[auth.accessControl ?? (auth.exposeToPublic ? "public" : auth.requireToolportLogin ? "toolport-login" : "access-token")] ??
  auth.accessControl;

export function AuthBadge({ auth }: { auth: AuthSummary }) {
  const rawType = auth.type ?? auth.authType ?? "none";
  const type = TYPE_LABELS[rawType] ?? rawType;
  const Icon = rawType === "none" ? LockOpen : Lock;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="secondary" tabIndex={0} aria-label={`Authentication: ${type}`} className="cursor-default">
          <Icon aria-hidden /> {type}
        </Badge>
      </TooltipTrigger>
      <TooltipContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
          <dt>Type:</dt>
          <dd>{type}</dd>
          <dt>Strategy:</dt>
          <dd>{auth.strategy ?? auth.authStrategy ?? "—"}</dd>
          <dt>Status:</dt>
          <dd>{auth.status ?? "—"}</dd>
          <dt>Access control:</dt>
          <dd>{accessControl(auth)}</dd>
          <dt>Last updated:</dt>
          <dd>{formatDateTime(auth.updatedAt, "—")}</dd>
        </dl>
      </TooltipContent>
    </Tooltip>
  );
}
