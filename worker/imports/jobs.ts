// Import jobs: a description too large to import in a request is kept in R2, then a job on the job
// queue reads it twice (facts, then path items in groups), creating the server first and writing its
// tools in batches as they come; the job's row carries progress the SPA polls and the final report.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, importJobs, servers } from "../db/schema";
import type { Bindings } from "../env";
import { getOrganizationPlan } from "../billing/plans";
import { ApiError, fail } from "../lib/errors";
import { importEvent, notifyToolLimit } from "../notifications/events";
import { recordNotification } from "../notifications/notifications";
import { analyseAuth } from "../openapi/auth";
import { importStreamed } from "../openapi/import-stream";
import type { ToolDefinition } from "../openapi/types";
import { assertServerAllowed, DEFAULT_MAX_TOOLS_PER_SERVER, insertTools, reportOf, toolRows } from "../servers/create";
import { uniqueServerName, uniqueSlug } from "../servers/slug";
import type { z } from "zod";
import type { importJob } from "./schemas";
import { importObjectKey, openStored, storeStream } from "./store";
import { enqueue } from "../jobs/enqueue";
import type { EachHandler } from "../jobs/handler";
import type { MessageOf } from "../jobs/messages";

export const IMPORT_JOB_NOT_FOUND = "Import job not found";
/** Tool insert statements sent per D1 batch. */
const STATEMENTS_PER_BATCH = 40;
/** Endpoints listed on the server row (the row stays well under D1's row size); tools are all in the tools table. */
const MAX_LISTED_ENDPOINTS = 5000;
/** Tools kept to guess the authentication from their parameters when no scheme is declared. */
const AUTH_SAMPLE = 500;
/** The job's progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;

type JobRow = typeof importJobs.$inferSelect;
export type StartImport = {
  organizationId: string;
  userId: string;
  name?: string;
  description?: string;
  filename?: string | null;
  sourceUrl?: string | null;
};

/** An import job as the API answers it; the stored report is the one reportOf wrote. */
export const toImportJobAnswer = (row: JobRow): z.output<typeof importJob> => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  serverId: row.status === "completed" ? row.serverId : null,
  report: row.report as z.output<typeof importJob>["report"],
  error: row.error,
  filename: row.filename,
  sourceUrl: row.sourceUrl,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Stores the description's bytes in R2 (within 100 MB) and queues its import; answers the pending job. */
export async function startImport(
  db: Database,
  env: Pick<Bindings, "UPLOADS" | "JOB_QUEUE">,
  input: StartImport,
  body: ReadableStream<Uint8Array>,
) {
  await assertServerAllowed(db, input.organizationId);
  // A name given is checked before the upload is stored (the job checks again when it creates the server).
  if (input.name?.trim()) await uniqueServerName(db, input.organizationId, input.name, "");
  const id = crypto.randomUUID();
  const objectKey = importObjectKey(id);
  const bytes = await storeStream(env.UPLOADS, objectKey, body);
  const [row] = await db
    .insert(importJobs)
    .values({
      id,
      organizationId: input.organizationId,
      createdBy: input.userId,
      objectKey,
      sourceUrl: input.sourceUrl ?? null,
      filename: input.filename ?? null,
      name: input.name?.trim() || null,
      description: input.description?.trim() || null,
      progress: { bytes, pathItems: 0, totalPathItems: 0, operations: 0, tools: 0 },
    })
    .returning();
  await enqueue(env, { kind: "import", jobId: id });
  return toImportJobAnswer(row);
}

/** Attempts of an import job before it is given up. */
const MAX_IMPORT_ATTEMPTS = 3;

/** The import job on the bus: its last attempt ends the job failed with the reason instead of throwing. */
export const importDescriptionJob: EachHandler<MessageOf<"import">> = {
  mode: "each",
  maxAttempts: MAX_IMPORT_ATTEMPTS,
  retryDelaySeconds: 30,
  run: ({ db, env }, { jobId }, { last }) => runImportJob(db, env, jobId, last),
  giveUp: ({ db, env }, { jobId }, reason) => failImportJob(db, env, jobId, reason),
};

/** The organization's import job. */
export async function getImportJob(db: Database, organizationId: string, jobId: string) {
  const row = await db.query.importJobs.findFirst({ where: and(eq(importJobs.id, jobId), eq(importJobs.organizationId, organizationId)) });
  if (!row) fail(404, IMPORT_JOB_NOT_FOUND);
  return toImportJobAnswer(row);
}

/** The organization's latest import jobs (newest first). */
export async function listImportJobs(db: Database, organizationId: string) {
  const rows = await db
    .select()
    .from(importJobs)
    .where(eq(importJobs.organizationId, organizationId))
    .orderBy(desc(importJobs.createdAt))
    .limit(20);
  return rows.map(toImportJobAnswer);
}

/** Ends the job failed: its partial server removed, its stored description deleted, the organization told why. */
async function failImport(db: Database, env: Pick<Bindings, "UPLOADS">, job: JobRow, serverId: string | null, error: string) {
  if (serverId) await db.delete(servers).where(eq(servers.id, serverId));
  await db.update(importJobs).set({ status: "failed", error, serverId: null, updatedAt: new Date() }).where(eq(importJobs.id, job.id));
  await env.UPLOADS.delete(job.objectKey);
  await recordNotification(db, job.organizationId, importEvent(job, { error }));
}

