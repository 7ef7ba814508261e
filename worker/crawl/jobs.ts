// Extraction jobs: a crawl's Markdown → an OpenAPI 3.1 description, run on the job queue. The pages
// are read one at a time (readPage, yielding between pages so the isolate keeps answering other
// requests) within the job's budget, assembled, optionally refined by the LLM, and checked by the
// same import engine as an uploaded description.
import { and, eq } from "drizzle-orm";
import type { CrawlSnapshot } from "../../durable-objects/crawl-session";
import type { Database } from "../db";
import { crawls, extractionJobs, specs } from "../db/schema";
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { extractionFailedEvent } from "../notifications/events";
import { recordNotification } from "../notifications/notifications";
import { importDescription } from "../openapi/import";
import { getCrawlRow } from "./crawls";
import { assemble, readPage, type OpenApiDraft, type PageFindings } from "./extract/index";
import { MAX_LLM_INPUT_CHARS, refineWithLlm } from "./refine";
import { pageContentKey, specContentKey } from "./keys";
import { enqueue } from "../jobs/enqueue";
import type { EachHandler } from "../jobs/handler";
import type { MessageOf } from "../jobs/messages";
import { NOT_CONVERTIBLE_MESSAGE } from "../lib/messages";

export { NOT_CONVERTIBLE_MESSAGE };
export const JOB_NOT_FOUND = "Extraction job not found";

/**
 * What one extraction reads at most: pages, characters of Markdown, endpoints found, and milliseconds
 * spent reading. Pages are read one at a time and dropped, so the characters bound work, not memory:
 * reference pages with large JSON examples (a page per operation) reach tens of MB for 150 pages.
 */
export const EXTRACT_LIMITS = { pages: 200, chars: 48 * 1024 * 1024, operations: 2000, readMs: 60_000 };
export type ExtractLimits = typeof EXTRACT_LIMITS;
/** A crawled page the extraction did not read, and why. */
export type SkippedPage = { url: string; reason: string };

/** Why the next page is over the job's budget, or null while it is within it. */
function overBudget(limits: ExtractLimits, used: { pages: number; operations: number; since: number }): string | null {
  if (used.pages >= limits.pages) return `over the extraction's limit of ${limits.pages} pages`;
  if (used.operations >= limits.operations) return `over the extraction's limit of ${limits.operations} endpoints`;
  // Date.now() only moves between events, so this counts the reading done before the last yield.
  if (Date.now() - used.since > limits.readMs) return `over the extraction's ${limits.readMs / 1000} s of reading`;
  return null;
}

/**
 * Reads a crawl's completed pages in order, one at a time within `limits`, and assembles them: the
 * draft (null when nothing API-like was found), the start of the documentation for the LLM, and the
 * pages skipped with the reason.
 */
