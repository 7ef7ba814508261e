// The shape of a server in API answers (spec §3) and the card's auth badge summary.
import type { authConfigs, servers } from "../db/schema";

type ServerRow = typeof servers.$inferSelect;
type AuthRow = typeof authConfigs.$inferSelect;

/** How callers reach the server: anyone, any Toolport user, or holders of an assigned access token. */
export const accessControlOf = (auth: Pick<AuthRow, "exposeToPublic" | "requireToolportLogin">) =>
  auth.exposeToPublic ? "public" : auth.requireToolportLogin ? "toolport-login" : "access-token";

export function toAuthSummary(auth: AuthRow | null) {
  if (!auth) return null;
  return {
    type: auth.authType,
    strategy: auth.authStrategy,
    status: auth.status,
    exposeToPublic: auth.exposeToPublic,
    requireToolportLogin: auth.requireToolportLogin,
    accessControl: accessControlOf(auth),
    updatedAt: auth.updatedAt.toISOString(),
  };
}

export type ToolCounts = { toolCount: number; activeToolCount: number };

/** A server as GET /api/servers lists it. `deployment` is filled in by the hosting module (null until deployed). */
export function toServerAnswer(row: ServerRow, counts: ToolCounts, auth: AuthRow | null, deployment: unknown = null) {
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
    deployment,
    automatedCrawlEnabled: row.automatedCrawlEnabled,
    automatedCrawlFrequency: row.automatedCrawlFrequency,
    originalCrawlUrl: row.originalCrawlUrl,
    sourceUrl: row.sourceUrl,
    toolCount: counts.toolCount,
    activeToolCount: counts.activeToolCount,
    authConfig: toAuthSummary(auth),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ServerAnswer = ReturnType<typeof toServerAnswer>;
