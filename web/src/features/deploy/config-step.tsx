// Deploy modal, config step: the current state, the API configuration, errors and the deploy button.
import type { UseQueryResult } from "@tanstack/react-query";
import { errorMessage } from "@/api/client";
import type { ApiConfig, DeploymentView } from "@/api/deployment";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/format";

type Props = {
  deployment: DeploymentView | null;
  apiConfig: UseQueryResult<ApiConfig>;
  baseUrl: string;
  onBaseUrl: (value: string) => void;
  error: string | null;
  onDeploy: () => void;
  onCancel: () => void;
};

function CurrentState({ deployment }: { deployment: DeploymentView | null }) {
  if (!deployment) return <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">Not deployed yet</p>;
  const deployed = deployment.status === "deployed";
  return (
    <div className={`rounded-md border p-3 text-sm ${deployed ? "border-green-200 bg-green-50" : "border-red-200 bg-red-50"}`}>
      <p className="font-medium">
        {deployed ? "Currently deployed" : deployment.status === "failed" ? "Last deployment failed" : `Status: ${deployment.status}`}
      </p>
      {deployed && deployment.deploymentUrl && <p className="text-xs break-all">{deployment.deploymentUrl}</p>}
      <p className="text-xs text-muted-foreground">Updated {formatDateTime(deployment.updatedAt)}</p>
    </div>
  );
}

/** Whether `value` is an absolute http(s) URL, as the deploy call requires. */
const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
};

function ApiConfiguration({
  query,
  baseUrl,
  onBaseUrl,
}: {
  query: UseQueryResult<ApiConfig>;
  baseUrl: string;
  onBaseUrl: (value: string) => void;
}) {
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading API configuration...</p>;
  if (query.isError) return <p className="text-sm text-red-700">{errorMessage(query.error, "Failed to load API configuration")}</p>;
  const { authType, headers } = query.data;
  const entries = Object.entries(headers ?? {});
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Base URL</dt>
      <dd className={query.data.baseUrl ? "break-all" : undefined}>
        {query.data.baseUrl ?? (
          // The description named no server: the deploy call takes the base URL instead.
          <span className="block space-y-1">
            <Input
              aria-label="Base URL"
              type="url"
              placeholder={query.data.instanceExample ?? "https://api.example.com"}
              value={baseUrl}
              onChange={(e) => onBaseUrl(e.target.value)}
            />
            <span className="block text-xs text-muted-foreground">
              {query.data.instanceExample
                ? `This API runs wherever each user installs it: its documentation shows ${query.data.instanceExample} as an example. Enter the address of yours, reachable from the internet.`
                : "The API description names no server: enter the API's base URL."}
            </span>
          </span>
        )}
      </dd>
      <dt className="text-muted-foreground">Auth type</dt>
      <dd>{authType}</dd>
      <dt className="text-muted-foreground">Headers</dt>
      <dd>
        {entries.length === 0 ? (
          "None"
        ) : (
          <ul aria-label="Headers" className="space-y-0.5 font-mono text-xs">
            {entries.map(([name, value]) => (
              <li key={name} className="break-all">
                {name}: {value}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}

export function ConfigStep({ deployment, apiConfig, baseUrl, onBaseUrl, error, onDeploy, onCancel }: Props) {
  const needsBaseUrl = apiConfig.isSuccess && !apiConfig.data.baseUrl && !isHttpUrl(baseUrl);
  const redeploy = deployment?.status === "deployed" || Boolean(deployment?.activeDeploymentId);
  const shownError = error ?? (deployment?.status === "failed" ? deployment.error || "Deployment failed" : null);
  return (
    <div className="min-w-0 space-y-4">
      <CurrentState deployment={deployment} />
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">API configuration</h3>
        <ApiConfiguration query={apiConfig} baseUrl={baseUrl} onBaseUrl={onBaseUrl} />
      </section>
      {shownError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {shownError}
        </p>
      )}
      {redeploy && (
        <p className="text-sm text-muted-foreground">
          Redeploying regenerates the MCP server with the latest code, tools and configuration.
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onDeploy} disabled={apiConfig.isPending || needsBaseUrl}>
          {redeploy ? "Redeploy MCP Server" : "Deploy MCP Server"}
        </Button>
      </div>
    </div>
  );
}
