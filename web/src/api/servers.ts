// Servers: the list, create (upload, URL or extracted spec), delete, re-crawls.
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiRequest } from "./client";
import { IN_REQUEST_BYTES, type ImportJob, importLargeUrl, MAX_DESCRIPTION_BYTES, TOO_LARGE_MESSAGE, uploadLargeDescription, waitForImport } from "./imports";

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

/** Endpoints come as a list; a count is accepted too. */
export const endpointCount = (s: Pick<Server, "endpoints"> & { toolCount?: number }) => {
  const listed = Array.isArray(s.endpoints) ? s.endpoints.length : typeof s.endpoints === "number" ? s.endpoints : 0;
  // A server imported with more operations lists its first 5,000 endpoints: its tool count covers them all.
  return listed >= LISTED_ENDPOINTS ? Math.max(listed, s.toolCount ?? 0) : listed;
};
const LISTED_ENDPOINTS = 5000;

export const deleteServer = (id: string) =>
  apiRequest(`/api/servers/${encodeURIComponent(id)}`, { method: "DELETE", fallbackError: "Failed to delete server" });

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
