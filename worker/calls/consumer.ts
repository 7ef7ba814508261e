// Consumer of the call-record queue: one D1 batch per queue batch. Callers' names are looked up
// once per batch; records of a server deleted meanwhile are dropped; a redelivered record is
// written once (the gateway chose its id).
import { inArray } from "drizzle-orm";
import { getDb } from "../db";
import { accessTokens, oauthGrants } from "../db/schema";
import type { Bindings } from "../env";
import type { CallRecordMessage } from "./record";

export const CALLS_QUEUE_NAME = "toolport-calls";

const INSERT = `insert or ignore into call_records
  (id, server_id, organization_id, at, tool, caller_kind, caller_id, caller_name, outcome, upstream_status, gateway_ms, upstream_ms, request_bytes, response_bytes, error, arguments, result)
  select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17
  where exists (select 1 from servers where id = ?2)`;

/** Names of the tokens and OAuth grants that made these calls: id → name. */
async function callerNames(env: Bindings, records: CallRecordMessage[]) {
  const db = getDb(env.DB);
  const ids = (kind: "token" | "oauth") => [...new Set(records.flatMap((r) => (r.caller.kind === kind ? [r.caller.id] : [])))];
  const [tokenIds, grantIds] = [ids("token"), ids("oauth")];
  const [tokens, grants] = await Promise.all([
    tokenIds.length > 0 ? db.select({ id: accessTokens.id, name: accessTokens.name }).from(accessTokens).where(inArray(accessTokens.id, tokenIds)) : [],
    grantIds.length > 0 ? db.select({ id: oauthGrants.id, name: oauthGrants.clientName }).from(oauthGrants).where(inArray(oauthGrants.id, grantIds)) : [],
  ]);
  return new Map<string, string>([...tokens.map((t) => [t.id, t.name ?? "Unnamed Token"] as const), ...grants.map((g) => [g.id, g.name] as const)]);
}

/** Writes one batch of call records; the whole batch is retried when D1 fails. */
export async function handleCallBatch(batch: MessageBatch<CallRecordMessage>, env: Bindings) {
  const records = batch.messages.map((m) => m.body).filter((b) => b?.kind === "call");
  try {
    if (records.length > 0) {
      const names = await callerNames(env, records);
      const statement = env.DB.prepare(INSERT);
      await env.DB.batch(
        records.map((r) => {
          const callerId = r.caller.kind === "token" || r.caller.kind === "oauth" ? r.caller.id : null;
          const callerName = callerId ? (names.get(callerId) ?? null) : r.caller.kind === "public" ? "Public" : null;
          return statement.bind(
            r.id, r.serverId, r.organizationId, r.at, r.tool.slice(0, 200), r.caller.kind, callerId, callerName, r.outcome,
            r.upstreamStatus ?? null, Math.max(0, Math.round(r.gatewayMs)), r.upstreamMs ?? null, r.requestBytes, r.responseBytes ?? null,
            r.error ?? null, r.arguments ?? null, r.result ?? null,
          );
        }),
      );
    }
    batch.ackAll();
  } catch (err) {
    console.error("call log: batch not written", (err as Error)?.message ?? String(err));
    batch.retryAll({ delaySeconds: 5 });
  }
}
