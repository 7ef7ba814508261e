// A server card's deployment box: status, MCP endpoint and last update.
import { ExternalLink } from "@/components/icons";
import type { Deployment } from "@/api/servers";
import { formatDateTime } from "@/lib/format";

const LABELS: Record<string, string> = {
  generated: "Generated",
  deploying: "Deploying",
  deployed: "Deployed",
  failed: "Deployment failed",
};
const COLORS: Record<string, string> = {
  deployed: "border-green-200 bg-green-50",
  deploying: "border-blue-200 bg-blue-50",
  failed: "border-red-200 bg-red-50",
};

export function DeploymentBox({ deployment }: { deployment?: Deployment | null }) {
  if (!deployment) {
    return <div className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">Not deployed</div>;
  }
  const mcpUrl = deployment.deploymentUrl ? `${deployment.deploymentUrl.replace(/\/$/, "")}/mcp` : null;
  return (
    <div className={`space-y-1 rounded-md border p-3 text-sm ${COLORS[deployment.status] ?? "bg-muted/40"}`}>
      <p className="font-medium">{LABELS[deployment.status] ?? deployment.status}</p>
      {mcpUrl && deployment.status === "deployed" && (
        <a
          href={mcpUrl}
          target="_blank"
          rel="noreferrer"
          className="flex items-center gap-1 break-all text-xs underline underline-offset-2"
        >
          {mcpUrl} <ExternalLink className="size-3 shrink-0" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      {deployment.status === "failed" && deployment.error && <p className="text-xs text-red-700">{deployment.error}</p>}
      {/* A live deployment with an error can no longer run as deployed (its runtime is gone): it needs a redeploy. */}
      {deployment.status === "deployed" && deployment.error && <p className="text-xs font-medium text-amber-800">{deployment.error}</p>}
      {deployment.updatedAt && <p className="text-xs text-muted-foreground">Updated {formatDateTime(deployment.updatedAt)}</p>}
    </div>
  );
}
