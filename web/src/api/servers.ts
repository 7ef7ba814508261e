// Servers (spec §3, §7): the list, create (upload, URL or extracted spec), delete, re-crawls.
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
  /** When a crawl last refreshed the tools, and why the last re-crawl did not (null when it did). */
  lastCrawledAt?: string | null;
  lastCrawlError?: string | null;
  baseUrl?: string | null;
  /** The description URL a server was made from (it can be synced), null for an uploaded file. */
  sourceUrl?: string | null;
  /** A description version waiting to be applied: "update available". */
  pendingVersionId?: string | null;
  toolCount?: number;
  activeToolCount?: number;
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

export type NewServerSource = { file?: File | null; url?: string; name?: string; description?: string };

/** POST /api/servers as multipart: a .json/.yaml/.yml file or a description URL, plus name and description. */
export function createServer({ file, url, name, description }: NewServerSource) {
  const form = new FormData();
  if (file) form.append("file", file);
  if (url?.trim()) form.append("url", url.trim());
  if (name?.trim()) form.append("name", name.trim());
  if (description?.trim()) form.append("description", description.trim());
  return apiRequest<Server>("/api/servers", { method: "POST", body: form, fallbackError: "Failed to create server" });
}

/** Creates a server from a crawl's extracted specification. */
export const createServerFromSpec = (input: { specId: string; name?: string; description?: string }) =>
  apiRequest<Server>("/api/servers/from-spec", { method: "POST", body: input, fallbackError: "Failed to create server" });

export const restartCrawl = (id: string) =>
  apiRequest<{ crawlId: string; urlCount: number }>(`/api/servers/${encodeURIComponent(id)}/restart-crawl`, {
    method: "POST",
    fallbackError: "Failed to restart crawl",
  });

export type CrawlFrequency = "weekly" | "monthly";

/** Turns automated re-crawls on or off; a free plan answers 403 with requiresUpgrade. */
export const setAutomatedCrawl = (id: string, enabled: boolean, frequency: CrawlFrequency) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}/automated-crawl`, {
    method: "PATCH",
    body: { enabled, frequency },
    fallbackError: "Failed to update automated crawl settings",
  });
