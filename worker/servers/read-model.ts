// The servers' read model: one query for everything serving a server needs (the row, its auth config,
// its plan, its deployment's provider), and a short-lived in-isolate copy of it for the gateway's hot
// path that whatever changes a server (deploys, settings, plans, deletion) invalidates here.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, deployments, plans, servers, subscriptions } from "../db/schema";
import { decryptJson, sha256Hex } from "../lib/crypto";
import type { UpstreamCredentials } from "../openapi/types";
import type { AuthConfigRow } from "../deploy/generate";
import { ttlCache } from "../lib/ttl-cache";

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

/** A looked-up server with the tag of its managed secrets, as the gateway's hot path uses it. */
export type CachedGatewayServer = GatewayServer & { secretsTag: string };

/**
 * How long an isolate reuses a lookup. Changes made through this isolate (deploys, hibernation, auth
 * config, plan changes, deletion) drop the entry at once; the bound covers changes made elsewhere —
 * other isolates, the cron.
 */
export const LOOKUP_TTL_MS = 2_000;
const lookups = ttlCache<CachedGatewayServer | null>({ ttlMs: LOOKUP_TTL_MS, limit: 1_000 });

/** findServerBySlug through the in-isolate cache; unknown slugs are not cached. */
export function cachedServerBySlug(db: Database, slug: string): Promise<CachedGatewayServer | null> {
  return lookups.get(
    slug,
    async () => {
      const found = await findServerBySlug(db, slug);
      return found && { ...found, secretsTag: await secretsTagOf(found.auth) };
    },
    (value) => value !== null,
  );
}

/** Forgets every cached lookup (changes are rare: a deploy, hibernation), so each server's next call reads D1. */
export function invalidateServerLookups() {
  lookups.invalidate();
}
