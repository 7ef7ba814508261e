// The API configuration a deployment uses (its ApiConfig): base URL, auth type and the headers
// sent upstream, with secrets masked; for a self-hosted API without a base URL, its docs' example address.
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, servers } from "../db/schema";
import { authSettingsOf } from "./generate";
import type { Bindings } from "../env";
import { INSTANCE_EXTENSION } from "../openapi/types";
import { PASSTHROUGH_API_KEY_HEADER, PASSTHROUGH_AUTHORIZATION_HEADER } from "../runtime/types";

const MASK = "••••••••";

/** Descriptions read for the example address are at most this large (a crawled description is far smaller). */
const MAX_INSTANCE_READ_BYTES = 5 * 1024 * 1024;

/** The example address a crawled description of a self-hosted API keeps in its info, or null. */
async function instanceExampleOf(env: Pick<Bindings, "KV">, specKey: string | null) {
  const text = specKey ? await env.KV.get(specKey) : null;
  if (!text || text.length > MAX_INSTANCE_READ_BYTES || !text.includes(INSTANCE_EXTENSION)) return null;
  try {
    const example = (JSON.parse(text) as { info?: Record<string, unknown> }).info?.[INSTANCE_EXTENSION];
    return typeof example === "string" ? example.slice(0, 500) : null;
  } catch {
    return null;
  }
}

/** The ApiConfig of a server: { baseUrl, authType, authStrategy, headers, instanceExample }. */
export async function apiConfigOf(db: Database, env: Pick<Bindings, "KV">, serverId: string) {
  const [server, auth] = await Promise.all([
    db.query.servers.findFirst({ where: eq(servers.id, serverId), columns: { baseUrl: true, specKey: true } }),
    db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) }),
  ]);
  const settings = authSettingsOf(auth);
  const masked = auth?.maskedSecrets ?? {};
  const headers: Record<string, string> = { Accept: "application/json" };
  if (settings.type !== "none" && settings.strategy === "passthrough") {
    if (settings.type === "apiKey" && settings.apiKey?.in === "header") headers[settings.apiKey.name] = `<from the caller's ${PASSTHROUGH_API_KEY_HEADER} header>`;
    else if (settings.type !== "apiKey") headers.Authorization = `<from the caller's ${PASSTHROUGH_AUTHORIZATION_HEADER} header>`;
  } else if (settings.type === "bearer") headers.Authorization = `Bearer ${masked.token ?? MASK}`;
  else if (settings.type === "basic") headers.Authorization = `Basic ${MASK}`;
  else if (settings.type === "oauth2") headers.Authorization = `Bearer <token from ${settings.oauth2?.tokenUrl ?? "the token URL"}>`;
  else if (settings.type === "apiKey" && settings.apiKey?.in === "header") headers[settings.apiKey.name] = masked.key ?? MASK;
  const instanceExample = server?.baseUrl ? null : await instanceExampleOf(env, server?.specKey ?? null);
  return { baseUrl: server?.baseUrl ?? null, authType: auth?.authType ?? "none", authStrategy: settings.strategy, headers, instanceExample };
}
