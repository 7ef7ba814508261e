// Large imports: a description file over 20 MB (up to 100 MB) is sent as raw bytes to POST
// /api/imports, a URL whose description is too large for the request goes there too, and a server
// with very many operations is handed over by POST /api/servers; the job is polled until its server exists.
import { api, ApiError, call, oneBody, param } from "./client";
import type { z } from "zod";
import type { importJob } from "../../../worker/imports/schemas";

/** The portal imports a description in the request up to this size; larger ones go to an import job. */
export const IN_REQUEST_BYTES = 20 * 1024 * 1024;
/** Largest description the portal imports at all, and the refusal past it (the worker's own words). */
export {
  MAX_LARGE_DESCRIPTION_BYTES as MAX_DESCRIPTION_BYTES,
  LARGE_TOO_LARGE_MESSAGE as TOO_LARGE_MESSAGE,
} from "../../../worker/lib/messages";
const POLL_MS = 1000;

export type ImportJob = z.output<typeof importJob>;
export type ImportProgress = ImportJob["progress"];
export type ImportReport = NonNullable<ImportJob["report"]>;

type Fields = { name?: string; description?: string };

/** Sends a large file's bytes; answers the pending job. */
export function uploadLargeDescription(file: File, { name, description }: Fields) {
  const query = {
    filename: file.name,
    ...(name?.trim() ? { name: name.trim() } : {}),
    ...(description?.trim() ? { description: description.trim() } : {}),
  };
  // The bytes go as the body itself (application/octet-stream), which the route streams to storage.
  return call(api.imports.$post(oneBody({ query }), { init: { body: file } }), "Failed to upload the description");
}

/** Asks the portal to fetch a large description by URL; answers the pending job. */
export const importLargeUrl = (url: string, fields: Fields) =>
  call(api.imports.$post(oneBody({ query: {}, json: { url, ...fields } })), "Failed to import the description");

export const getImportJob = (id: string) => call(api.imports[":id"].$get(param({ id })), "Failed to read the import's progress");

/** Polls the job until it ends; answers the completed job (with its serverId) or throws its error. */
export async function waitForImport(job: ImportJob, onProgress: (job: ImportJob) => void): Promise<ImportJob> {
  let current = job;
  onProgress(current);
  while (current.status === "pending" || current.status === "processing") {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    current = await getImportJob(current.id);
    onProgress(current);
  }
  if (current.status === "failed" || !current.serverId) throw new ApiError(current.error ?? "The import failed", 400);
  return current;
}
