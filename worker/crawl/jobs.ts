// Extraction jobs: a crawl's Markdown → an OpenAPI 3.1 description (default extractor, then the
// optional LLM refinement on the queue), checked by the same import engine as an uploaded one.
import { and, eq } from "drizzle-orm";
import type { CrawlSnapshot } from "../../durable-objects/crawl-session";
import type { Database } from "../db";
import { extractionJobs, specs } from "../db/schema";
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { importDescription } from "../openapi/import";
import { getCrawlRow } from "./crawls";
import { extractOpenApi, type OpenApiDraft, type Page } from "./extract/index";
import { llmConfigured, refineWithLlm } from "./extract/refine";
import { pageContentKey } from "./queue";

export const NOT_CONVERTIBLE_MESSAGE =
  "The crawled content could not be converted to an OpenAPI specification. Please ensure the documentation contains API endpoint information.";
export const JOB_NOT_FOUND = "Extraction job not found";
/** At most this much Markdown (all pages together) feeds one extraction. */
export const MAX_EXTRACT_CHARS = 8 * 1024 * 1024;

export const specContentKey = (specId: string) => `spec:crawl:${specId}`;

/** The crawl's completed pages with their Markdown. */
export async function crawledPages(env: Bindings, crawlId: string): Promise<Page[]> {
  const snap = (await env.CRAWL_SESSION.getByName(crawlId).snapshot()) as CrawlSnapshot;
  const pages: Page[] = [];
  let size = 0;
  for (const page of snap.pages.filter((p) => p.status === "completed")) {
    const content = await env.KV.get(pageContentKey(crawlId, page.url));
    if (!content || size + content.length > MAX_EXTRACT_CHARS) continue;
    size += content.length;
    pages.push({ url: page.url, title: page.title, content });
  }
  return pages;
}

/** Runs the default extractor over a crawl; null when nothing API-like was found. */
export async function extractCrawl(env: Bindings, crawlId: string, sourceUrl: string) {
  const pages = await crawledPages(env, crawlId);
  const draft = extractOpenApi(pages, { title: pages[0]?.title, sourceUrl });
  return draft ? { draft, pages } : null;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** How many operations a draft describes. */
const operationsOf = (draft: OpenApiDraft) =>
  Object.values(draft.paths ?? {}).reduce((n, item) => n + HTTP_METHODS.filter((m) => item && typeof item === "object" && m in item).length, 0);

type SpecInput = { organizationId: string; crawlId: string; sourceUrl: string; document: unknown; jobId?: string; minOperations?: number };

/** Checks a description with the import engine (and, when given, that it keeps `minOperations`) and stores it as a spec; answers the spec id. */
export async function saveSpec(db: Database, env: Bindings, input: SpecInput) {
  const text = JSON.stringify(input.document);
  const imported = await importDescription({ text, sourceUrl: null, filename: "crawled.json" }, env);
  if (imported.operationCount < (input.minOperations ?? 0)) {
    throw new Error(`The description has ${imported.operationCount} operations, fewer than the ${input.minOperations} found in the documentation`);
  }
  const specId = crypto.randomUUID();
  await env.KV.put(specContentKey(specId), text);
  const spec = db.insert(specs).values({ id: specId, organizationId: input.organizationId, crawlId: input.crawlId, sourceUrl: input.sourceUrl, title: imported.title, contentKey: specContentKey(specId) });
  if (input.jobId) {
    const done = db.update(extractionJobs).set({ status: "completed", specId, updatedAt: new Date() }).where(eq(extractionJobs.id, input.jobId));
    await db.batch([spec, done]);
  } else await spec;
  return specId;
}

/** Starts extracting a crawl; 400 with the spec's message when the pages hold no API endpoints. */
export async function startExtraction(db: Database, env: Bindings, organizationId: string, crawlId: string) {
  const crawl = await getCrawlRow(db, organizationId, crawlId);
  const extracted = await extractCrawl(env, crawlId, crawl.url);
  if (!extracted) fail(400, NOT_CONVERTIBLE_MESSAGE);
  const jobId = crypto.randomUUID();
  await db.insert(extractionJobs).values({ id: jobId, organizationId, crawlId, status: "processing" });
  if (llmConfigured(env)) {
    await env.CRAWL_QUEUE.send({ kind: "refine", jobId });
    return { jobId };
  }
  await finishJob(db, env, { jobId, organizationId, crawlId, sourceUrl: crawl.url, document: extracted.draft });
  return { jobId };
}

/** Attempts of a queued extraction step before the job is given up. */
export const MAX_JOB_ATTEMPTS = 3;
/** A job still processing after this long is given up (its queue messages are gone). */
export const JOB_STALE_MS = 15 * 60 * 1000;
// The portal shows a job's error as 'OpenAPI extraction failed: {error}' (spec §8), so errors don't repeat that.
export const JOB_STALE_MESSAGE = "The extraction did not finish within 15 minutes. Please try again.";

/** The error of an extraction job given up after its last attempt. */
export const jobFailedMessage = (reason: string) => `${reason} (gave up after ${MAX_JOB_ATTEMPTS} attempts)`;

/** Ends a job that is still processing as failed with `error`. */
export async function failJob(db: Database, jobId: string, error: string) {
  await db
    .update(extractionJobs)
    .set({ status: "failed", error: error.slice(0, 1000), updatedAt: new Date() })
    .where(and(eq(extractionJobs.id, jobId), eq(extractionJobs.status, "processing")));
}

async function finishJob(db: Database, env: Bindings, input: { jobId: string; organizationId: string; crawlId: string; sourceUrl: string; document: unknown }) {
  try {
    await saveSpec(db, env, input);
  } catch (err) {
    await failJob(db, input.jobId, (err as Error).message);
  }
}

/** Queue step of a job with an LLM configured: refine the draft, keep the draft when refinement fails the import. */
export async function refineJob(db: Database, env: Bindings, jobId: string) {
  const job = await db.query.extractionJobs.findFirst({ where: eq(extractionJobs.id, jobId) });
  if (!job || job.status !== "processing") return; // done already: redelivery is harmless
  const crawl = await getCrawlRow(db, job.organizationId, job.crawlId);
  const extracted = await extractCrawl(env, job.crawlId, crawl.url);
  if (!extracted) return finishJob(db, env, { ...job, jobId, sourceUrl: crawl.url, document: {} });
  const refined = await refineWithLlm(env, extracted.draft, extracted.pages.map((p) => p.content).join("\n\n"));
  const base = { jobId, organizationId: job.organizationId, crawlId: job.crawlId, sourceUrl: crawl.url };
  if (refined) {
    try {
      // The model may improve the description, not lose what the default extractor found.
      await saveSpec(db, env, { ...base, document: refined, minOperations: operationsOf(extracted.draft) });
      return;
    } catch {
      // The model's answer did not import: fall back to the default extractor's description.
    }
  }
  await finishJob(db, env, { ...base, document: extracted.draft as OpenApiDraft });
}

/** The organization's job in the shape of spec §3, or 404. */
export async function getExtractionJob(db: Database, organizationId: string, jobId: string) {
  const job = await db.query.extractionJobs.findFirst({ where: and(eq(extractionJobs.id, jobId), eq(extractionJobs.organizationId, organizationId)) });
  if (!job) fail(404, JOB_NOT_FOUND);
  if (job.status === "processing" && Date.now() - job.updatedAt.getTime() > JOB_STALE_MS) {
    await failJob(db, jobId, JOB_STALE_MESSAGE);
    return { status: "failed" as const, specId: null, error: JOB_STALE_MESSAGE };
  }
  return { status: job.status, specId: job.specId, error: job.error };
}
