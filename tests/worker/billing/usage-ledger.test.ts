// The usage ledger and the isolates' leases: the monthly limit is never passed whatever the number of
// isolates racing for it, a lease lost with its isolate costs at most that lease, and a new month,
// a plan change and the D1 aggregates behave as the README says.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LEASE_MAX, type UsageLedger } from "../../../durable-objects/usage-ledger";
import { usagePeriod } from "../../../worker/billing/usage";
import { notifications, organizationUsage, serverUsage } from "../../../worker/db/schema";
import { ledgerOf, UsageMeter, type MeteredCall } from "../../../worker/gateway/metering";
import { createOrg, createServer, db } from "../mcp-setup";

/** A stand-in for one gateway isolate: its own meter, and the waitUntil work it started. */
function isolate() {
  const meter = new UsageMeter();
  const background: Promise<unknown>[] = [];
  const waitUntil = (p: Promise<unknown>) => void background.push(p.catch(() => {}));
  const take = async (call: MeteredCall, count = 1, now?: number) => (await meter.take(env, call, count, waitUntil, now)).ok;
  return { meter, take, settle: async () => (await meter.settle(env), await Promise.all(background)) };
}

const d1Usage = async (organizationId: string, period = usagePeriod()) =>
  (
    await db.query.organizationUsage.findFirst({
      where: and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.period, period)),
    })
  )?.toolCalls ?? 0;

async function orgWithServer(plan: "free" | "growth" = "free") {
  const org = await createOrg(plan);
  const server = await createServer(org, []);
  return {
    org,
    server,
    call: (limit: number): MeteredCall => ({
      serverId: server.id,
      organizationId: org,
      limit,
      planName: plan === "free" ? "Free" : "Growth",
    }),
  };
}

describe("the usage ledger: racing isolates and leases", () => {
  it("never passes the limit when many isolates race for the last calls, and every call spent is counted once", async () => {
    const { org, server, call } = await orgWithServer();
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 900 });
    const isolates = Array.from({ length: 8 }, isolate);
    // 8 isolates × 40 concurrent calls for the last 100 calls of the month.
    const results = await Promise.all(isolates.flatMap((i) => Array.from({ length: 40 }, () => i.take(call(1000)))));
    const served = results.filter(Boolean).length;
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThanOrEqual(100);
    await Promise.all(isolates.map((i) => i.settle()));
    const ledger = ledgerOf(env, org);
    const usage = await ledger.usage(org, usagePeriod());
    expect(usage).toMatchObject({ used: 900 + served, reserved: 0, lost: 0 });
    expect(usage.servers[server.id]).toBe(served);
    // What was reserved and not spent went back: the month can be used up exactly, and not one call more.
    const rest: boolean[] = [];
    for (let i = 0; i < 100 - served + 5; i++) rest.push(await isolates[0].take(call(1000)));
    expect(rest.filter(Boolean)).toHaveLength(100 - served);
    await isolates[0].settle();
    await ledger.writeNow();
    expect(await d1Usage(org)).toBe(1000);
  });

  it("counts a lease lost with its isolate as used when it expires: at most LEASE_MAX calls, and never counted twice", async () => {
    const { org, server, call } = await orgWithServer("growth");
    const lost = isolate();
    for (let i = 0; i < 30; i++) expect(await lost.take(call(250_000))).toBe(true);
    // The isolate is evicted here: its 30 spent calls and the rest of its lease are never reported.
    const ledger = ledgerOf(env, org);
    expect(await ledger.usage(org, usagePeriod())).toMatchObject({ used: 0, reserved: LEASE_MAX });
    await runInDurableObject(ledger, async (_instance: UsageLedger, state) => {
      const saved = (await state.storage.get<{ leases: Record<string, { expiresAt: number }> }>("state"))!;
      for (const lease of Object.values(saved.leases)) lease.expiresAt = Date.now() - 1;
      await state.storage.put("state", saved);
    });
    // A fresh instance reads the stored state, as after the object itself was evicted.
    await runInDurableObject(ledger, (instance: UsageLedger) => void ((instance as unknown as { state: null }).state = null));
    expect(await runDurableObjectAlarm(ledger)).toBe(true);
    const after = await ledger.usage(org, usagePeriod());
    expect(after).toMatchObject({ used: LEASE_MAX, reserved: 0, lost: LEASE_MAX });
    expect(await d1Usage(org)).toBe(LEASE_MAX);
    // Had the isolate lived and reported late, its calls would take the place of lost ones, not add to them.
    await lost.settle();
    expect(await ledger.usage(org, usagePeriod())).toMatchObject({ used: LEASE_MAX, lost: LEASE_MAX - 30, servers: { [server.id]: 30 } });
  });

  it("writes its counts to D1 by itself within a second or two", async () => {
    const { org, server, call } = await orgWithServer();
    const one = isolate();
    for (let i = 0; i < 7; i++) expect(await one.take(call(1000))).toBe(true);
    // No settle: the isolate's report loop and the ledger's alarm get there on their own.
    await expect.poll(() => d1Usage(org), { timeout: 10_000, interval: 100 }).toBe(7);
    const [row] = await db.select().from(serverUsage).where(eq(serverUsage.serverId, server.id));
    expect(row.toolCalls).toBe(7);
  });
});

