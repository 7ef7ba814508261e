// Gateway access: token refusals, public servers, JSON-RPC errors, root info, CORS and host checks.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { accessTokens, servers } from "../../../worker/db/schema";
import { bearer, connectV2, createOrg, createServer, createToken, db, deploy, echoTool, textOf, workerFetch } from "../mcp-setup";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

const post = (slug: string, body: unknown, headers: Record<string, string> = {}, origin = "http://localhost") =>
  workerFetch(`${origin}/s/${slug}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });

async function deployedServer(options: { exposeToPublic?: boolean } = {}) {
  const org = await createOrg();
  const server = await createServer(
    org,
    [
      echoTool(
        "find_pets",
        { parameters: [{ arg: "limit", in: "query", name: "limit", required: true }] },
        { limit: { type: "integer", minimum: 1 } },
        ["limit"],
      ),
    ],
    { exposeToPublic: options.exposeToPublic },
  );
  await deploy(server.id);
  return { org, server };
}

describe("access tokens at /s/{slug}/mcp", () => {
  it("refuses missing, wrong, revoked, expired and other servers' tokens with 401 and www-authenticate", async () => {
    const { org, server } = await deployedServer();
    const other = await createServer(org, []);
    const revoked = await createToken(org, [server.id], { isActive: false });
    const expired = await createToken(org, [server.id], { expiresAt: new Date(Date.now() - 1000) });
    const otherServers = await createToken(org, [other.id]);
    const cases: [Record<string, string>, string][] = [
      [{}, "Missing access token"],
      [bearer("tp_not-a-real-token"), "Invalid access token"],
      [bearer("sk-some-other-secret"), "Invalid access token"],
      [bearer(revoked.token), "This access token has been revoked"],
      [bearer(expired.token), "This access token has expired"],
      [bearer(otherServers.token), "This access token is not assigned to this server"],
    ];
    for (const [headers, message] of cases) {
      const res = await post(server.slug, INITIALIZE, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="toolport"/);
      const body = (await res.json()) as { error: { code: number; message: string } };
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32001 } });
      expect(body.error.message).toContain(message);
    }
    await expect(connectV2(server.slug, bearer(revoked.token))).rejects.toThrow(/401|revoked/);
  });

  it("serves a public server without a token", async () => {
    const { server } = await deployedServer({ exposeToPublic: true });
    const client = await connectV2(server.slug);
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
  });

  it("records when a token was last used", async () => {
    const { org, server } = await deployedServer();
    const { token, id } = await createToken(org, [server.id]);
    const before = Date.now();
    expect((await post(server.slug, INITIALIZE, bearer(token))).status).toBe(200);
    await vi.waitFor(async () => {
      const row = await db.query.accessTokens.findFirst({ where: eq(accessTokens.id, id) });
      expect(row?.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });
});

describe("JSON-RPC errors", () => {
  it("answers unknown tools as JSON-RPC errors and invalid arguments as isError tool results", async () => {
    const { org, server } = await deployedServer();
    const { token } = await createToken(org, [server.id]);
    const client = await connectV2(server.slug, bearer(token));
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
    for (const args of [{ limit: "ten" }, {}]) {
      const result = await client.callTool({ name: "find_pets", arguments: args });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Invalid arguments for tool find_pets: Argument "limit"/);
    }
    await client.close();
  });

  it("refuses tools/call on a hibernated server with a message naming the limit", async () => {
    const { org, server } = await deployedServer();
    const { token } = await createToken(org, [server.id]);
    await db.update(servers).set({ status: "hibernated", hibernatedReason: "tool_calls" }).where(eq(servers.id, server.id));
    const client = await connectV2(server.slug, bearer(token));
    expect((await client.listTools()).tools).toHaveLength(1);
    await expect(client.callTool({ name: "find_pets", arguments: { limit: 1 } })).rejects.toThrow(
      /paused.*1,000 calls, maxToolCallsPerMonth/,
    );
    await client.close();
  });

  it("answers 404 for an unknown slug and 503 before the first deployment", async () => {
    const res = await post("no-such-server", INITIALIZE);
    expect(res.status).toBe(404);
    const org = await createOrg();
    const server = await createServer(org, [], { exposeToPublic: true });
    const undeployed = await post(server.slug, INITIALIZE);
    expect(undeployed.status).toBe(503);
    expect(await undeployed.json()).toMatchObject({
      error: { code: -32005, message: expect.stringContaining("has not been deployed yet") },
    });
  });
});

describe("transport details", () => {
  it("answers CORS preflights and adds CORS headers", async () => {
    const { server } = await deployedServer({ exposeToPublic: true });
    const pre = await workerFetch(`http://localhost/s/${server.slug}/mcp`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:6274",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, mcp-protocol-version",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://localhost:6274");
    expect(pre.headers.get("access-control-allow-headers")).toContain("mcp-protocol-version");
    expect(pre.headers.get("access-control-allow-methods")).toBe("GET, POST, DELETE, OPTIONS");
    expect(pre.headers.get("access-control-max-age")).toBe("86400");
    const res = await post(server.slug, INITIALIZE, { origin: "http://localhost:6274" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:6274");
    expect(res.headers.get("access-control-expose-headers")).toContain("mcp-session-id");
    // Methods and max-age belong to the preflight only (Fetch standard, CORS protocol).
    expect(res.headers.get("access-control-allow-methods")).toBeNull();
    expect(res.headers.get("access-control-max-age")).toBeNull();
  });

  it("refuses foreign hosts and origins locally (DNS rebinding protection)", async () => {
    const { server } = await deployedServer({ exposeToPublic: true });
    expect((await post(server.slug, INITIALIZE, {}, "http://evil.example")).status).toBe(403);
    expect((await post(server.slug, INITIALIZE, { origin: "http://evil.example" })).status).toBe(403);
  });

  it("answers GET on the endpoint as the stateless transport does (405)", async () => {
    const { server } = await deployedServer({ exposeToPublic: true });
    const res = await workerFetch(`http://localhost/s/${server.slug}/mcp`, { headers: { accept: "text/event-stream" } });
    expect(res.status).toBe(405);
  });
});

describe("root info", () => {
  it("answers JSON for clients", async () => {
    const { server } = await deployedServer();
    const res = await workerFetch(`http://localhost/s/${server.slug}`);
    expect(await res.json()).toEqual({
      name: server.name,
      description: "An API used by tests",
      version: "1.0.0",
      status: "active",
      deployed: true,
      deploymentId: expect.stringMatching(/^[0-9a-f]{32}$/),
      toolCount: 1,
      rootUrl: `http://localhost/s/${server.slug}`,
      mcpUrl: `http://localhost/s/${server.slug}/mcp`,
      transport: "streamable-http",
      auth: {
        mode: "access_token",
        header: "Authorization: Bearer <Toolport access token>",
        upstream: { type: "none", strategy: "managed" },
      },
    });
  });

  it("answers escaped HTML for browsers", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("x", {})], { exposeToPublic: true });
    await db
      .update(servers)
      .set({ name: `<script>alert("x")</script>`, description: "Tom & Jerry's <b>API</b>" })
      .where(eq(servers.id, server.id));
    await deploy(server.id);
    const res = await workerFetch(`http://localhost/s/${server.slug}`, { headers: { accept: "text/html,application/xhtml+xml" } });
    const html = await res.text();
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Tom &amp; Jerry&#39;s &lt;b&gt;API&lt;/b&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain(`http://localhost/s/${server.slug}/mcp`);
  });
});
