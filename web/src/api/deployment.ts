// Deployment: status (polled while a deployment runs), API configuration, deploy and cancel.
import { queryOptions } from "@tanstack/react-query";
import { api, ApiError, call, client, param } from "./client";
import type { z } from "zod";
import type { apiConfig, deployment } from "../../../worker/deploy/schemas";

/** GET /api/servers/{id}/deployment as worker/deploy/deploy.ts answers it. */
export type DeploymentView = z.output<typeof deployment>;
export type DeploymentState = DeploymentView["status"];
export type DeploymentLogEntry = DeploymentView["log"][number];
/** GET /api/servers/{id}/api-config: what the deployed server sends upstream, secrets masked. */
export type ApiConfig = z.output<typeof apiConfig>;

/** Generated (code ready, not yet handed to the host) and deploying are both still under way. */
export const inProgress = (view: DeploymentView | null | undefined) => view?.status === "deploying" || view?.status === "generated";

/** The latest deployment of a server, or null when it has none (404). */
export async function fetchDeployment(serverId: string): Promise<DeploymentView | null> {
  try {
    return await call(api.servers[":id"].deployment.$get(param({ id: serverId })), "Failed to get deployment status");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const deploymentQuery = (serverId: string) =>
  queryOptions({ queryKey: ["deployment", serverId], queryFn: () => fetchDeployment(serverId) });

export const apiConfigQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["api-config", serverId],
    queryFn: () => call(api.servers[":id"]["api-config"].$get(param({ id: serverId })), "Failed to load API configuration"),
  });

/** Starts a deploy (or redeploy) through the hosting provider: answers at once, usually deploying (a job that runs on). */
export const deployServer = (serverId: string, apiConfig: ApiConfig | undefined) =>
  call(
    api.servers[":id"].deploy.cloudflare.$post({
      ...param({ id: serverId }),
      json: {
        apiConfig: apiConfig
          ? { ...(apiConfig.baseUrl ? { baseUrl: apiConfig.baseUrl } : {}), authType: apiConfig.authType, headers: apiConfig.headers }
          : {},
      },
    }),
    "Failed to deploy MCP server",
  );

/** Cancels a running deployment. The spec's path has no /api prefix. */
export const cancelDeployment = (serverId: string) =>
  call(client.servers[":id"].deployment.$delete(param({ id: serverId })), "Failed to cancel deployment");
