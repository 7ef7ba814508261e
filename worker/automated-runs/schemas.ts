// zod schemas of a server's automated runs (automated-runs/runs.ts).
import { z } from "zod";
import { createSelectSchema } from "drizzle-zod";
import { automatedRuns, AUTOMATED_RUN_KINDS, CRAWL_FREQUENCIES } from "../db/schema";

/** One run as the API answers it: the row's own columns (drizzle-zod), dates as JSON. */
export const automatedRun = createSelectSchema(automatedRuns)
  .pick({
    kind: true,
    outcome: true,
    toolsAdded: true,
    toolsRemoved: true,
    toolsChanged: true,
    redeployed: true,
    versionId: true,
    error: true,
  })
  .extend({
    changes: z
      .array(z.object({ kind: z.enum(["added", "removed", "renamed", "changed"]), tool: z.string() }))
      .describe("The first changes by tool name"),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "AutomatedRun" });

export const automatedSchedule = z.object({
  kind: z
    .enum(AUTOMATED_RUN_KINDS)
    .nullable()
    .describe("What the schedule runs for this server: a re-crawl, a description sync, or nothing (an uploaded file)"),
  enabled: z.boolean(),
  frequency: z.enum(CRAWL_FREQUENCIES),
  nextRunAt: z.string().nullable().describe("When the next automated run is due (null while they are off)"),
  runs: z.array(automatedRun).describe("The most recent runs, newest first"),
});