export async function extractPages(env: Bindings, crawlId: string, sourceUrl: string, limits: ExtractLimits = EXTRACT_LIMITS) {
  const snap = (await env.CRAWL_SESSION.getByName(crawlId).snapshot()) as CrawlSnapshot;
  const findings: PageFindings[] = [];
  const skipped: SkippedPage[] = [];
  const used = { pages: 0, operations: 0, chars: 0, since: Date.now() };
  let title: string | null | undefined;
  let documentation = "";
  for (const { url, status, title: pageTitle } of snap.pages) {
    if (status !== "completed") continue;
    const over = overBudget(limits, used);
    if (over) {
      skipped.push({ url, reason: over });
      continue;
    }
    const content = await env.KV.get(pageContentKey(crawlId, url));
    if (content === null) {
      skipped.push({ url, reason: "its text is no longer stored" });
      continue;
    }
    if (used.chars + content.length > limits.chars) {
      skipped.push({ url, reason: `over the extraction's limit of ${limits.chars / 1024 / 1024} MB of text` });
      continue;
    }
    used.chars += content.length;
    used.pages += 1;
    title ??= pageTitle;
    const found = readPage({ url, title: pageTitle, content });
    if (found.skipped !== undefined) skipped.push({ url, reason: found.skipped });
    else {
      findings.push(found);
      used.operations += found.drafts.length;
      if (documentation.length < MAX_LLM_INPUT_CHARS)
        documentation += `${content.slice(0, MAX_LLM_INPUT_CHARS - documentation.length)}\n\n`;
    }
    // Let the isolate answer other requests between two pages.
    await scheduler.wait(0);
  }
  return { draft: assemble(findings, { title, sourceUrl }), documentation, skipped };
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** How many operations a draft describes. */
const operationsOf = (draft: OpenApiDraft) =>
  Object.values(draft.paths ?? {}).reduce(
    (n, item) => n + HTTP_METHODS.filter((m) => item && typeof item === "object" && m in item).length,
    0,
  );

type SpecInput = {
  organizationId: string;
  crawlId: string;
  sourceUrl: string;
  document: unknown;
  jobId?: string;
  minOperations?: number;
  skippedPages?: SkippedPage[];
};

/**
 * Checks a description with the import engine (and, when given, that it keeps `minOperations`) and
 * stores it as a spec; answers the spec id. A job's spec has the job's id, so a redelivered job
 * stores no second one.
 */
export async function saveSpec(db: Database, env: Bindings, input: SpecInput) {
  const text = JSON.stringify(input.document);
  const imported = await importDescription({ text, sourceUrl: null, filename: "crawled.json" }, env);
  if (imported.operationCount < (input.minOperations ?? 0)) {
    throw new Error(
      `The description has ${imported.operationCount} operations, fewer than the ${input.minOperations} found in the documentation`,
    );
  }
  const specId = input.jobId ?? crypto.randomUUID();
  await env.KV.put(specContentKey(specId), text);
  const values = {
    id: specId,
    organizationId: input.organizationId,
    crawlId: input.crawlId,
    sourceUrl: input.sourceUrl,
    title: imported.title,
    contentKey: specContentKey(specId),
  };
  const spec = db.insert(specs).values(values).onConflictDoNothing();
  if (input.jobId) {
    const done = { status: "completed" as const, specId, skippedPages: input.skippedPages ?? [], updatedAt: new Date() };
    await db.batch([
      spec,
      db
        .update(extractionJobs)
        .set(done)
        .where(and(eq(extractionJobs.id, input.jobId), eq(extractionJobs.status, "processing"))),
    ]);
  } else await spec;
  return specId;
}

/** Starts an extraction job of the organization's crawl: recorded as processing, run by the job queue. */
export async function startExtraction(db: Database, env: Bindings, organizationId: string, crawlId: string) {
  await getCrawlRow(db, organizationId, crawlId);
  const jobId = crypto.randomUUID();
  await db.insert(extractionJobs).values({ id: jobId, organizationId, crawlId, status: "processing" });
  try {
    await enqueue(env, { kind: "extract", jobId });
  } catch (err) {
    await failJob(db, jobId, "The extraction could not be started. Please try again.");
    throw err;
  }
  return { jobId };
}

/** Attempts of a queued extraction step before the job is given up. */
export const MAX_JOB_ATTEMPTS = 3;
/** A job still processing after this long is given up (its queue messages are gone). */
export const JOB_STALE_MS = 15 * 60 * 1000;
// The portal shows a job's error as 'OpenAPI extraction failed: {error}', so errors don't repeat that.
export const JOB_STALE_MESSAGE = "The extraction did not finish within 15 minutes. Please try again.";

/** The error of an extraction job given up after its last attempt. */
export const jobFailedMessage = (reason: string) => `${reason} (gave up after ${MAX_JOB_ATTEMPTS} attempts)`;

/** Ends a job that is still processing as failed with `error` (and the pages it skipped), and tells the organization. */
export async function failJob(db: Database, jobId: string, error: string, skippedPages?: SkippedPage[]) {
  const [job] = await db
    .update(extractionJobs)
    .set({ status: "failed", error: error.slice(0, 1000), ...(skippedPages ? { skippedPages } : {}), updatedAt: new Date() })
    .where(and(eq(extractionJobs.id, jobId), eq(extractionJobs.status, "processing")))
    .returning({ organizationId: extractionJobs.organizationId, crawlId: extractionJobs.crawlId });
  if (!job) return;
  const crawl = await db.query.crawls.findFirst({ where: eq(crawls.id, job.crawlId), columns: { url: true } });
  await recordNotification(db, job.organizationId, extractionFailedEvent({ id: jobId, url: crawl?.url ?? "" }, error.slice(0, 1000)));
}

/**
 * Queue step of an extraction job: reads and assembles the crawl's pages, lets the LLM (when one is
 * configured) refine the draft — kept only when it imports and loses no operation — and saves the
 * spec; a job that is no longer processing is left as it is, so redelivery is harmless.
 */
export async function runExtractionJob(db: Database, env: Bindings, jobId: string) {
  const job = await db.query.extractionJobs.findFirst({ where: eq(extractionJobs.id, jobId) });
  if (!job || job.status !== "processing") return;
  const crawl = await getCrawlRow(db, job.organizationId, job.crawlId);
  const { draft, documentation, skipped } = await extractPages(env, job.crawlId, crawl.url);
  if (!draft) return failJob(db, jobId, NOT_CONVERTIBLE_MESSAGE, skipped);
  const base = { jobId, organizationId: job.organizationId, crawlId: job.crawlId, sourceUrl: crawl.url, skippedPages: skipped };
  const refined = await refineWithLlm(env, draft, documentation);
  if (refined) {
    try {
      // The model may improve the description, not lose what the default extractor found.
      await saveSpec(db, env, { ...base, document: refined, minOperations: operationsOf(draft) });
      return;
    } catch {
      // The model's answer did not import: fall back to the default extractor's description.
    }
  }
  try {
    await saveSpec(db, env, { ...base, document: draft });
  } catch (err) {
    await failJob(db, jobId, (err as Error).message, skipped);
  }
}

/** The extraction job on the bus; after its last attempt the job ends failed with the reason, rather than staying "processing". */
export const extractionJob: EachHandler<MessageOf<"extract">> = {
  mode: "each",
  maxAttempts: MAX_JOB_ATTEMPTS,
  retryDelaySeconds: 30,
  run: ({ db, env }, { jobId }) => runExtractionJob(db, env, jobId),
  giveUp: ({ db }, { jobId }, reason) => failJob(db, jobId, jobFailedMessage(reason)),
};

/** The organization's extraction job (status, spec id, error, and the pages it skipped), or 404. */
export async function getExtractionJob(db: Database, organizationId: string, jobId: string) {
  const job = await db.query.extractionJobs.findFirst({
    where: and(eq(extractionJobs.id, jobId), eq(extractionJobs.organizationId, organizationId)),
  });
  if (!job) fail(404, JOB_NOT_FOUND);
  if (job.status === "processing" && Date.now() - job.updatedAt.getTime() > JOB_STALE_MS) {
    await failJob(db, jobId, JOB_STALE_MESSAGE);
    return { status: "failed" as const, specId: null, error: JOB_STALE_MESSAGE, skippedPages: [] };
  }
  return { status: job.status, specId: job.specId, error: job.error, skippedPages: job.skippedPages };
}
