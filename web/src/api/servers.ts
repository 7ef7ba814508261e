// Servers: the list, create (upload, URL or extracted spec), delete, re-crawls.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { crawlRestarted } from "../../../worker/crawl/schemas";
import type { authSummary, createdServer, deploymentSummary, server } from "../../../worker/servers/schemas";
import { ApiError, apiRequest } from "./client";
import { IN_REQUEST_BYTES, type ImportJob, importLargeUrl, MAX_DESCRIPTION_BYTES, TOO_LARGE_MESSAGE, uploadLargeDescription, waitForImport } from "./imports";

/** The answers as the worker declares them (worker/servers/schemas.ts): types only, no worker code in the bundle. */
export type Deployment = z.output<typeof deploymentSummary>;
export type DeploymentStatus = Deployment["status"];
/** The card's auth badge summary as GET /api/servers answers it. */
export type AuthSummary = z.output<typeof authSummary>;
export type Server = z.output<typeof server>;
export type CreatedServer = z.output<typeof createdServer>;

export const serversQuery = queryOptions({
  queryKey: ["servers"],
  queryFn: async () => (await apiRequest<Server[]>("/api/servers", { fallbackError: "Failed to load servers" })) ?? [],
});

/** One server (GET /api/servers/{id}); an unknown id is a 404, not retried. */
export const serverQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id],
    queryFn: () => apiRequest<Server>(`/api/servers/${encodeURIComponent(id)}`, { fallbackError: "Failed to load the server" }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    // The route's loader already asked: a failure is shown (with Retry when it can help), not asked again on mount.
    retryOnMount: false,
  });

/** A draft: a server created at Source whose setup never got as far as saving its authentication (nor deploying). */
export const isDraft = (server: Pick<Server, "authConfig" | "deployment">) =>
  (!server.authConfig || server.authConfig.status === "not_configured") && !server.deployment;

/** A server's MCP endpoint, once a deployment has published it. */
export const mcpEndpoint = (server: Pick<Server, "deployment">) =>
  server.deployment?.deploymentUrl ? `${server.deployment.deploymentUrl.replace(/\/$/, "")}/mcp` : null;

/** How many endpoints the server has (a superadmin row has no toolCount). */
export const endpointCount = (s: Pick<Server, "endpoints"> & { toolCount?: number }) => {
  const listed = s.endpoints.length;
  // A server imported with more operations lists its first 5,000 endpoints: its tool count covers them all.
  return listed >= LISTED_ENDPOINTS ? Math.max(listed, s.toolCount ?? 0) : listed;
};
const LISTED_ENDPOINTS = 5000;

export const deleteServer = (id: string) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}`, { method: "DELETE", fallbackError: "Failed to delete server" });

/** Renames a server, rewrites its description, or (before its first deployment) changes its slug. */
export const updateServer = (id: string, change: { name?: string; description?: string; slug?: string }) =>
  apiRequest<Server>(`/api/servers/${encodeURIComponent(id)}`, { method: "PATCH", body: change, fallbackError: "Failed to save the server" });

export type NewServerSource = { file?: File | null; url?: string; name?: string; description?: string };

/**
 * POST /api/servers as multipart: a .json/.yaml/.yml file or a description URL, plus name and
 * description. A file over 20 MB, a URL whose description is over 20 MB, or a description with very
 * many operations is imported by a job instead: `onImport` sees its progress until the server exists.
 */
export async function createServer({ file, url, name, description }: NewServerSource, onImport: (job: ImportJob) => void = () => {}) {
  if (file && file.size > MAX_DESCRIPTION_BYTES) throw new ApiError(TOO_LARGE_MESSAGE, 413);
  let job: ImportJob | undefined;
  if (file && file.size > IN_REQUEST_BYTES) job = await uploadLargeDescription(file, { name, description });
  else {
    const form = new FormData();
    if (file) form.append("file", file);
    if (url?.trim()) form.append("url", url.trim());
    if (name?.trim()) form.append("name", name.trim());
    if (description?.trim()) form.append("description", description.trim());
    try {
      const created = await apiRequest<Server | { importJob: ImportJob }>("/api/servers", { method: "POST", body: form, fallbackError: "Failed to create server" });
      if (!("importJob" in created)) return created;
      job = created.importJob;
    } catch (err) {
      // Too large to import in the request: the portal fetches it again for a job.
      if (!(err instanceof ApiError && err.status === 413 && !file && url?.trim())) throw err;
      job = await importLargeUrl(url.trim(), { name, description });
    }
  }
  const done = await waitForImport(job, onImport);
  return apiRequest<Server>(`/api/servers/${encodeURIComponent(done.serverId!)}`, { fallbackError: "Failed to load the new server" });
}

/** Creates a server from a crawl's extracted specification. */
export const createServerFromSpec = (input: { specId: string; name?: string; description?: string }) =>
  apiRequest<Server>("/api/servers/from-spec", { method: "POST", body: input, fallbackError: "Failed to create server" });

export const restartCrawl = (id: string) =>
  apiRequest<z.output<typeof crawlRestarted>>(`/api/servers/${encodeURIComponent(id)}/restart-crawl`, {
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
