// Servers: the list, create (upload, URL or extracted spec), delete, re-crawls.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { authSummary, createdServer, deploymentSummary, server } from "../../../worker/servers/schemas";
import { api, ApiError, call, oneBody, param } from "./client";
import {
  IN_REQUEST_BYTES,
  type ImportJob,
  importLargeUrl,
  MAX_DESCRIPTION_BYTES,
  TOO_LARGE_MESSAGE,
  uploadLargeDescription,
  waitForImport,
} from "./imports";

/** The answers as the worker declares them (worker/servers/schemas.ts): types only, no worker code in the bundle. */
export type Deployment = z.output<typeof deploymentSummary>;
export type DeploymentStatus = Deployment["status"];
/** The card's auth badge summary as GET /api/servers answers it. */
export type AuthSummary = z.output<typeof authSummary>;
export type Server = z.output<typeof server>;
export type CreatedServer = z.output<typeof createdServer>;

export const serversQuery = queryOptions({
  queryKey: ["servers"],
  queryFn: async () => (await call(api.servers.$get(), "Failed to load servers")) ?? [],
});

/** One server (GET /api/servers/{id}); an unknown id is a 404, not retried. */
export const serverQuery = (id: string) =>
  queryOptions({
    queryKey: ["servers", id],
    queryFn: () => call(api.servers[":id"].$get(param({ id })), "Failed to load the server"),
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

export const deleteServer = (id: string) => call(api.servers[":id"].$delete(param({ id })), "Failed to delete server");

/** Renames a server, rewrites its description, or (before its first deployment) changes its slug. */
export const updateServer = (id: string, change: { name?: string; description?: string; slug?: string }) =>
  call(api.servers[":id"].$patch({ ...param({ id }), json: change }), "Failed to save the server");

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
    // Multipart: the client leaves out the fields that are undefined.
    const form = {
      file: file ?? undefined,
      url: url?.trim() || undefined,
      name: name?.trim() || undefined,
      description: description?.trim() || undefined,
    };
    try {
      const created = await call(api.servers.$post(oneBody({ form })), "Failed to create server");
      if (!("importJob" in created)) return created;
      job = created.importJob;
    } catch (err) {
      // Too large to import in the request: the portal fetches it again for a job.
      if (!(err instanceof ApiError && err.status === 413 && !file && url?.trim())) throw err;
      job = await importLargeUrl(url.trim(), { name, description });
    }
  }
  const done = await waitForImport(job, onImport);
  return call(api.servers[":id"].$get(param({ id: done.serverId! })), "Failed to load the new server");
}

/** Creates a server from a crawl's extracted specification. */
export const createServerFromSpec = (input: { specId: string; name?: string; description?: string }) =>
  call(api.servers["from-spec"].$post({ json: input }), "Failed to create server");

export const restartCrawl = (id: string) => call(api.servers[":id"]["restart-crawl"].$post(param({ id })), "Failed to restart crawl");

export { CRAWL_FREQUENCIES } from "../../../worker/lib/choices";
export type CrawlFrequency = Server["automatedCrawlFrequency"];

/** Turns automated re-crawls on or off; a free plan answers 403 with requiresUpgrade. */
export const setAutomatedCrawl = (id: string, enabled: boolean, frequency: CrawlFrequency) =>
  call(
    api.servers[":id"]["automated-crawl"].$patch({ ...param({ id }), json: { enabled, frequency } }),
    "Failed to update automated crawl settings",
  );
