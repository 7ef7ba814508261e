// zod schema of a description version with its diff (versions/versions.ts, versions/diff.ts).
import { z } from "zod";
import { createSelectSchema } from "drizzle-zod";
import { specVersions } from "../db/schema";
import { deployment } from "../deploy/schemas";
import { importReport } from "../servers/schemas";

export const diffEntry = z.object({
  kind: z.enum(["added", "removed", "renamed", "changed"]),
  tool: z.string(),
  from: z.string().optional().describe("The old name of a renamed tool"),
  method: z.string(),
  path: z.string(),
  changes: z.array(z.string()),
  breaking: z.boolean().describe("A call that works today could fail after this change"),
});
/** A version as the API answers it: the row's own columns (drizzle-zod), with its diff and dates as JSON. */
export const specVersion = createSelectSchema(specVersions)
  .pick({
    id: true,
    status: true,
    origin: true,
    sourceUrl: true,
    filename: true,
    title: true,
    version: true,
    toolCount: true,
    breaking: true,
  })
  .extend({
    diff: z
      .object({
        entries: z.array(diffEntry),
        breaking: z.boolean(),
        counts: z.object({ added: z.number().int(), removed: z.number().int(), renamed: z.number().int(), changed: z.number().int() }),
        authChanged: z.boolean(),
      })
      .nullable()
      .describe("The changes against the server's tools when this version was prepared (breaking first)"),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
  })
  .meta({ id: "SpecVersion" });
/** What applying a version did: the version, the re-import, and the redeployment of a deployed server. */
export const appliedVersion = z.object({ version: specVersion, importReport, deployment: deployment.nullable() });
export const syncOutcome = z.object({ outcome: z.enum(["unchanged", "applied", "held"]), version: specVersion.nullable() });
