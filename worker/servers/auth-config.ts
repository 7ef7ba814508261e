// A server's upstream authentication: read (never a secret), save with its checks (static parameters
// filled, managed credentials for the auth type, an access token for managed auth), and
// delete secrets. Secrets are AES-GCM encrypted; answers carry masks only.
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db";
import { accessTokens, authConfigs, type ParameterCandidate, tokenServers, tools } from "../db/schema";
import { decryptJson, encryptJson, maskSecret } from "../lib/crypto";
import { isLocalDev } from "../env";
import { fail } from "../lib/errors";
import { commonValueKind, staticValueProblem, type ValueSchema } from "../lib/static-values";
import { isInternalHost } from "../lib/internal-host";
import { invalidateServerLookups } from "../servers/read-model";
import type { AuthCandidate } from "../openapi/auth";
import type { UpstreamCredentials } from "../openapi/types";
import { getServerRow } from "./queries";
import { getConfigurableServer } from "./tools";
import { credentialsRequiredMessage, TOKEN_REQUIRED_MESSAGE } from "../lib/messages";

type AuthRow = typeof authConfigs.$inferSelect;
type AuthType = AuthRow["authType"];
export type SaveAuthConfigInput = {
  authType: AuthType;
  authStrategy: AuthRow["authStrategy"];
  requireToolportLogin?: boolean;
  exposeToPublic?: boolean;
  secrets?: UpstreamCredentials;
  authContextValues?: Record<string, string>;
  authContextMetadata?: ParameterCandidate[];
  apiKey?: { name: string; in: "header" | "query" | "cookie" };
  oauth2?: { tokenUrl: string; scopes?: string[] };
};

export const NO_CONFIG_MESSAGE = "Authentication is not configured for this server";

export { credentialsRequiredMessage, TOKEN_REQUIRED_MESSAGE };

const REQUIRED_SECRETS: Partial<Record<AuthType, { fields: (keyof UpstreamCredentials)[]; label: string }>> = {
  bearer: { fields: ["token"], label: "Bearer Token" },
  apiKey: { fields: ["key"], label: "API Key" },
  basic: { fields: ["username", "password"], label: "Username and Password" },
  oauth2: { fields: ["clientId", "clientSecret"], label: "OAuth2 Client ID and Secret" },
  oauthClientCreds: { fields: ["clientId", "clientSecret"], label: "OAuth2 Client ID and Secret" },
  oauthCode: { fields: ["clientId", "clientSecret"], label: "OAuth2 Client ID and Secret" },
};

/** The auth config as answered: everything but secrets, which appear masked. */
export const toAuthConfigAnswer = (row: AuthRow) => ({
  authType: row.authType,
  authStrategy: row.authStrategy,
  status: row.status,
  authContextValues: row.authContextValues,
  authContextMetadata: row.authContextMetadata,
  maskedSecrets: row.maskedSecrets,
  exposeToPublic: row.exposeToPublic,
  requireToolportLogin: row.requireToolportLogin,
  settings: { apiKey: row.settings.apiKey ?? null, oauth2: row.settings.oauth2 ?? null },
  updatedAt: row.updatedAt.toISOString(),
});

/** The saved auth config; 404 when the user never saved one (the import's placeholder does not count). */
export async function getAuthConfig(db: Database, organizationId: string, serverId: string) {
  await getServerRow(db, organizationId, serverId);
  const row = await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) });
  if (!row || row.settings.saved !== true) fail(404, NO_CONFIG_MESSAGE);
  return toAuthConfigAnswer(row);
}

/** Active, unexpired access tokens of the organization assigned to the server. */
export async function countAssignedTokens(db: Database, organizationId: string, serverId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(tokenServers)
    .innerJoin(accessTokens, eq(accessTokens.id, tokenServers.tokenId))
    .where(
      and(
        eq(tokenServers.serverId, serverId),
        eq(accessTokens.organizationId, organizationId),
        eq(accessTokens.isActive, true),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, new Date())),
      ),
    );
  return Number(row?.n ?? 0);
}

/** apiKey/oauth2 settings: given ones, else the first detected candidate of that type. */
function settingsFor(input: SaveAuthConfigInput, detected: AuthCandidate[]) {
  const candidate = detected.find(
    (c) => c.type === (input.authType === "oauthClientCreds" || input.authType === "oauthCode" ? "oauth2" : input.authType),
  );
  const settings: Record<string, unknown> = { saved: true, detected };
  if (input.authType === "apiKey")
    settings.apiKey =
      input.apiKey ?? (candidate?.name ? { name: candidate.name, in: candidate.in ?? "header" } : { name: "X-API-Key", in: "header" });
  if (input.authType.startsWith("oauth")) {
    const tokenUrl = input.oauth2?.tokenUrl ?? candidate?.tokenUrl;
    if (tokenUrl) settings.oauth2 = { tokenUrl, scopes: input.oauth2?.scopes ?? candidate?.scopes ?? [] };
  }
  return settings;
}

