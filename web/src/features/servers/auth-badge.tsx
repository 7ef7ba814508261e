// A server's auth badge; hovering or focusing it shows type, strategy, status, access control and last update.
import { Lock, LockOpen } from "@/components/icons";
import type { AuthSummary } from "@/api/servers";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatDateTime } from "@/lib/format";

const TYPE_LABELS: Record<AuthSummary["authType"], string> = {
  none: "None",
  bearer: "Bearer Token",
  apiKey: "API Key",
  basic: "Basic Auth",
  oauth2: "OAuth2",
  oauthClientCreds: "OAuth Client Credentials",
  oauthCode: "OAuth Authorization Code",
};

const ACCESS_LABELS: Record<AuthSummary["accessControl"], string> = {
  public: "Public",
  "toolport-login": "Toolport login required",
  "access-token": "Access token required",
};

export function AuthBadge({ auth }: { auth: AuthSummary }) {
  const type = TYPE_LABELS[auth.authType];
  const Icon = auth.authType === "none" ? LockOpen : Lock;
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
          <dd>{auth.authStrategy}</dd>
          <dt>Status:</dt>
          <dd>{auth.status}</dd>
          <dt>Access control:</dt>
          <dd>{ACCESS_LABELS[auth.accessControl]}</dd>
          <dt>Last updated:</dt>
          <dd>{formatDateTime(auth.updatedAt, "—")}</dd>
        </dl>
      </TooltipContent>
    </Tooltip>
  );
}
