// zod schema of a large description's import job (imports/jobs.ts), as GET /api/imports/{id} answers it.
import { z } from "zod";
import { nullable, timestamp } from "../lib/answers";
import { importReport } from "../servers/schemas";

/** A large description's import job (POST /api/imports, or POST /api/servers with very many operations). */
export const importJob = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "processing", "completed", "failed"]),
    progress: z.object({
      bytes: z.number().int().describe("Size of the stored description"),
      pathItems: z.number().int().describe("Paths converted so far"),
      totalPathItems: z.number().int().describe("Paths in the description (0 until the job has read it once)"),
      operations: z.number().int(),
      tools: z.number().int(),
    }),
    serverId: nullable(z.string()).describe("The new server, once the job has completed"),
    report: nullable(importReport.partial({ issues: true })).describe("The import report (exact counts), once completed"),
    error: nullable(z.string()).describe("Why the job failed"),
    filename: nullable(z.string()),
    sourceUrl: nullable(z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "ImportJob" });
