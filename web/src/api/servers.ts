// Servers (spec §3, §7): the list and delete; tolerant of fields the API may not send yet.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export type DeploymentStatus = "generated" | "deploying" | "deployed" | "failed";
export type Deployment = {
  id?: string;
  status: DeploymentStatus | string;
  deploymentUrl?: string | null;
  error?: string | null;
  updatedAt?: string | null;
  cloudflareDeploymentId?: string | null;
  cloudflareProjectId?: string | null;
};
/** The card's auth badge summary as GET /api/servers answers it (authType/authStrategy accepted too). */
export type AuthSummary = {
  type?: string;
  strategy?: string | null;
  authType?: string;
  authStrategy?: string | null;
  accessControl?: "public" | "toolport-login" | "access-token" | string;
  status?: string | null;
  exposeToPublic?: boolean | null;
  requireToolportLogin?: boolean | null;
  updatedAt?: string | null;
};
export type Server = {
  id: string;
  name: string;
  description?: string | null;
  version?: string | null;
  slug?: string;
  endpoints?: unknown[] | number | null;
  status: "active" | "hibernated" | "stopped" | "failed" | "removed" | string;
  deployment?: Deployment | null;
  authConfig?: AuthSummary | null;
  automatedCrawlEnabled?: boolean;
  automatedCrawlFrequency?: string | null;
  originalCrawlUrl?: string | null;
};

export const serversQuery = queryOptions({
  queryKey: ["servers"],
  queryFn: async () => (await apiRequest<Server[]>("/api/servers", { fallbackError: "Failed to load servers" })) ?? [],
});

/** Endpoints come as a list (spec §3); a count is accepted too. */
export const endpointCount = (s: Pick<Server, "endpoints">) =>
  Array.isArray(s.endpoints) ? s.endpoints.length : typeof s.endpoints === "number" ? s.endpoints : 0;

export const deleteServer = (id: string) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}`, { method: "DELETE", fallbackError: "Failed to delete server" });
