// zod schema of a description version with its diff (versions/versions.ts, versions/diff.ts).
import { z } from "zod";
import { SPEC_VERSION_ORIGINS, SPEC_VERSION_STATUSES } from "../db/schema";
import { deployment } from "../mcp/schemas";
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
export const specVersion = z
  .object({
    id: z.string(),
    status: z.enum(SPEC_VERSION_STATUSES),
    origin: z.enum(SPEC_VERSION_ORIGINS),
    sourceUrl: z.string().nullable(),
    filename: z.string().nullable(),
    title: z.string().nullable(),
    version: z.string().nullable(),
    toolCount: z.number().int(),
    breaking: z.boolean(),
    diff: z
      .object({ entries: z.array(diffEntry), breaking: z.boolean(), counts: z.object({ added: z.number().int(), removed: z.number().int(), renamed: z.number().int(), changed: z.number().int() }), authChanged: z.boolean() })
      .nullable()
      .describe("The changes against the server's tools when this version was prepared (breaking first)"),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
  })
  .meta({ id: "SpecVersion" });
/** What applying a version did: the version, the re-import, and the redeployment of a deployed server. */
export const appliedVersion = z.object({ version: specVersion, importReport, deployment: deployment.nullable() });
export const syncOutcome = z.object({ outcome: z.enum(["unchanged", "applied", "held"]), version: specVersion.nullable() });
