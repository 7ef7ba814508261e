// One query for everything the gateway needs about a server: the row, its auth config and its plan.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, deployments, plans, servers, subscriptions } from "../db/schema";
import { decryptJson, sha256Hex } from "../lib/crypto";
import type { UpstreamCredentials } from "../openapi/types";
import type { AuthConfigRow } from "./generate";

export type GatewayServer = {
  server: typeof servers.$inferSelect;
  auth: AuthConfigRow | null;
  plan: { name: string; maxToolCallsPerMonth: number } | null;
  /** Hosting provider of the active deployment. */
  provider: "loader" | "cloudflare" | null;
};

/** The server served at /s/{slug}, or null. */
export async function findServerBySlug(db: Database, slug: string): Promise<GatewayServer | null> {
  const [row] = await db
    .select({
      server: servers,
      auth: authConfigs,
      plan: { name: plans.name, maxToolCallsPerMonth: plans.maxToolCallsPerMonth },
      provider: deployments.provider,
    })
    .from(servers)
    .leftJoin(deployments, eq(deployments.id, servers.activeDeploymentId))
    .leftJoin(authConfigs, eq(authConfigs.serverId, servers.id))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, servers.organizationId))
    .leftJoin(plans, eq(plans.type, sql`coalesce(${subscriptions.planType}, 'free')`))
    .where(eq(servers.slug, slug))
    .limit(1);
  return row ?? null;
}

/** Managed secrets of a server, decrypted only to become its isolate's env binding. */
export async function managedCredentials(secretsKey: string, auth: AuthConfigRow | null): Promise<UpstreamCredentials> {
  if (!auth?.secretsCiphertext || auth.authStrategy !== "managed" || auth.authType === "none") return {};
  return decryptJson<UpstreamCredentials>(secretsKey, auth.secretsCiphertext);
}

/** A short tag that changes whenever the managed secrets change. */
export async function secretsTagOf(auth: AuthConfigRow | null) {
  return auth?.secretsCiphertext && auth.authStrategy === "managed" ? (await sha256Hex(auth.secretsCiphertext)).slice(0, 16) : "none";
}
