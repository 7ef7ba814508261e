// zod schemas of the deployment answers (mcp/deploy.ts, mcp/api-config.ts).
import { z } from "zod";
import { AUTH_STRATEGIES, AUTH_TYPES } from "../db/schema";
import { nullable } from "../lib/answers";
import { deploymentSummary } from "../servers/schemas";

export const apiConfig = z.object({
  baseUrl: nullable(z.string()),
  authType: z.enum(AUTH_TYPES),
  authStrategy: z.enum(["none", ...AUTH_STRATEGIES]),
  headers: z.record(z.string(), z.string()).describe("Headers sent upstream; secrets masked"),
  instanceExample: nullable(z.string()).describe(
    "A server without a base URL whose documentation showed its examples at an address of each user's own (a self-hosted product): that example address",
  ),
});

export const deployment = deploymentSummary
  .extend({
    deploymentId: z.string().describe("Content hash of the generated server (the same as id)"),
    mcpUrl: nullable(z.string()),
    provider: z.enum(["loader", "cloudflare"]),
    activeDeploymentId: nullable(z.string()),
    redeployNeeded: z
      .boolean()
      .describe("The serving deployment can no longer run as deployed (its runtime is gone): only a redeploy helps"),
    startedAt: nullable(z.string()),
    log: z.array(z.object({ at: z.string(), message: z.string() })),
  })
  .meta({ id: "Deployment" });
