// Metering: every tools/call counted per server and organization, exactly under concurrency; the
// monthly limit hibernates the organization's servers and refuses further calls.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organizationUsage, plans, servers, serverUsage } from "../../../worker/db/schema";
import { usagePeriod } from "../../../worker/billing/usage";
import { env } from "cloudflare:workers";
import { LEASE_MAX } from "../../../durable-objects/usage-ledger";
import { ledgerOf } from "../../../worker/gateway/metering";
import { call, signedIn } from "../helpers";
import {
  bearer,
  connectV2,
  createOrg,
  createServer,
  createToken,
  db,
  deploy,
  echoTool,
  organizationCalls,
  postMcp,
  servedServer,
  toolCall,
  upstreamHits,
} from "../mcp-setup";

const callTool = (slug: string, token: string, id: number, name = "count_me") => postMcp(slug, token, toolCall(id, name));

/** A deployed server of a new organization on `plan` whose one tool, "counted", calls /counted/{key}; with a token for it. */
async function countedServer(plan: "free" | "growth") {
  const key = `${plan}-${crypto.randomUUID()}`;
  const { org, server, token } = await servedServer([echoTool("counted", { path: `/counted/${key}` })], { plan });
  const call = async (id: number) => (await callTool(server.slug, token, id, "counted")).text();
  return { org, key, server, call };
}

describe("metering", () => {
  it("counts 200 concurrent tools/call exactly, per server and per organization", async () => {
    const org = await createOrg("growth");
    const a = await createServer(org, [echoTool("count_me", {})]);
    const b = await createServer(org, [echoTool("count_me", {})]);
    const { token } = await createToken(org, [a.id, b.id]);
    await deploy(a.id);
    await deploy(b.id);
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => callTool(i % 4 === 0 ? b.slug : a.slug, token, i)));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(bodies.every((t) => t.includes("/echo/count_me") && !t.includes('"error"'))).toBe(true);
    expect(await organizationCalls(org)).toBe(200);
    const perServer = await db.select().from(serverUsage).where(eq(serverUsage.organizationId, org));
    expect(Object.fromEntries(perServer.map((r) => [r.serverId, r.toolCalls]))).toEqual({ [a.id]: 150, [b.id]: 50 });
    // A second wave, served from the cached lookup and token check: still counted exactly.
    const again = await Promise.all(Array.from({ length: 200 }, (_, i) => callTool(i % 4 === 0 ? b.slug : a.slug, token, 200 + i)));
    expect((await Promise.all(again.map((r) => r.text()))).every((t) => t.includes("/echo/count_me"))).toBe(true);
    expect(await organizationCalls(org)).toBe(400);
    const after = await db.select().from(serverUsage).where(eq(serverUsage.organizationId, org));
    expect(Object.fromEntries(after.map((r) => [r.serverId, r.toolCalls]))).toEqual({ [a.id]: 300, [b.id]: 100 });
  });

  it("does not count tools/list or initialize", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("count_me", {})]);
    const { token } = await createToken(org, [server.id]);
    await deploy(server.id);
    const client = await connectV2(server.slug, bearer(token));
    await client.listTools();
    await client.callTool({ name: "count_me", arguments: {} });
    await client.close();
    expect(await organizationCalls(org)).toBe(1);
  });

  it("answers GET /api/billing/usage/servers with this month's calls per server", async () => {
    const { cookie, email } = await signedIn();
    const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
    const membership = await db.query.memberships.findFirst({ where: (m, { eq }) => eq(m.userId, user!.id) });
    const org = membership!.organizationId;
    const server = await createServer(org, [echoTool("count_me", {})]);
    const idle = await createServer(org, [echoTool("count_me", {})]);
    const { token } = await createToken(org, [server.id]);
    await deploy(server.id);
    for (let i = 0; i < 3; i++) expect((await callTool(server.slug, token, i)).status).toBe(200);
    // Last month's count is not this month's.
    await db.insert(serverUsage).values({ serverId: idle.id, organizationId: org, period: "2000-01", toolCalls: 99 });
    const res = await call("/api/billing/usage/servers", { cookie });
    expect(await res.json()).toEqual({ success: true, data: { [server.id]: 3 } });
  });
});

