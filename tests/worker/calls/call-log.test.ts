// The call log end to end: real tools/call through the gateway against the local upstream, records
// written by the call-record queue's consumer, read back through the API; retention through the
// scheduled handler; other organizations get 404.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { usagePeriod } from "../../../worker/billing/usage";
import worker from "../../../worker/index";
import { accessTokens, callRecords, organizationUsage, servers, users } from "../../../worker/db/schema";
import { invalidateServerLookups } from "../../../worker/servers/read-model";
import { recordCalls, type CallRecordsMessage } from "../../../worker/calls/record";
import { DAILY_SWEEP_CRON } from "../../../worker/scheduled";
import { call, signedIn } from "../helpers";
import { registerClient, signInWithOAuth } from "../oauth/setup";
import {
  bearer,
  connectV2,
  createOrg,
  createServer,
  createToken,
  db,
  deploy,
  echoTool,
  MCP_ORIGIN,
  workerFetch,
  type ToolSpec,
} from "../mcp-setup";

type Row = typeof callRecords.$inferSelect;

/** The server's records once at least `count` have been written by the queue consumer. */
async function recordsOf(serverId: string, count: number): Promise<Row[]> {
  return vi.waitFor(
    async () => {
      const rows = await db.select().from(callRecords).where(eq(callRecords.serverId, serverId));
      expect(rows.length).toBeGreaterThanOrEqual(count);
      return rows;
    },
    { timeout: 20_000, interval: 250 },
  );
}

