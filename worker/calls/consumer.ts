// Consumer of the call-record queue: a batch of records becomes one INSERT reading them from a JSON
// array (one bound parameter, however many records), callers' names looked up in the same
// statement; records of a server deleted meanwhile are dropped; a redelivered record is written
// once (the gateway chose its id).
import type { Bindings } from "../env";
import type { BatchHandler } from "../jobs/handler";
import type { MessageOf } from "../jobs/messages";
import type { CallRecordMessage } from "./record";

/** One statement's JSON stays well under D1's limits on a bound value. */
const MAX_STATEMENT_CHARS = 500_000;

const INSERT = `insert or ignore into call_records
  (id, server_id, organization_id, at, tool, caller_kind, caller_id, caller_name, outcome, upstream_status, gateway_ms, upstream_ms, request_bytes, response_bytes, error, arguments, result)
  select r ->> 'id', r ->> 'serverId', r ->> 'organizationId', r ->> 'at', r ->> 'tool', r ->> 'callerKind', r ->> 'callerId',
    case r ->> 'callerKind'
      when 'token' then (select coalesce(name, 'Unnamed Token') from access_tokens where id = r ->> 'callerId')
      when 'oauth' then (select client_name from oauth_grants where id = r ->> 'callerId')
      when 'try_it' then (select 'Try it (' || name || ')' from users where id = r ->> 'callerId')
      when 'public' then 'Public'
    end,
    r ->> 'outcome', r ->> 'upstreamStatus', r ->> 'gatewayMs', r ->> 'upstreamMs', r ->> 'requestBytes', r ->> 'responseBytes', r ->> 'error', r ->> 'arguments', r ->> 'result'
  from (select value as r from json_each(?1))
  where exists (select 1 from servers where id = r ->> 'serverId')`;

/** A record as the INSERT reads it: flat, bounded, with the caller's kind and id apart. */
const row = (r: CallRecordMessage) => ({
  ...r,
  tool: r.tool.slice(0, 200),
  callerKind: r.caller.kind,
  callerId: "id" in r.caller ? r.caller.id : null,
  gatewayMs: Math.max(0, Math.round(r.gatewayMs)),
  caller: undefined,
});

/** Writes the records of a batch's messages; every message is retried when D1 fails. */
export async function writeCallRecords(env: Bindings, messages: Message<MessageOf<"calls">>[]) {
  const records = messages.flatMap(({ body }) => body.records);
  try {
    const chunks: string[][] = [[]];
    let size = 0;
    for (const record of records) {
      const json = JSON.stringify(row(record));
      if (size + json.length > MAX_STATEMENT_CHARS && chunks.at(-1)!.length > 0) [chunks[chunks.length], size] = [[], 0];
      chunks.at(-1)!.push(json);
      size += json.length;
    }
    const statement = env.DB.prepare(INSERT);
    const statements = chunks.filter((c) => c.length > 0).map((c) => statement.bind(`[${c.join(",")}]`));
    if (statements.length > 0) await env.DB.batch(statements);
    for (const message of messages) message.ack();
  } catch (err) {
    console.error("call log: batch not written", (err as Error)?.message ?? String(err));
    for (const message of messages) message.retry({ delaySeconds: 5 });
  }
}

/** The call-record job on the bus: a batch's records go to D1 together. */
export const callRecordsJob: BatchHandler<MessageOf<"calls">> = {
  mode: "batch",
  run: ({ env }, messages) => writeCallRecords(env, messages),
};
