// One server: name, token control, description, version, endpoints, status, calls, deployment, Configure.
import { Link } from "@tanstack/react-router";
import { Activity, Settings } from "@/components/icons";
import { endpointCount, isDraft, type Server } from "@/api/servers";
import type { TokenInfo } from "@/api/tokens";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { CustomDomainButton } from "@/features/domains/custom-domain-dialog";
import { formatNumber } from "@/lib/format";
import { AuthBadge } from "./auth-badge";
import { DeploymentBox } from "./deployment-box";
import { TokenAccessControl } from "./token-access-control";

type Props = { server: Server; calls: number; tokens: TokenInfo[] | undefined; tokensFailed?: boolean; onConfigure: () => void };

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  hibernated: "Paused (Plan Limit)",
  stopped: "Stopped",
  failed: "Failed",
  removed: "Removed",
};

/** What each status says, beside the deployment box below it (whether clients can reach the server). */
const STATUS_MEANINGS: Record<string, string> = {
  active: "Within the plan's limits; whether clients can call it is its deployment's state",
  hibernated: "Paused by a plan limit: calls are refused until the plan allows it again",
};

export function ServerCard({ server, calls, tokens, tokensFailed, onConfigure }: Props) {
  const paused = server.status === "hibernated";
  const draft = !paused && isDraft(server);
  const titleId = `server-${server.id}-name`;
  return (
    <Card className="h-full gap-4" aria-labelledby={titleId}>
      <CardHeader className="grid-cols-[1fr_auto]">
        {/* The name wraps between words beside the badges; only a word longer than the card is broken. */}
        <CardTitle id={titleId} className="min-w-0 text-base break-words hyphens-auto">
          <h2>{server.name}</h2>
        </CardTitle>
        <div className="col-start-2 row-start-1 flex items-center gap-1">
          {server.authConfig && <AuthBadge auth={server.authConfig} />}
          <CustomDomainButton server={server} />
          <TokenAccessControl server={server} tokens={tokens} loadFailed={tokensFailed} />
        </div>
        <p className="col-span-2 line-clamp-2 text-sm text-muted-foreground">{server.description || "No description"}</p>
        {server.pendingVersionId && (
          <button
            type="button"
            onClick={onConfigure}
            className="col-span-2 w-fit rounded-full border border-blue-300 bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800 hover:bg-blue-100"
            aria-label={`Update available for ${server.name}: review it`}
          >
            Update available
          </button>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Version</dt>
          <dd>{server.version || "—"}</dd>
          <dt className="text-muted-foreground">Endpoints</dt>
          <dd>{endpointCount(server)}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge
              title={STATUS_MEANINGS[server.status]}
              aria-describedby={`${titleId}-status`}
              variant="outline"
              className={
                paused
                  ? "border-orange-300 bg-orange-50 text-orange-800"
                  : server.status === "active"
                    ? "border-green-300 bg-green-50 text-green-800"
                    : ""
              }
            >
              {STATUS_LABELS[server.status] ?? server.status}
            </Badge>
            <span id={`${titleId}-status`} className="sr-only">
              {STATUS_MEANINGS[server.status]}
            </span>
          </dd>
          <dt className="text-muted-foreground">Usage this month</dt>
          <dd title="Calls that reached the API count; calls refused before it (no token, invalid arguments) are in the call log but not counted">
            {formatNumber(calls)} calls
          </dd>
        </dl>
        {draft && (
          <p role="note" className="rounded-md border border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
            <span className="font-medium">Draft:</span> its setup was left before authentication was saved.
          </p>
        )}
        {paused && (
          <p role="note" className="rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-800">
            This server has been paused due to plan limits. Upgrade your plan to resume.
          </p>
        )}
        <DeploymentBox deployment={server.deployment} />
      </CardContent>
      <CardFooter className="mt-auto gap-2">
        <Button asChild className="flex-1" variant="outline">
          <Link to="/servers/$serverId" params={{ serverId: server.id }} aria-label={`Calls of ${server.name}`}>
            <Activity /> Calls
          </Link>
        </Button>
        {paused ? (
          <Button className="flex-1" variant="outline" disabled>
            Paused
          </Button>
        ) : draft ? (
          <Button className="flex-1" onClick={onConfigure} aria-label={`Resume setup of ${server.name}`}>
            <Settings /> Resume setup
          </Button>
        ) : (
          <Button className="flex-1" variant="outline" onClick={onConfigure} aria-label={`Configure ${server.name}`}>
            <Settings /> Configure
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