/** Ends a job that failed before its import began (its last attempt threw early), unless it already ended. */
export async function failImportJob(db: Database, env: Pick<Bindings, "UPLOADS">, jobId: string, reason: string) {
  const job = await db.query.importJobs.findFirst({ where: eq(importJobs.id, jobId) });
  if (!job || job.status === "completed" || job.status === "failed") return;
  await failImport(db, env, job, job.serverId, `The import could not be completed: ${reason}`);
}

/** Tells the organization what the finished job imported, and when the plan's active-tool limit left tools off. */
async function notifyImported(
  db: Database,
  job: JobRow,
  server: { id: string; name: string },
  report: { tools: number; activeTools?: number },
  max: number,
) {
  const activeTools = report.activeTools ?? report.tools;
  await recordNotification(
    db,
    job.organizationId,
    importEvent(job, { serverId: server.id, serverName: server.name, tools: report.tools, activeTools }),
  );
  await notifyToolLimit(db, { ...server, organizationId: job.organizationId }, { active: activeTools, total: report.tools, max });
}

/**
 * Runs one import job (idempotent: a server left by an earlier attempt is removed first). A refusal
 * (not a description, invalid JSON, plan limit) fails the job at once; other errors are thrown for
 * the queue to retry, unless this is the last attempt.
 */
export async function runImportJob(db: Database, env: Pick<Bindings, "UPLOADS" | "ENVIRONMENT">, jobId: string, lastAttempt = false) {
  const job = await db.query.importJobs.findFirst({ where: eq(importJobs.id, jobId) });
  if (!job || job.status === "completed" || job.status === "failed") return;
  if (job.serverId) await db.delete(servers).where(eq(servers.id, job.serverId));
  await db.update(importJobs).set({ status: "processing", serverId: null, updatedAt: new Date() }).where(eq(importJobs.id, jobId));
  const { plan } = await getOrganizationPlan(db, job.organizationId);
  const maxActive = plan?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
  let serverId: string | null = null;
  let serverName = "";
  let position = 0;
  let lastProgress = 0;
  let progress = job.progress;
  const endpoints: { method: string; path: string }[] = [];
  const authSample: ToolDefinition[] = [];
  try {
    const result = await importStreamed(
      { open: () => openStored(env.UPLOADS, job.objectKey), sourceUrl: job.sourceUrl, filename: job.filename },
      {
        onHead: async (facts) => {
          await assertServerAllowed(db, job.organizationId);
          serverId = crypto.randomUUID();
          const name = await uniqueServerName(db, job.organizationId, job.name, facts.title);
          serverName = name;
          const now = new Date();
          await db.insert(servers).values({
            id: serverId,
            organizationId: job.organizationId,
            createdBy: job.createdBy,
            name,
            description: job.description || facts.description.slice(0, 2000) || null,
            version: facts.version,
            slug: await uniqueSlug(db, name),
            baseUrl: facts.baseUrl,
            instanceExample: facts.instanceExample,
            sourceUrl: job.sourceUrl,
            createdAt: now,
            updatedAt: now,
          });
          await db.update(importJobs).set({ serverId, updatedAt: now }).where(eq(importJobs.id, jobId));
        },
        onTools: async (defs) => {
          const rows = toolRows(serverId!, defs, 0).map((row, i) => ({ ...row, position: position + i, active: position + i < maxActive }));
          position += defs.length;
          for (const t of defs) {
            if (endpoints.length < MAX_LISTED_ENDPOINTS) endpoints.push({ method: t.endpoint.method, path: t.endpoint.path });
            if (authSample.length < AUTH_SAMPLE) authSample.push(t);
          }
          const statements = insertTools(db, rows);
          for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH)
            await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH) as [never]);
        },
        onProgress: async (step) => {
          progress = { ...progress, ...step };
          if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
          lastProgress = Date.now();
          await db.update(importJobs).set({ progress, updatedAt: new Date() }).where(eq(importJobs.id, jobId));
        },
      },
    );
    const report = reportOf(result, maxActive);
    const detected = analyseAuth(result.document, authSample).authCandidates;
    await db.batch([
      db.update(servers).set({ endpoints, importReport: result.issues, updatedAt: new Date() }).where(eq(servers.id, serverId!)),
      db.insert(authConfigs).values({ serverId: serverId!, settings: { detected } }),
      db
        .update(importJobs)
        .set({
          status: "completed",
          report,
          progress,
          updatedAt: new Date(),
        })
        .where(eq(importJobs.id, jobId)),
    ]);
    await env.UPLOADS.delete(job.objectKey);
    await notifyImported(db, job, { id: serverId!, name: serverName }, report, maxActive);
  } catch (err) {
    if (err instanceof ApiError || lastAttempt) {
      await failImport(
        db,
        env,
        job,
        serverId,
        err instanceof ApiError ? err.message : `The import could not be completed: ${(err as Error).message}`,
      );
      return;
    }
    throw err;
  }
}
