// Reading the call log: a server's recent calls (filtered, paged by cursor) and its statistics over
// a window (calls over time by outcome class, per-tool p50/p95 latency and error rate, top errors).
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import { callRecords, CALL_OUTCOMES, servers, type CallOutcome } from "../db/schema";
import { fail } from "../lib/errors";

/** Outcome classes: what the owner reads first. */
export const OUTCOME_CLASSES = {
  ok: ["ok"],
  model: ["invalid_arguments", "unknown_tool"],
  api: ["upstream_4xx", "upstream_5xx", "failed"],
  timeout: ["timeout"],
  refused: ["paused", "over_limit", "unauthorized"],
} as const satisfies Record<string, readonly CallOutcome[]>;
export type OutcomeClass = keyof typeof OUTCOME_CLASSES;
export const CLASS_NAMES = Object.keys(OUTCOME_CLASSES) as OutcomeClass[];
export const classOf = (outcome: CallOutcome) =>
  CLASS_NAMES.find((c) => (OUTCOME_CLASSES[c] as readonly string[]).includes(outcome)) ?? "api";

export const WINDOWS = {
  "24h": { ms: 24 * 3_600_000, bucketMs: 3_600_000 },
  "7d": { ms: 7 * 86_400_000, bucketMs: 6 * 3_600_000 },
  "30d": { ms: 30 * 86_400_000, bucketMs: 86_400_000 },
} as const;
export type StatsWindow = keyof typeof WINDOWS;

/** The server whose calls are read: the organization's own, or any (superadmin); 404 otherwise. */
export async function callLogServer(db: Database, serverId: string, organizationId: string | null) {
  const where =
    organizationId === null ? eq(servers.id, serverId) : and(eq(servers.id, serverId), eq(servers.organizationId, organizationId));
  const [server] = await db
    .select({ id: servers.id, name: servers.name, organizationId: servers.organizationId, status: servers.status })
    .from(servers)
    .where(where);
  if (!server || server.status === "removed") fail(404, "Server not found");
  return server;
}

type Row = typeof callRecords.$inferSelect;

/** A call record as the API answers it. */
export const toCallAnswer = (r: Row) => ({
  id: r.id,
  at: r.at.toISOString(),
  tool: r.tool,
  caller: { kind: r.callerKind, id: r.callerId, name: r.callerName },
  outcome: r.outcome,
  outcomeClass: classOf(r.outcome),
  upstreamStatus: r.upstreamStatus,
  latencyMs: r.gatewayMs + (r.upstreamMs ?? 0),
  gatewayMs: r.gatewayMs,
  upstreamMs: r.upstreamMs,
  requestBytes: r.requestBytes,
  responseBytes: r.responseBytes,
  error: r.error,
  arguments: r.arguments,
  result: r.result,
});

export type CallFilters = { tool?: string; outcome?: string; caller?: string; cursor?: string; limit: number };

/** base64url of [at, id]: safe in a query string as it is. */
const encodeCursor = (r: Row) =>
  btoa(JSON.stringify([r.at.getTime(), r.id]))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
function decodeCursor(cursor: string): [number, string] {
  try {
    const value = JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/"))) as unknown;
    if (Array.isArray(value) && typeof value[0] === "number" && typeof value[1] === "string") return [value[0], value[1]];
  } catch {}
  fail(400, "cursor: not a cursor this API answered");
}

/** Outcomes an `outcome` filter stands for: one outcome, or a whole class. */
function outcomesOf(filter: string): CallOutcome[] {
  if ((CALL_OUTCOMES as readonly string[]).includes(filter)) return [filter as CallOutcome];
  if (filter in OUTCOME_CLASSES) return [...OUTCOME_CLASSES[filter as OutcomeClass]];
  fail(400, `outcome: one of ${[...CLASS_NAMES, ...CALL_OUTCOMES].join(", ")}`);
}