/** One tools/call as a raw JSON-RPC POST (for calls an SDK client would not send, or without a token). */
const rawCall = (slug: string, name: string, args: unknown, headers: Record<string, string> = {}) =>
  workerFetch(`${MCP_ORIGIN}/s/${slug}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });

const tool = (name: string, path: string, extra: Partial<ToolSpec> = {}): ToolSpec => ({
  name,
  inputSchema: { type: "object", properties: {} },
  mapping: { method: "get", path, parameters: [] },
  ...extra,
});

/** A deployed server of a new organization (the user's own when `organizationId` is given) with a named token. */
async function deployedServer(
  tools: ToolSpec[],
  options: { organizationId?: string; auth?: Parameters<typeof createServer>[2]; upstreamTimeoutMs?: number } = {},
) {
  const org = options.organizationId ?? (await createOrg());
  const server = await createServer(org, tools, options.auth);
  const { token, id: tokenId } = await createToken(org, [server.id]);
  await db.update(accessTokens).set({ name: "Support bot" }).where(eq(accessTokens.id, tokenId));
  await deploy(server.id, { upstreamTimeoutMs: options.upstreamTimeoutMs });
  return { org, server, token, tokenId };
}

describe("call records: outcome classes", { timeout: 60_000 }, () => {
  it("records every outcome class from real calls: ok, the model's mistakes, the API's 4xx and 5xx, a time-out, refusals", async () => {
    const count = echoTool(
      "count_things",
      { parameters: [{ arg: "n", in: "query", name: "n", required: true }] },
      { n: { type: "integer" } },
      ["n"],
    );
    const { org, server, token, tokenId } = await deployedServer([count, tool("broken", "/status/500"), tool("missing", "/status/404")]);
    // The time-out on a server of its own: a short limit on the others would make a slow answer of a loaded machine a time-out too.
    const slow = await deployedServer([tool("stuck", "/hang")], { organizationId: org, upstreamTimeoutMs: 600 });
    const client = await connectV2(server.slug, bearer(token));
    await client.callTool({ name: "count_things", arguments: { n: 3 } });
    // A wrong-type argument: the model's mistake, answered as a tool error, never sent upstream.
    expect((await client.callTool({ name: "count_things", arguments: { n: "three" } })).isError).toBe(true);
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect((await client.callTool({ name: "broken", arguments: {} })).isError).toBe(true);
    expect((await client.callTool({ name: "missing", arguments: {} })).isError).toBe(true);
    await client.close();
    const slowClient = await connectV2(slow.server.slug, bearer(slow.token));
    expect((await slowClient.callTool({ name: "stuck", arguments: {} })).isError).toBe(true);
    await slowClient.close();
    // Refused: no credential, then a paused server, then an organization over its monthly limit.
    expect((await rawCall(server.slug, "count_things", { n: 1 })).status).toBe(401);
    await db.update(servers).set({ status: "hibernated", hibernatedReason: "tool_calls" }).where(eq(servers.id, server.id));
    invalidateServerLookups();
    expect(await (await rawCall(server.slug, "count_things", { n: 1 }, bearer(token))).text()).toContain("paused");

    const rows = [...(await recordsOf(server.id, 7)), ...(await recordsOf(slow.server.id, 1))];
    const byOutcome = (outcome: string) => rows.filter((r) => r.outcome === outcome);
    expect(byOutcome("ok")).toEqual([
      expect.objectContaining({
        tool: "count_things",
        upstreamStatus: 200,
        callerKind: "token",
        callerId: tokenId,
        callerName: "Support bot",
        error: null,
      }),
    ]);
    expect(byOutcome("invalid_arguments")).toEqual([
      expect.objectContaining({
        tool: "count_things",
        upstreamStatus: null,
        upstreamMs: null,
        error: expect.stringContaining("Invalid arguments for tool count_things"),
      }),
    ]);
    expect(byOutcome("unknown_tool")).toEqual([
      expect.objectContaining({ tool: "no_such_tool", error: expect.stringContaining("Unknown tool: no_such_tool") }),
    ]);
    expect(byOutcome("upstream_5xx")).toEqual([
      expect.objectContaining({ tool: "broken", upstreamStatus: 500, error: "The API answered HTTP 500 Internal Server Error" }),
    ]);
    expect(byOutcome("upstream_4xx")).toEqual([expect.objectContaining({ tool: "missing", upstreamStatus: 404 })]);
    expect(byOutcome("timeout")).toEqual([
      expect.objectContaining({ tool: "stuck", upstreamStatus: null, error: "The API did not answer within 0.6 s (request timed out)" }),
    ]);
    expect(byOutcome("timeout")[0].upstreamMs).toBeGreaterThanOrEqual(500);
    expect(byOutcome("unauthorized")).toEqual([
      expect.objectContaining({
        tool: "count_things",
        callerKind: "anonymous",
        callerId: null,
        error: expect.stringContaining("Missing access token"),
      }),
    ]);
    expect(byOutcome("paused")).toEqual([
      expect.objectContaining({ tool: "count_things", callerKind: "token", error: expect.stringContaining("This MCP server is paused") }),
    ]);
    for (const row of rows) {
      expect(row.organizationId).toBe(org);
      expect(row.requestBytes).toBeGreaterThan(50);
      expect(row.gatewayMs).toBeGreaterThanOrEqual(0);
      // No payloads unless the server records them.
      expect([row.arguments, row.result]).toEqual([null, null]);
    }
    // The upstream answers' sizes, from the deployed server's report.
    expect(byOutcome("ok")[0].responseBytes).toBeGreaterThan(100);
    expect(byOutcome("ok")[0].upstreamMs).toBeGreaterThanOrEqual(0);
  });
});

describe("call records: refused calls", { timeout: 60_000 }, () => {
  it("records tools/call without a valid credential at most 60 a minute per server", async () => {
    const { server, token } = await deployedServer([echoTool("count_me", {})]);
    // An unauthorized initialize (an OAuth client's first step) is no call and uses none of the allowance.
    const init = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    expect((await workerFetch(`${MCP_ORIGIN}/s/${server.slug}/mcp`, { method: "POST", headers, body: JSON.stringify(init) })).status).toBe(
      401,
    );
    for (let i = 0; i < 130; i++)
      expect((await rawCall(server.slug, "count_me", {}, { authorization: "Bearer tp_not_a_real_token_0000000000" })).status).toBe(401);
    // A call with the token afterwards: once its record is written, the refusals before it are too.
    await rawCall(server.slug, "count_me", {}, bearer(token));
    const rows = await vi.waitFor(
      async () => {
        const all = await db.select().from(callRecords).where(eq(callRecords.serverId, server.id));
        expect(all.some((r) => r.outcome === "ok")).toBe(true);
        return all;
      },
      { timeout: 20_000, interval: 250 },
    );
    const refused = rows.filter((r) => r.outcome === "unauthorized");
    // 60 in a minute (at most 120 if the calls straddle a minute's end), never all 130.
    expect(refused.length).toBeGreaterThanOrEqual(60);
    expect(refused.length).toBeLessThanOrEqual(120);
    expect(refused[0]).toMatchObject({ callerKind: "anonymous", error: "Invalid access token" });
    expect(JSON.stringify(rows)).not.toContain("tp_not_a_real_token");
  });

  it("records a call refused over the monthly limit", async () => {
    const org = await createOrg("free");
    const { server, token } = await deployedServer([echoTool("count_me", {})], { organizationId: org });
    await db.insert(organizationUsage).values({ organizationId: org, period: usagePeriod(), toolCalls: 1000 });
    const answer = await (await rawCall(server.slug, "count_me", {}, bearer(token))).text();
    expect(answer).toMatch(/limit/);
    const [row] = await recordsOf(server.id, 1);
    expect(row).toMatchObject({
      outcome: "over_limit",
      tool: "count_me",
      callerKind: "token",
      error: expect.stringMatching(/1,000 tool calls per month/),
    });
  });
});

describe("call records: no secret kept", { timeout: 60_000 }, () => {
  it("keeps no secret, token or unredacted payload in any record, with payload recording on", async () => {
    const secret = "sk_live_upstreamsecret0123456789";
    const echo = echoTool(
      "lookup_person",
      {
        parameters: [
          { arg: "ssn", in: "query", name: "ssn", required: true },
          { arg: "note", in: "query", name: "note", required: false },
        ],
      },
      { ssn: { type: "string" }, note: { type: "string" } },
      ["ssn"],
    );
    const user = await signedIn();
    const { server, token } = await deployedServer([echo], {
      organizationId: user.organizationId,
      auth: { authType: "bearer", secrets: { token: secret } },
    });
    const settings = await call(`/api/servers/${server.id}/call-log`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { recordPayloads: true, sensitiveFields: ["ssn"] },
    });
    expect(await settings.json()).toEqual({ success: true, data: { recordPayloads: true, sensitiveFields: ["ssn"], retentionDays: 7 } });

    const client = await connectV2(server.slug, bearer(token));
    // The upstream echoes every header it received: the managed secret comes back in the answer.
    const result = await client.callTool({ name: "lookup_person", arguments: { ssn: "078-05-1120", note: `my token is ${token}` } });
    expect(JSON.stringify(result)).toContain(secret);
    await client.close();

    const [row] = await recordsOf(server.id, 1);
    expect(row.outcome).toBe("ok");
    const stored = JSON.stringify(row);
    for (const hidden of [secret, token, "078-05-1120", "078-05"]) expect(stored).not.toContain(hidden);
    expect(JSON.parse(row.arguments!)).toEqual({ ssn: "[redacted]", note: "my token is [redacted]" });
    const result2 = JSON.parse(row.result!) as { content: { text: string }[] };
    const echoed = JSON.parse(result2.content[0].text) as { headers: Record<string, string>; query: string; path: string };
    expect(echoed.path).toBe("/echo/lookup_person");
    expect(echoed.headers.authorization).toBe("[redacted]");
    expect(echoed.query).not.toContain("078");
    // What the API answers is what was stored.
    const listed = (await (await call(`/api/servers/${server.id}/calls`, { cookie: user.cookie })).json()) as any;
    expect(listed.data.calls[0]).toMatchObject({
      tool: "lookup_person",
      arguments: row.arguments,
      result: row.result,
      caller: { kind: "token", name: "Support bot" },
    });
  });
});

describe("with the call log off", { timeout: 60_000 }, () => {
  it("answers calls without the deployed server's internal report header, as when it is on", async () => {
    const { server, token } = await deployedServer([echoTool("list_pets", {})]);
    const request = () =>
      new Request(`${MCP_ORIGIN}/s/${server.slug}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-06-18",
          ...bearer(token),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_pets", arguments: {} } }),
      });
    for (const callLog of ["off", "on"]) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(request() as Request<unknown, IncomingRequestCfProperties>, { ...env, CALL_LOG: callLog }, ctx);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
      expect([...res.headers.keys()].filter((name) => name.startsWith("x-toolport"))).toEqual([]);
    }
  });
});

