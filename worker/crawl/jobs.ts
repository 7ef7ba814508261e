// Extraction jobs: turn a crawl's pages into an OpenAPI description (placeholder until the extractor lands).
import type { Database } from "../db";
import type { Bindings } from "../env";
import { fail } from "../lib/errors";

export async function startExtraction(_db: Database, _env: Bindings, _organizationId: string, _crawlId: string): Promise<{ jobId: string }> {
  fail(501, "Not implemented");
}
export async function getExtractionJob(_db: Database, _organizationId: string, _jobId: string) {
  fail(501, "Not implemented");
}