/** The OAuth2 token URL must be one a deployed server may call: http(s), and (outside development) not internal. */
function checkTokenUrl(tokenUrl: string, env: Pick<Env, "ENVIRONMENT">) {
  let url: URL;
  try {
    url = new URL(tokenUrl);
  } catch {
    fail(400, `The OAuth2 token URL is not a valid URL: ${tokenUrl.slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(400, "The OAuth2 token URL must be an http or https URL");
  if (!isLocalDev(env) && isInternalHost(url.hostname)) {
    fail(
      400,
      `The OAuth2 token URL points at an internal address (${url.hostname}), which deployed MCP servers may not call: use the token endpoint's public address`,
    );
  }
}

/** Reads a json_extract answer: arrays and objects come back as JSON text, scalars as themselves. */
const extracted = (value: unknown) =>
  typeof value === "string" && (value.startsWith("[") || value.startsWith("{")) ? JSON.parse(value) : value;

/**
 * Static values must name an argument of one of the server's tools (else they would never be sent),
 * and suit it: one of its enum values, a number, true or false. Names saved before stay accepted, so
 * a re-import that drops a parameter doesn't block saving.
 */
async function checkStaticParameters(db: Database, serverId: string, values: Record<string, string>, saved: Record<string, string>) {
  if (!Object.keys(values).length) return;
  const rows = await db.all<{ name: string; type: unknown; enum: unknown }>(
    sql`select distinct p.key as name, json_extract(p.value, '$.type') as type, json_extract(p.value, '$.enum') as enum
        from ${tools}, json_each(${tools.inputSchema}, '$.properties') p where ${tools.serverId} = ${serverId}`,
  );
  const schemas = new Map<string, ValueSchema[]>();
  for (const row of rows)
    schemas.set(row.name, [...(schemas.get(row.name) ?? []), { type: extracted(row.type), enum: extracted(row.enum) }]);
  const unknown = Object.keys(values).filter((name) => !schemas.has(name) && !(name in saved));
  if (unknown.length) fail(400, `Static parameters must be arguments of the server's tools; unknown: ${unknown.join(", ")}`);
  for (const [name, value] of Object.entries(values)) {
    const problem = schemas.has(name) ? staticValueProblem(name, value, commonValueKind(schemas.get(name)!)) : null;
    if (problem) fail(400, problem);
  }
}

/** Saves the auth config once static parameters have values and managed auth has its credentials and an access token; blank secrets keep the stored ones. */
export async function saveAuthConfig(
  db: Database,
  secretsKey: string,
  organizationId: string,
  serverId: string,
  input: SaveAuthConfigInput,
  env: Pick<Env, "ENVIRONMENT">,
) {
  await getConfigurableServer(db, organizationId, serverId);
  const existing = await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) });
  const blanks = Object.entries(input.authContextValues ?? {})
    .filter(([, v]) => !String(v ?? "").trim())
    .map(([k]) => k);
  if (blanks.length) fail(400, `Please provide values for all static parameters: ${blanks.join(", ")}`);
  await checkStaticParameters(db, serverId, input.authContextValues ?? {}, existing?.authContextValues ?? {});
  const settings = settingsFor(input, (existing?.settings.detected as AuthCandidate[] | undefined) ?? []);
  const oauth2 = settings.oauth2 as { tokenUrl: string } | undefined;
  if (oauth2) checkTokenUrl(oauth2.tokenUrl, env);
  const managed = input.authStrategy === "managed" && input.authType !== "none";
  const secrets: UpstreamCredentials = {};
  if (managed) {
    const stored = existing?.secretsCiphertext ? await decryptJson<UpstreamCredentials>(secretsKey, existing.secretsCiphertext) : {};
    const required = REQUIRED_SECRETS[input.authType]!;
    for (const field of required.fields) {
      const given = input.secrets?.[field]?.trim();
      const value = given || (existing?.authType === input.authType ? stored[field] : undefined);
      if (value) secrets[field] = value;
    }
    if (required.fields.some((f) => !secrets[f])) fail(400, credentialsRequiredMessage(required.label));
  }
  if (input.authStrategy === "managed" && !input.exposeToPublic && (await countAssignedTokens(db, organizationId, serverId)) === 0) {
    fail(400, TOKEN_REQUIRED_MESSAGE);
  }
  const hasSecrets = Object.keys(secrets).length > 0;
  const values = {
    authType: input.authType,
    authStrategy: input.authStrategy,
    status: "configured" as const,
    authContextValues: input.authContextValues ?? {},
    authContextMetadata: input.authContextMetadata ?? [],
    requireToolportLogin: input.requireToolportLogin ?? false,
    exposeToPublic: input.exposeToPublic ?? false,
    secretsCiphertext: hasSecrets ? await encryptJson(secretsKey, secrets) : null,
    maskedSecrets: Object.fromEntries(Object.entries(secrets).map(([k, v]) => [k, maskSecret(v!)])),
    settings,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(authConfigs)
    .values({ serverId, ...values })
    .onConflictDoUpdate({ target: authConfigs.serverId, set: values })
    .returning();
  invalidateServerLookups();
  return toAuthConfigAnswer(row);
}

/** Removes the stored secrets; the config stays, with status not_configured. */
export async function deleteAuthSecrets(db: Database, organizationId: string, serverId: string) {
  await getConfigurableServer(db, organizationId, serverId);
  await db
    .update(authConfigs)
    .set({ secretsCiphertext: null, maskedSecrets: {}, status: "not_configured", updatedAt: new Date() })
    .where(eq(authConfigs.serverId, serverId));
  invalidateServerLookups();
}
