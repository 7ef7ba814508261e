// zod validation for every body, query and param, failing with a 400 that names the field.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { fail } from "./errors";

/** Fails with 400 and the first issue, e.g. "name: Too long". */
export function failWithFirstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): never {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  fail(400, `${where}${issue?.message ?? "Invalid input"}`);
}

/** Validates `target` with `schema`; a failure answers 400 with the first issue, e.g. "name: Too long". */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) failWithFirstIssue(result.error);
  });
