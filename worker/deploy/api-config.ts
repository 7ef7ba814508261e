// The API configuration a deployment uses (its ApiConfig): base URL, auth type and the headers
// sent upstream, with secrets masked; for a self-hosted API without a base URL, its docs' example
// address (kept at import).
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, servers } from "../db/schema";
import { authSettingsOf } from "./generate";
import { PASSTHROUGH_API_KEY_HEADER, PASSTHROUGH_AUTHORIZATION_HEADER } from "../runtime/types";

const MASK = "••••••••";

/** The ApiConfig of a server: { baseUrl, authType, authStrategy, headers, instanceExample }. */
export async function apiConfigOf(db: Database, serverId: string) {
  const [server, auth] = await Promise.all([
    db.query.servers.findFirst({ where: eq(servers.id, serverId), columns: { baseUrl: true, instanceExample: true } }),
    db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) }),
  ]);
  const settings = authSettingsOf(auth);
  const masked = auth?.maskedSecrets ?? {};
  const headers: Record<string, string> = { Accept: "application/json" };
  if (settings.type !== "none" && settings.strategy === "passthrough") {
    if (settings.type === "apiKey" && settings.apiKey?.in === "header")
      headers[settings.apiKey.name] = `<from the caller's ${PASSTHROUGH_API_KEY_HEADER} header>`;
    else if (settings.type !== "apiKey") headers.Authorization = `<from the caller's ${PASSTHROUGH_AUTHORIZATION_HEADER} header>`;
  } else if (settings.type === "bearer") headers.Authorization = `Bearer ${masked.token ?? MASK}`;
  else if (settings.type === "basic") headers.Authorization = `Basic ${MASK}`;
  else if (settings.type === "oauth2") headers.Authorization = `Bearer <token from ${settings.oauth2?.tokenUrl ?? "the token URL"}>`;
  else if (settings.type === "apiKey" && settings.apiKey?.in === "header") headers[settings.apiKey.name] = masked.key ?? MASK;
  const instanceExample = server?.baseUrl ? null : (server?.instanceExample ?? null);
  return {
    baseUrl: server?.baseUrl ?? null,
    authType: auth?.authType ?? "none",
    authStrategy: settings.strategy,
    headers,
    instanceExample,
  };
}