describe("callers and tool modes", { timeout: 60_000 }, () => {
  it("names an OAuth app as the caller, and records a search-mode call under the operation it reached", async () => {
    const owner = await signedIn();
    const server = await createServer(owner.organizationId, [echoTool("list_pets", {}), tool("broken", "/status/503")]);
    await db.update(servers).set({ toolMode: "search" }).where(eq(servers.id, server.id));
    await deploy(server.id);
    const clientId = await registerClient(undefined, "Pet Assistant");
    const { access_token } = await signInWithOAuth(clientId, server.slug, owner.cookie);
    const client = await connectV2(server.slug, bearer(access_token));
    await client.callTool({ name: "search_tools", arguments: { query: "pets" } });
    await client.callTool({ name: "call_tool", arguments: { name: "list_pets", arguments: {} } });
    await client.callTool({ name: "call_tool", arguments: { name: "broken", arguments: {} } });
    await client.close();
    const rows = await recordsOf(server.id, 3);
    expect(rows.map((r) => [r.tool, r.outcome, r.upstreamStatus, r.callerKind, r.callerName]).sort()).toEqual([
      ["broken", "upstream_5xx", 503, "oauth", "Pet Assistant"],
      ["list_pets", "ok", 200, "oauth", "Pet Assistant"],
      ["search_tools", "ok", null, "oauth", "Pet Assistant"],
    ]);
    // The OAuth access token itself is in no record.
    expect(JSON.stringify(rows)).not.toContain(access_token);
  });
});

