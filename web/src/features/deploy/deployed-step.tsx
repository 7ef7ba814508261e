// Deploy modal, deployed step: the URLs, connecting clients by URL (OAuth), the desktop-client
// configuration, ids and last update.
import { CheckCircle2 } from "@/components/icons";
import type { DeploymentView } from "@/api/deployment";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { ConnectByUrl } from "./connect-by-url";
import { CopyButton, UrlRow } from "./copy-buttons";
import { desktopClientJson, type DesktopConfigInput } from "./desktop-config";

type Props = {
  deployment: DeploymentView;
  client: Omit<DesktopConfigInput, "mcpUrl">;
  onRedeploy: () => void;
  onClose: () => void;
};

export function DeployedStep({ deployment, client, onRedeploy, onClose }: Props) {
  const rootUrl = deployment.deploymentUrl?.replace(/(^|[^/])\/+$/, "$1") ?? "";
  const mcpUrl = deployment.mcpUrl ?? `${rootUrl}/mcp`;
  const json = desktopClientJson({ ...client, mcpUrl });
  return (
    <div className="min-w-0 space-y-4">
      <div className="flex items-center gap-2 text-green-700">
        <CheckCircle2 className="size-6" aria-hidden />
        <p className="text-lg font-semibold">Successfully Deployed!</p>
      </div>
      {deployment.redeployNeeded && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-800">
          Needs a redeploy: this server was deployed with an earlier Toolport runtime that is no longer available. Press Redeploy to serve
          it again.
        </p>
      )}
      <UrlRow label="Root URL" url={rootUrl} />
      <UrlRow label="MCP URL" url={mcpUrl} />
      <ConnectByUrl serverName={client.serverName} mcpUrl={mcpUrl} />
      <section className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium">Desktop client configuration</h3>
          <CopyButton text={json} what="Configuration" />
        </div>
        <pre aria-label="Desktop client configuration" className="max-h-56 max-w-full overflow-auto rounded-md border bg-muted p-2 text-xs">
          {json}
        </pre>
        <p className="text-xs text-muted-foreground">
          {client.accessToken && !client.isPublic
            ? "Holds the access token created during this setup, shown only now: copy the configuration before leaving. Paste it into your MCP client's configuration (Claude Desktop, Cursor, Windsurf)."
            : "Paste into your MCP client's configuration (Claude Desktop, Cursor, Windsurf) and replace the placeholders."}
        </p>
      </section>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Deployment ID</dt>
        <dd className="font-mono text-xs break-all">{deployment.cloudflareDeploymentId ?? deployment.deploymentId}</dd>
        <dt className="text-muted-foreground">Project ID</dt>
        <dd className="font-mono text-xs break-all">{deployment.cloudflareProjectId ?? "—"}</dd>
        <dt className="text-muted-foreground">Last updated</dt>
        <dd>{formatDateTime(deployment.updatedAt)}</dd>
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onRedeploy}>
          Redeploy
        </Button>
        <Button onClick={onClose}>Close</Button>
      </div>
    </div>
  );
}
