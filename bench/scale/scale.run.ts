// `npm run bench:scale`: metering at scale. 1,000 organizations × 3 servers under a skewed load
// (Zipf: a few organizations make most calls, many pass their monthly limit), served by 8 gateway
// isolates (each its own UsageMeter, as separate isolates are) against the real UsageLedger Durable
// Objects and D1. Then the race: 50 isolates calling for one organization's last calls at once.
// Prints D1 statements on the call path (any the metering made would be counted), D1 aggregate writes
// and ledger requests per call, and every organization's count against its limit. Figures are printed.
import { env } from "cloudflare:workers";
import { it } from "vitest";
import { usagePeriod } from "../../worker/billing/usage";
import { organizations, servers } from "../../worker/db/schema";
import { ledgerOf, UsageMeter, type MeteredCall } from "../../worker/gateway/metering";
import { db } from "../../tests/worker/mcp-setup";
import { countingDb } from "../load/load";

const ORGANIZATIONS = 1_000;
const SERVERS_EACH = 3;
const CALLS = 200_000;
const ISOLATES = 8;
const IN_FLIGHT = 64;
const RACERS = 50;
/** Monthly limits: most organizations on a small plan, some on larger ones. */
const limitOf = (i: number) => (i % 20 === 0 ? 250_000 : i % 4 === 0 ? 10_000 : 1_000);

/** A Zipf(1.1) sampler over 0..n-1 (rank 0 the busiest). */
function zipf(n: number, s = 1.1) {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= n; k++) cumulative.push((total += 1 / k ** s));
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return () => {
    const x = random() * total;
    let [lo, hi] = [0, n - 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Gateway isolates: each meter sees env with a D1 that counts every statement made on the call path. */
function gatewayIsolates(count: number) {
  const counted = countingDb(env.DB);
  const callEnv = { ...env, DB: counted.db };
  const background: Promise<unknown>[] = [];
  const waitUntil = (p: Promise<unknown>) => void background.push(p);
  const meters = Array.from({ length: count }, () => new UsageMeter());
  return {
    take: async (isolate: number, call: MeteredCall) => (await meters[isolate].take(callEnv, call, 1, waitUntil)).ok,
    settle: async () => {
      await Promise.all(meters.map((m) => m.settle(callEnv)));
      await Promise.all(background);
    },
    ledgerRequests: () => meters.reduce((sum, m) => sum + m.ledgerRequests, 0),
    d1Statements: () => counted.counter.statements + counted.counter.hostLookups,
  };
}

it("simulates metering at scale", async () => {
  const orgIds: string[] = [];
  const serverIds: string[][] = [];
  for (let start = 0; start < ORGANIZATIONS; start += 20) {
    const rows = Array.from({ length: Math.min(20, ORGANIZATIONS - start) }, (_, i) => ({
      name: `Scale ${start + i}`,
      slug: `scale-${crypto.randomUUID()}`,
    }));
    const created = await db.insert(organizations).values(rows).returning({ id: organizations.id });
    for (const org of created) {
      orgIds.push(org.id);
      const made = await db
        .insert(servers)
        .values(
          Array.from({ length: SERVERS_EACH }, (_, s) => ({
            organizationId: org.id,
            name: `Server ${s}`,
            slug: `scale-${crypto.randomUUID()}`,
            baseUrl: "https://api.example.com",
          })),
        )
        .returning({ id: servers.id });
      serverIds.push(made.map((m) => m.id));
    }
  }

  const pickOrg = zipf(ORGANIZATIONS);
  const pickServer = zipf(SERVERS_EACH);
  const gateway = gatewayIsolates(ISOLATES);
  const served = new Map<string, number>();
  let refused = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, lane) => {
      while (next < CALLS) {
        next++;
        const o = pickOrg();
        const call = { organizationId: orgIds[o], serverId: serverIds[o][pickServer()], limit: limitOf(o), planName: "Scale" };
        if (await gateway.take((lane + next) % ISOLATES, call)) served.set(call.organizationId, (served.get(call.organizationId) ?? 0) + 1);
        else refused++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const hotPathStatements = gateway.d1Statements();
  await gateway.settle();

  let over = 0;
  let mismatched = 0;
  let atLimit = 0;
  let aggregateWrites = 0;
  let lost = 0;
  for (const [o, org] of orgIds.entries()) {
    const usage = await ledgerOf(env, org).usage(org, usagePeriod());
    await ledgerOf(env, org).writeNow();
    aggregateWrites += (await ledgerOf(env, org).usage(org, usagePeriod())).aggregateWrites;
    lost += usage.lost;
    if (usage.used > limitOf(o)) over++;
    if (usage.used === limitOf(o)) atLimit++;
    if (usage.used !== (served.get(org) ?? 0)) mismatched++;
  }

  // The race: 50 isolates, each with 40 calls in flight, for one organization's last 500 calls.
  const racer = orgIds[ORGANIZATIONS - 1];
  const racerServer = serverIds[ORGANIZATIONS - 1][0];
  await env.DB.prepare(
    "insert into organization_usage (organization_id, period, tool_calls) values (?1, ?2, ?3) on conflict do update set tool_calls = excluded.tool_calls",
  )
    .bind(racer, usagePeriod(), 0)
    .run();
  const race = gatewayIsolates(RACERS);
  const raceCall = { organizationId: racer, serverId: racerServer, limit: 500 + (served.get(racer) ?? 0), planName: "Scale" };
  const raceResults = await Promise.all(Array.from({ length: RACERS * 40 }, (_, i) => race.take(i % RACERS, raceCall)));
  await race.settle();
  const raceUsage = await ledgerOf(env, racer).usage(racer, usagePeriod());

  const calls = CALLS;
  console.log(
    [
      "",
      `bench:scale — ${ORGANIZATIONS} organizations × ${SERVERS_EACH} servers, ${calls.toLocaleString("en-US")} tools/call (Zipf 1.1), ${ISOLATES} gateway isolates, ${IN_FLIGHT} calls in flight`,
      `  served ${(calls - refused).toLocaleString("en-US")}, refused at the limit ${refused.toLocaleString("en-US")}, in ${seconds.toFixed(1)} s (${(calls / seconds).toFixed(0)} metering decisions/s)`,
      `  D1 statements on the call path      ${hotPathStatements}   (${(hotPathStatements / calls).toFixed(4)} per call)`,
      `  D1 aggregate writes (ledger alarms)  ${aggregateWrites}   (${(aggregateWrites / calls).toFixed(4)} per call; one batch per organization and flush)`,
      `  ledger (Durable Object) requests     ${gateway.ledgerRequests()}   (${(gateway.ledgerRequests() / calls).toFixed(4)} per call)`,
      `  organizations over their limit       ${over}   (at their limit: ${atLimit})`,
      `  counts different from calls served   ${mismatched}   lost to leases: ${lost}`,
      `  race: ${RACERS} isolates × 40 calls for the last 500 → served ${raceResults.filter(Boolean).length}, counted ${raceUsage.used - (served.get(racer) ?? 0)}, over the limit ${Math.max(0, raceUsage.used - raceCall.limit)}`,
      "",
    ].join("\n"),
  );
}, 900_000);