describe("the monthly limit", () => {
  it("hibernates the organization's servers when the plan's maxToolCallsPerMonth is passed", async () => {
    const org = await createOrg("free");
    const free = await db.query.plans.findFirst({ where: eq(plans.type, "free") });
    const server = await createServer(org, [echoTool("count_me", {})]);
    const sibling = await createServer(org, [echoTool("count_me", {})]);
    const { token } = await createToken(org, [server.id]);
    await deploy(server.id);
    // Start just under the limit (1,000 on the free plan).
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: free!.maxToolCallsPerMonth - 2 });

    const client = await connectV2(server.slug, bearer(token));
    await client.callTool({ name: "count_me", arguments: {} });
    await client.callTool({ name: "count_me", arguments: {} });
    expect(await organizationCalls(org)).toBe(1000);
    await expect(client.callTool({ name: "count_me", arguments: {} })).rejects.toThrow(/Free plan allows 1,000 tool calls per month/);
    expect(await organizationCalls(org)).toBe(1000);
    for (const id of [server.id, sibling.id]) {
      expect(await db.query.servers.findFirst({ where: eq(servers.id, id) })).toMatchObject({
        status: "hibernated",
        hibernatedReason: "tool_calls",
      });
    }
    // Further calls are refused without counting; listing still works so clients can show why.
    await expect(client.callTool({ name: "count_me", arguments: {} })).rejects.toThrow(/paused.*maxToolCallsPerMonth/);
    expect((await client.listTools()).tools).toHaveLength(1);
    expect(await organizationCalls(org)).toBe(1000);
    await client.close();
  });

  it("refuses concurrent calls past the limit without overshooting the count", async () => {
    const org = await createOrg("free");
    const server = await createServer(org, [echoTool("count_me", {})]);
    const { token } = await createToken(org, [server.id]);
    await deploy(server.id);
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 990 });
    const bodies = await Promise.all(Array.from({ length: 30 }, async (_, i) => (await callTool(server.slug, token, i)).text()));
    expect(bodies.filter((b) => b.includes("/echo/count_me"))).toHaveLength(10);
    expect(bodies.filter((b) => b.includes("tool-call limit reached") || b.includes("paused"))).toHaveLength(20);
    expect(await organizationCalls(org)).toBe(1000);
    // The server's counter moved with the organization's: only for the 10 calls that were served.
    const [row] = await db.select().from(serverUsage).where(eq(serverUsage.serverId, server.id));
    expect(row.toolCalls).toBe(10);
  });

  it("counts first near the limit, so a call over it never reaches the API", async () => {
    const { org, key, call } = await countedServer("free");
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 998 });
    for (let i = 0; i < 2; i++) expect(await call(i)).toContain(`/counted/${key}`);
    expect(await call(2)).toContain("Monthly tool-call limit reached");
    expect(await upstreamHits(key)).toBe(2);
    expect(await organizationCalls(org)).toBe(1000);
  });

  it("never passes the limit when other isolates take the rest of the month: this isolate's lease is spent, then calls are refused", async () => {
    const { org, key, server, call } = await countedServer("growth");
    // This isolate takes a lease (LEASE_MAX calls far from the limit) with its first call ...
    expect(await call(1)).toContain(`/counted/${key}`);
    // ... then another isolate takes and spends everything else of the month's 250,000 calls.
    const ledger = ledgerOf(env, org);
    const other = await ledger.take(org, { period: usagePeriod(), limit: 250_000, want: 250_000 - LEASE_MAX });
    expect(other.granted).toBe(250_000 - LEASE_MAX);
    expect((await ledger.take(org, { period: usagePeriod(), limit: 250_000, want: 1 })).granted).toBe(0);
    await ledger.report(org, { period: usagePeriod(), leaseId: other.leaseId!, used: { elsewhere: 250_000 - LEASE_MAX }, release: true });
    // The calls reserved for this isolate are still its own; the one after them is refused before it leaves.
    for (let i = 2; i <= LEASE_MAX; i++) expect(await call(i)).toContain(`/counted/${key}`);
    const refused = await call(LEASE_MAX + 1);
    expect(refused).toContain("Growth plan allows 250,000 tool calls per month");
    expect(await upstreamHits(key)).toBe(LEASE_MAX);
    expect(await organizationCalls(org)).toBe(250_000);
    const [row] = await db.select().from(serverUsage).where(eq(serverUsage.serverId, server.id));
    expect(row.toolCalls).toBe(LEASE_MAX);
    expect(await db.query.servers.findFirst({ where: eq(servers.id, server.id) })).toMatchObject({
      status: "hibernated",
      hibernatedReason: "tool_calls",
    });
    expect(await call(LEASE_MAX + 2)).toContain("paused");
    expect(await upstreamHits(key)).toBe(LEASE_MAX);
  });
});