describe("call log API", { timeout: 60_000 }, () => {
  it("pages and filters the calls, answers stats, and 404s for another organization; superadmins read any server", async () => {
    const owner = await signedIn();
    const { server, token } = await deployedServer([tool("fine", "/text"), tool("broken", "/status/500")], {
      organizationId: owner.organizationId,
    });
    const client = await connectV2(server.slug, bearer(token));
    for (let i = 0; i < 3; i++) await client.callTool({ name: "fine", arguments: {} });
    await client.callTool({ name: "broken", arguments: {} });
    await client.close();
    await recordsOf(server.id, 4);

    const get = async (path: string, cookie = owner.cookie) => {
      const res = await call(path, { cookie });
      return { status: res.status, body: (await res.json()) as any };
    };
    const first = await get(`/api/servers/${server.id}/calls?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.calls).toHaveLength(2);
    const second = await get(`/api/servers/${server.id}/calls?limit=2&cursor=${first.body.data.nextCursor}`);
    expect(second.body.data.calls).toHaveLength(2);
    expect(second.body.data.nextCursor).toBeNull();
    const ids = [...first.body.data.calls, ...second.body.data.calls].map((c: any) => c.id);
    expect(new Set(ids).size).toBe(4);
    const failed = await get(`/api/servers/${server.id}/calls?outcome=api`);
    expect(failed.body.data.calls.map((c: any) => [c.tool, c.outcome, c.outcomeClass, c.upstreamStatus])).toEqual([
      ["broken", "upstream_5xx", "api", 500],
    ]);
    expect((await get(`/api/servers/${server.id}/calls?tool=fine`)).body.data.calls).toHaveLength(3);
    expect((await get(`/api/servers/${server.id}/calls?caller=anonymous`)).body.data.calls).toHaveLength(0);
    expect((await get(`/api/servers/${server.id}/calls?outcome=bogus`)).status).toBe(400);

    const stats = (await get(`/api/servers/${server.id}/stats?window=24h`)).body.data;
    expect(stats.totals).toEqual({ calls: 4, errors: 1, errorRate: 0.25 });
    expect(stats.buckets).toHaveLength(24);
    expect(stats.buckets.reduce((sum: number, b: any) => sum + b.ok + b.api, 0)).toBe(4);
    expect(stats.tools.find((t: any) => t.tool === "fine")).toMatchObject({ calls: 3, errors: 0, errorRate: 0 });
    expect(stats.tools.find((t: any) => t.tool === "broken")).toMatchObject({ calls: 1, errors: 1, errorRate: 1 });
    expect(stats.tools[0].p95Ms).toBeGreaterThanOrEqual(stats.tools[0].p50Ms);
    expect(stats.topErrors).toEqual([
      expect.objectContaining({
        tool: "broken",
        outcome: "upstream_5xx",
        count: 1,
        error: "The API answered HTTP 500 Internal Server Error",
      }),
    ]);
    expect(stats.callers).toEqual([expect.objectContaining({ kind: "token", name: "Support bot", calls: 4 })]);
    expect((await get(`/api/servers/${server.id}/stats?window=7d`)).body.data.buckets).toHaveLength(28);
    expect((await get(`/api/servers/${server.id}/stats?window=1y`)).status).toBe(400);

    // Another organization: 404 on every call-log route, nothing of the owner's in the answer.
    const other = await signedIn();
    for (const path of [`/api/servers/${server.id}/calls`, `/api/servers/${server.id}/stats`, `/api/servers/${server.id}/call-log`]) {
      const res = await get(path, other.cookie);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("fine");
    }
    expect(
      (await call(`/api/servers/${server.id}/call-log`, { method: "PATCH", cookie: other.cookie, json: { recordPayloads: true } })).status,
    ).toBe(404);
    // Members may not use the superadmin view; a superadmin reads any organization's server.
    expect((await get(`/api/superadmin/servers/${server.id}/calls`)).status).toBe(403);
    const admin = await signedIn({ email: "admin@toolport.test", name: "Admin" });
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, admin.userId));
    expect((await get(`/api/superadmin/servers/${server.id}/calls`, admin.cookie)).body.data.calls).toHaveLength(4);
    expect((await get(`/api/superadmin/servers/${server.id}/stats?window=30d`, admin.cookie)).body.data).toMatchObject({
      server: { id: server.id },
      totals: { calls: 4 },
    });
  });
});

describe("retention", () => {
  it("deletes records past the plan's retention in the daily scheduled run", async () => {
    const day = 86_400_000;
    const now = Date.now();
    const freeOrg = await createOrg("free");
    const growthOrg = await createOrg("growth");
    const freeServer = await createServer(freeOrg, []);
    const growthServer = await createServer(growthOrg, []);
    const record = (serverId: string, organizationId: string, ageDays: number) => ({
      serverId,
      organizationId,
      at: new Date(now - ageDays * day),
      tool: `age_${ageDays}`,
      callerKind: "token" as const,
      outcome: "ok" as const,
      gatewayMs: 1,
      requestBytes: 10,
    });
    await db
      .insert(callRecords)
      .values([
        record(freeServer.id, freeOrg, 1),
        record(freeServer.id, freeOrg, 8),
        record(growthServer.id, growthOrg, 8),
        record(growthServer.id, growthOrg, 89),
        record(growthServer.id, growthOrg, 91),
      ]);
    await worker.scheduled(createScheduledController({ cron: DAILY_SWEEP_CRON, scheduledTime: now }), env, createExecutionContext());
    const left = async (serverId: string) =>
      (await db.select({ tool: callRecords.tool }).from(callRecords).where(eq(callRecords.serverId, serverId))).map((r) => r.tool).sort();
    // Free keeps 7 days, Growth 90.
    expect(await left(freeServer.id)).toEqual(["age_1"]);
    expect(await left(growthServer.id)).toEqual(["age_8", "age_89"]);
  });
});

describe("the call-record queue", { timeout: 60_000 }, () => {
  it("carries a gathered batch in one message each 100 KB, and refuses a message that is not a batch of records", async () => {
    const org = await createOrg("growth");
    const server = await createServer(org, []);
    const base = {
      kind: "call" as const,
      serverId: server.id,
      organizationId: org,
      at: Date.now(),
      caller: { kind: "public" as const },
      outcome: "ok" as const,
      gatewayMs: 1,
      requestBytes: 10,
    };
    const sent: unknown[][] = [];
    const queue = { sendBatch: async (messages: unknown[]) => void sent.push(messages) } as unknown as Queue;
    // 30 records of about 9 KB each: about 270 KB of records, three messages, two sendBatch calls.
    const records = Array.from({ length: 30 }, (_, i) => ({
      ...base,
      id: crypto.randomUUID(),
      tool: `packed_${i}`,
      result: "x".repeat(9_000),
    }));
    await recordCalls({ ...env, CALLS_QUEUE: queue } as typeof env, records);
    const messages = sent.flat() as { body: CallRecordsMessage }[];
    expect(sent.map((batch) => batch.length)).toEqual([2, 1]);
    expect(messages.flatMap((m) => m.body.records.map((r) => r.tool))).toEqual(records.map((r) => r.tool));
    for (const m of messages) expect(JSON.stringify(m.body).length).toBeLessThan(128 * 1024);
    // Through the real queue: the packed messages are written; a lone record (no "calls" batch) is not a job and is dropped.
    await env.CALLS_QUEUE.send({ ...base, id: crypto.randomUUID(), tool: "single" }, { contentType: "json" });
    for (const m of messages) await env.CALLS_QUEUE.send(m.body, { contentType: "json" });
    const rows = await recordsOf(server.id, 30);
    expect(rows.map((r) => r.tool).sort()).toEqual(records.map((r) => r.tool).sort());
  });
});