describe("the usage ledger: months, plan changes and notices", () => {
  it("starts a new month from zero at once, keeping the old month's count, and counts last month's late reports there", async () => {
    const { org, call } = await orgWithServer();
    const october = Date.UTC(2026, 9, 31, 23, 59, 59);
    const november = Date.UTC(2026, 10, 1, 0, 0, 1);
    const one = isolate();
    await db.insert(organizationUsage).values({ organizationId: org, period: "2026-10", toolCalls: 995 });
    for (let i = 0; i < 5; i++) expect(await one.take(call(1000), 1, october)).toBe(true);
    expect(await one.take(call(1000), 1, october)).toBe(false);
    // Another isolate, already in November, is served from a fresh month.
    const other = isolate();
    expect(await other.take(call(1000), 1, november)).toBe(true);
    // The October isolate's five calls arrive after the ledger moved on: they count for October.
    await one.settle();
    await other.settle();
    await ledgerOf(env, org).writeNow();
    expect(await d1Usage(org, "2026-10")).toBe(1000);
    expect(await d1Usage(org, "2026-11")).toBe(1);
  });

  it("acts on a plan change at once: a lease taken under the old limit is given back, and the new limit decides", async () => {
    const { org, call } = await orgWithServer("growth");
    const one = isolate();
    expect(await one.take(call(250_000))).toBe(true);
    await one.meter.reportOrganization(env, org);
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 0 }).onConflictDoNothing();
    // Downgraded to a limit of 1: the call already made fills it, though the old lease had 99 calls left.
    expect(await one.take(call(1))).toBe(false);
    expect(await one.take(call(2))).toBe(true);
    expect(await one.take(call(2))).toBe(false);
    await one.settle();
    expect(await ledgerOf(env, org).usage(org, usagePeriod())).toMatchObject({ used: 2, reserved: 0 });
  });

  it("tells the organization once each when its calls pass 80% of the month's limit and when they reach it", async () => {
    const { org, call } = await orgWithServer();
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 790 });
    const one = isolate();
    const ledger = ledgerOf(env, org);
    const month = new Date().toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    const told = async () => {
      await one.settle();
      await ledger.writeNow();
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.organizationId, org))
        .orderBy(asc(notifications.createdAt), sql`rowid`);
      return rows.map((n) => `${n.kind} ${n.link}: ${n.message}`);
    };
    const takeMany = async (n: number) => {
      for (let i = 0; i < n; i++) expect(await one.take(call(1000))).toBe(true);
    };
    await takeMany(9);
    expect(await told()).toEqual([]);
    await takeMany(1);
    const near = `calls_limit_near /usage: 800 of 1,000 tool calls used in ${month}. At the limit the organization's MCP servers pause until the 1st of next month; upgrading the plan raises it.`;
    expect(await told()).toEqual([near]);
    await takeMany(199);
    expect(await told()).toEqual([near]);
    await takeMany(1);
    expect(await one.take(call(1000))).toBe(false);
    const reached = `calls_limit_reached /usage: 1,000 of 1,000 tool calls used in ${month}. The organization's MCP servers are paused until the usage resets on the 1st of next month, or until the plan is upgraded.`;
    expect(await told()).toEqual([near, reached]);
    expect(await one.take(call(1000))).toBe(false);
    expect(await told()).toEqual([near, reached]);
  });

  it("tells the limit reached when a batch is refused for want of calls, from the ledger's alarm", async () => {
    const { org, call } = await orgWithServer();
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 997 });
    const one = isolate();
    expect(await one.take(call(1000), 5)).toBe(false);
    const kinds = async () => (await db.select().from(notifications).where(eq(notifications.organizationId, org))).map((n) => n.kind);
    // Nothing more is reported, so only the ledger's own alarm can tell.
    await expect.poll(kinds, { timeout: 30_000, interval: 100 }).toEqual(["calls_limit_reached"]);
  });

  it("grants a JSON-RPC batch whole or not at all", async () => {
    const { org, call } = await orgWithServer();
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 997 });
    const one = isolate();
    expect(await one.take(call(1000), 5)).toBe(false);
    expect(await one.take(call(1000), 3)).toBe(true);
    await one.settle();
    expect(await ledgerOf(env, org).usage(org, usagePeriod())).toMatchObject({ used: 1000, reserved: 0 });
  });
});