/** The server's calls, newest first: `limit` per page, `nextCursor` for the next page (null at the end). */
export async function listCalls(db: Database, serverId: string, filters: CallFilters) {
  const where: SQL[] = [eq(callRecords.serverId, serverId)];
  if (filters.tool) where.push(eq(callRecords.tool, filters.tool));
  if (filters.outcome) where.push(inArray(callRecords.outcome, outcomesOf(filters.outcome)));
  if (filters.caller) {
    const kind = filters.caller === "public" || filters.caller === "anonymous" ? filters.caller : null;
    where.push(kind ? eq(callRecords.callerKind, kind) : eq(callRecords.callerId, filters.caller));
  }
  if (filters.cursor) {
    const [at, id] = decodeCursor(filters.cursor);
    where.push(or(lt(callRecords.at, new Date(at)), and(eq(callRecords.at, new Date(at)), lt(callRecords.id, id)))!);
  }
  const rows = await db
    .select()
    .from(callRecords)
    .where(and(...where))
    .orderBy(desc(callRecords.at), desc(callRecords.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  return { calls: page.map(toCallAnswer), nextCursor: rows.length > filters.limit ? encodeCursor(page.at(-1)!) : null };
}

const LATENCY = sql`${callRecords.gatewayMs} + coalesce(${callRecords.upstreamMs}, 0)`;
const isError = sql<number>`sum(case when ${callRecords.outcome} = 'ok' then 0 else 1 end)`;
const classCase = sql.raw(
  `case ${CLASS_NAMES.map((c) => `when outcome in (${OUTCOME_CLASSES[c].map((o) => `'${o}'`).join(", ")}) then '${c}'`).join(" ")} end`,
);

/** Statistics of the server's calls over the window ending `now`. */
export async function callStats(db: Database, serverId: string, window: StatsWindow, now = new Date()) {
  const { ms, bucketMs } = WINDOWS[window];
  // Buckets end at `now` rounded up to a whole bucket, so a bucket's calls do not move as time passes.
  const end = Math.ceil(now.getTime() / bucketMs) * bucketMs;
  const from = new Date(end - ms);
  const inWindow = and(eq(callRecords.serverId, serverId), gte(callRecords.at, from));
  const bucketOf = sql<number>`(${callRecords.at} - ${from.getTime()}) / ${bucketMs}`;

  const [byBucket, byTool, percentiles, errors, callers] = await Promise.all([
    db
      .select({ bucket: bucketOf, outcomeClass: sql<OutcomeClass>`${classCase}`, calls: sql<number>`count(*)` })
      .from(callRecords)
      .where(inWindow)
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        tool: callRecords.tool,
        calls: sql<number>`count(*)`,
        errors: isError,
        upstreamMs: sql<number | null>`avg(${callRecords.upstreamMs})`,
        gatewayMs: sql<number>`avg(${callRecords.gatewayMs})`,
      })
      .from(callRecords)
      .where(inWindow)
      .groupBy(callRecords.tool)
      .orderBy(desc(sql`2`))
      .limit(200),
    // p50 and p95 of each tool's latency (gateway + upstream), by rank within the tool.
    db.all<{ tool: string; p: number; latency: number }>(sql`
      select tool, case when rn = cast((n - 1) * 0.5 as integer) + 1 then 50 else 95 end as p, latency from (
        select ${callRecords.tool} as tool, ${LATENCY} as latency,
          row_number() over (partition by ${callRecords.tool} order by ${LATENCY}) as rn,
          count(*) over (partition by ${callRecords.tool}) as n
        from ${callRecords} where ${inWindow}
      ) where rn = cast((n - 1) * 0.5 as integer) + 1 or rn = cast((n - 1) * 0.95 as integer) + 1`),
    db
      .select({
        outcome: callRecords.outcome,
        tool: callRecords.tool,
        error: callRecords.error,
        count: sql<number>`count(*)`,
        lastAt: sql<number>`max(${callRecords.at})`,
      })
      .from(callRecords)
      .where(and(inWindow, sql`${callRecords.outcome} <> 'ok'`))
      .groupBy(callRecords.outcome, callRecords.tool, callRecords.error)
      .orderBy(desc(sql`4`))
      .limit(10),
    db
      .select({ kind: callRecords.callerKind, id: callRecords.callerId, name: callRecords.callerName, calls: sql<number>`count(*)` })
      .from(callRecords)
      .where(inWindow)
      .groupBy(callRecords.callerKind, callRecords.callerId)
      .orderBy(desc(sql`4`))
      .limit(100),
  ]);

  const buckets = Array.from(
    { length: ms / bucketMs },
    (_, i) =>
      ({ at: new Date(from.getTime() + i * bucketMs).toISOString(), ...Object.fromEntries(CLASS_NAMES.map((c) => [c, 0])) }) as {
        at: string;
      } & Record<OutcomeClass, number>,
  );
  for (const row of byBucket) {
    const bucket = buckets[Math.min(buckets.length - 1, Math.max(0, Math.floor(row.bucket)))];
    if (bucket && row.outcomeClass) bucket[row.outcomeClass] += row.calls;
  }
  const p = new Map(percentiles.map((r) => [`${r.tool}\n${r.p}`, r.latency]));
  const tools = byTool.map((t) => ({
    tool: t.tool,
    calls: t.calls,
    errors: t.errors,
    errorRate: t.calls > 0 ? t.errors / t.calls : 0,
    p50Ms: p.get(`${t.tool}\n50`) ?? 0,
    p95Ms: p.get(`${t.tool}\n95`) ?? p.get(`${t.tool}\n50`) ?? 0,
    avgGatewayMs: Math.round(t.gatewayMs ?? 0),
    avgUpstreamMs: t.upstreamMs === null ? null : Math.round(t.upstreamMs),
  }));
  const total = tools.reduce((sum, t) => sum + t.calls, 0);
  const failed = tools.reduce((sum, t) => sum + t.errors, 0);
  return {
    window,
    from: from.toISOString(),
    to: new Date(end).toISOString(),
    bucketMs,
    totals: { calls: total, errors: failed, errorRate: total > 0 ? failed / total : 0 },
    buckets,
    tools,
    topErrors: errors.map((e) => ({
      outcome: e.outcome,
      outcomeClass: classOf(e.outcome),
      tool: e.tool,
      error: e.error,
      count: e.count,
      lastAt: new Date(e.lastAt).toISOString(),
    })),
    callers: callers.map((c) => ({ kind: c.kind, id: c.id, name: c.name, calls: c.calls })),
  };
}
