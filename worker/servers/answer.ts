// The shape of a server in API answers and the card's auth badge summary.
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type authConfigs, deployments, type servers } from "../db/schema";
import type { authSummary, deploymentSummary, server } from "./schemas";

type ServerRow = typeof servers.$inferSelect;
type AuthRow = typeof authConfigs.$inferSelect;
type DeploymentRow = typeof deployments.$inferSelect;

/** Join condition picking each server's newest deployment (by last update), for one-query lists. */
export const isLatestDeploymentOf = (serverId: typeof servers.id) =>
  eq(deployments.id, sql`(select d.id from ${deployments} d where d.server_id = ${serverId} order by d.updated_at desc limit 1)`);

/** A deployment as server lists answer it. */
export function toDeploymentAnswer(d: DeploymentRow): z.output<typeof deploymentSummary>;
export function toDeploymentAnswer(d: DeploymentRow | null): z.output<typeof deploymentSummary> | null;
export function toDeploymentAnswer(d: DeploymentRow | null): z.output<typeof deploymentSummary> | null {
  return (
    d && {
      id: d.id,
      status: d.status,
      deploymentUrl: d.deploymentUrl,
      error: d.error,
      updatedAt: d.updatedAt.toISOString(),
      cloudflareDeploymentId: d.cloudflareDeploymentId,
      cloudflareProjectId: d.cloudflareProjectId,
    }
  );
}

/** How callers reach the server: anyone, any Toolport user, or holders of an assigned access token. */
export const accessControlOf = (
  auth: Pick<AuthRow, "exposeToPublic" | "requireToolportLogin">,
): z.output<typeof authSummary>["accessControl"] =>
  auth.exposeToPublic ? "public" : auth.requireToolportLogin ? "toolport-login" : "access-token";

export function toAuthSummary(auth: AuthRow | null): z.output<typeof authSummary> | null {
  if (!auth) return null;
  return {
    authType: auth.authType,
    authStrategy: auth.authStrategy,
    status: auth.status,
    exposeToPublic: auth.exposeToPublic,
    requireToolportLogin: auth.requireToolportLogin,
    accessControl: accessControlOf(auth),
    updatedAt: auth.updatedAt.toISOString(),
  };
}

export type ToolCounts = { toolCount: number; activeToolCount: number };

/** A server as GET /api/servers lists it, with its newest deployment (null before the first deploy). */
export function toServerAnswer(
  row: ServerRow,
  counts: ToolCounts,
  auth: AuthRow | null,
  deployment: DeploymentRow | null,
): z.output<typeof server> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    version: row.version,
    slug: row.slug,
    baseUrl: row.baseUrl,
    endpoints: row.endpoints,
    status: row.status,
    hibernatedReason: row.hibernatedReason,
    deployment: toDeploymentAnswer(deployment),
    automatedCrawlEnabled: row.automatedCrawlEnabled,
    automatedCrawlFrequency: row.automatedCrawlFrequency,
    originalCrawlUrl: row.originalCrawlUrl,
    lastCrawledAt: row.lastCrawledAt?.toISOString() ?? null,
    lastCrawlError: row.lastCrawlError,
    sourceUrl: row.sourceUrl,
    toolCount: counts.toolCount,
    activeToolCount: counts.activeToolCount,
    authConfig: toAuthSummary(auth),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ServerAnswer = z.output<typeof server>;
