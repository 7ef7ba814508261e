// Portal API keys: issued once with scopes and an optional expiry, stored as SHA-256 hashes, listed, revoked.
import { and, desc, eq } from "drizzle-orm";
import { getOrganizationPlan } from "../billing/plans";
import type { Database } from "../db";
import { type ApiKeyScope, apiKeys } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import { fail } from "../lib/errors";
import { API_KEY_PREFIX } from "./authenticate";
import type { z } from "zod";
import type { apiKeyInfo } from "./schemas";

type ApiKeyRow = typeof apiKeys.$inferSelect;
const DAY_MS = 24 * 3600 * 1000;
/** Keys an organization may hold, revoked ones included, so a loop cannot fill the table. */
export const MAX_API_KEYS = 100;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");

/** A new random key: the prefix plus 32 random bytes. */
export const newApiKeyValue = () => `${API_KEY_PREFIX}${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;

/** A key as the API answers it: never the hash, never the key itself. */
export const toApiKeyInfo = (k: ApiKeyRow): z.output<typeof apiKeyInfo> => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  expiresAt: k.expiresAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** The organization's keys, newest first. */
export async function listApiKeys(db: Database, organizationId: string) {
  const rows = await db.query.apiKeys.findMany({ where: eq(apiKeys.organizationId, organizationId), orderBy: desc(apiKeys.createdAt) });
  return rows.map(toApiKeyInfo);
}

export type NewApiKey = { name: string; scopes: ApiKeyScope[]; expiresInDays?: number | null };

/** Issues a key on plans with API access; the answer holds the key itself, which is never available again. */
export async function createApiKey(db: Database, organizationId: string, userId: string, input: NewApiKey) {
  const { plan } = await getOrganizationPlan(db, organizationId);
  if (!plan?.apiAccess) fail(403, "Your organization's plan does not include API access: upgrade the plan to create API keys");
  const held = await db.$count(apiKeys, eq(apiKeys.organizationId, organizationId));
  if (held >= MAX_API_KEYS) fail(409, `An organization can hold at most ${MAX_API_KEYS} API keys`);
  const key = newApiKeyValue();
  const [row] = await db
    .insert(apiKeys)
    .values({
      organizationId,
      createdBy: userId,
      name: input.name.trim(),
      keyHash: await sha256Hex(key),
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      scopes: [...new Set(input.scopes)],
      expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null,
    })
    .returning();
  return { key, apiKey: toApiKeyInfo(row) };
}

/** Revokes the organization's key; every later call with it answers 401. */
export async function revokeApiKey(db: Database, organizationId: string, keyId: string) {
  const key = await db.query.apiKeys.findFirst({ where: and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)) });
  if (!key) fail(404, "API key not found");
  if (key.revokedAt) fail(409, "This API key has already been revoked");
  const [row] = await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keyId)).returning();
  return toApiKeyInfo(row);
}
