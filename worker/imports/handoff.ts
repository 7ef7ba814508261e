// The in-request import hands a description with very many operations over to an import job: its
// tools would not fit the isolate's memory beside the parsed description. Reading its text already
// fit, so the text (or, for YAML, the parsed description as JSON) goes to R2 and a job imports it.
import type { Database } from "../db";
import type { Bindings } from "../env";
import { HTTP_METHODS } from "../openapi/import";
import { isObjectLike } from "../openapi/json-value";
import { type LoadedDescription, loadDescription } from "../openapi/load";
import { createServer, type CreateServerInput } from "../servers/create";
import { startImport } from "./jobs";

/** Operations imported in the request; a description with more is imported by a job. */
export const MAX_IN_REQUEST_OPERATIONS = 5000;
/**
 * JSON larger than this goes to the job without being parsed in the request: parsing Microsoft
 * Graph v1 (19 MB, 11,422 operations) here took 111 MB of the isolate's 128 MB before the hand-over.
 */
export const MAX_IN_REQUEST_JSON_BYTES = 16 * 1024 * 1024;

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text.slice(0, 1024).replace(/^\uFEFF/, ""));

/** Operations written in the description's paths (path items given by $ref count none). */
export function countOperations(document: LoadedDescription["document"]): number {
  let count = 0;
  const paths = isObjectLike(document.paths) ? document.paths : {};
  for (const item of Object.values(paths)) {
    if (isObjectLike(item)) for (const method of HTTP_METHODS) if (item[method] !== undefined) count++;
  }
  return count;
}

/** Creates the server in the request, or answers the import job that will (`importJob`). */
export async function createServerOrJob(db: Database, env: Bindings, input: CreateServerInput) {
  const { text, sourceUrl, filename } = input.source;
  if (text.length > MAX_IN_REQUEST_JSON_BYTES && looksLikeJson(text)) {
    return { importJob: await startImport(db, env, { ...input, filename, sourceUrl }, new Blob([text]).stream()) };
  }
  let loaded: LoadedDescription | null = await loadDescription(input.source, env);
  if (countOperations(loaded.document) <= MAX_IN_REQUEST_OPERATIONS) return { server: await createServer(db, env, input, loaded) };
  const json = looksLikeJson(text) ? text : JSON.stringify(loaded.document);
  loaded = null;
  const body = new Blob([json]).stream();
  const importJob = await startImport(
    db,
    env,
    { ...input, filename: filename ? filename.replace(/\.ya?ml$/i, ".json") : null, sourceUrl },
    body,
  );
  return { importJob };
}
