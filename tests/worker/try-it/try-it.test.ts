// Try it, Check the API and the Model view through the portal's API: a tool run as the signed-in
// user through the server's real MCP endpoint (answered, logged and metered as a client's call), the
// credential it uses refused for anyone else, the API checked from the portal, and the Model view's
// sizes equal to the bytes of the real tools/list answer in direct and in search mode.
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { scopeFor } from "../../../worker/api-keys/scopes";
import { usagePeriod } from "../../../worker/billing/usage";
import { callRecords, organizationUsage, servers } from "../../../worker/db/schema";
import { invalidateServerLookups } from "../../../worker/servers/read-model";
import { mintTryItCredential, TRY_IT_TTL_MS } from "../../../worker/try-it/credential";
import { signedIn } from "../helpers";
import {
  bearer,
  createServer,
  createToken,
  db,
  deploy,
  echoTool,
  MCP_ORIGIN,
  settleUsage,
  upstream,
  workerFetch,
  type ToolSpec,
} from "../mcp-setup";

/** The key the local upstream's /keyed/* routes accept (tests/upstream-server.ts). */
const KEYED_API_KEY = "right-key-1234";

/** A portal API request as the signed-in browser sends it, on a loopback origin the gateway accepts. */
function portal(path: string, cookie: string, json?: unknown) {
  const headers: Record<string, string> = { cookie };
  if (json !== undefined) Object.assign(headers, { "content-type": "application/json", origin: MCP_ORIGIN });
  return exports.default.fetch(
    new Request(`${MCP_ORIGIN}${path}`, {
      method: json === undefined ? "GET" : "POST",
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    }),
  );
}

/** One tools/call or tools/list as an MCP client posts it. */
const rpc = (slug: string, headers: Record<string, string>, method: string, params?: unknown) =>
  workerFetch(`${MCP_ORIGIN}/s/${slug}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params ? { params } : {}) }),
  });

const petTool: ToolSpec = {
  name: "update_pet",
  description: "Updates a pet",
  inputSchema: {
    type: "object",
    properties: {
      petId: { type: "integer" },
      status: { type: "string", enum: ["available", "sold"] },
      pet: { type: "object", properties: { name: { type: "string" }, tags: { type: "array", items: { type: "string" } } } },
    },
    required: ["petId"],
  },
  mapping: {
    method: "post",
    path: "/echo/pets/{petId}",
    parameters: [
      { arg: "petId", in: "path", name: "petId", required: true },
      { arg: "status", in: "query", name: "status", required: false },
    ],
    body: { arg: "pet", contentType: "application/json", kind: "json", required: false },
  },
};

async function recordsOf(serverId: string) {
  return vi.waitFor(
    async () => {
      const rows = await db.select().from(callRecords).where(eq(callRecords.serverId, serverId));
      expect(rows.length).toBeGreaterThan(0);
      return rows;
    },
    { timeout: 20_000, interval: 250 },
  );
}

const usageOf = async (organizationId: string) =>
  (await settleUsage(),
  await db.query.organizationUsage.findFirst({
    where: and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.period, usagePeriod())),
  }))?.toolCalls ?? 0;

describe("Try it: running a tool", { timeout: 60_000 }, () => {
  it("runs a tool through the MCP endpoint as the user: the client's answer, timings, the call log's 'Try it (name)', metered", async () => {
    const user = await signedIn({ name: "Grace Hopper" });
    const server = await createServer(user.organizationId, [petTool]);
    await deploy(server.id);
    const res = await portal(`/api/servers/${server.id}/try-it`, user.cookie, {
      tool: "update_pet",
      arguments: { petId: 7, status: "sold", pet: { name: "Rex", tags: ["good"] } },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Record<string, any> };
    expect(data).toMatchObject({
      tool: "update_pet",
      mode: "direct",
      httpStatus: 200,
      isError: false,
      upstreamStatus: 200,
      rpcError: null,
      truncated: false,
    });
    expect(data.upstreamMs).toBeGreaterThanOrEqual(0);
    expect(data.totalMs).toBeGreaterThanOrEqual(data.upstreamMs);
    const echo = JSON.parse(data.content[0].text);
    expect(echo).toMatchObject({ method: "POST", path: "/echo/pets/7", query: "status=sold", body: { name: "Rex", tags: ["good"] } });

    const [record] = await recordsOf(server.id);
    expect(record).toMatchObject({
      tool: "update_pet",
      outcome: "ok",
      callerKind: "try_it",
      callerId: user.userId,
      callerName: "Try it (Grace Hopper)",
      upstreamStatus: 200,
    });
    expect(await usageOf(user.organizationId)).toBe(1);
  });

  it("answers a wrong-type argument with the same isError message a client gets, uncounted", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [petTool]);
    const { token } = await createToken(user.organizationId, [server.id]);
    await deploy(server.id);
    const args = { petId: "seven" };
    const tried = (await (
      await portal(`/api/servers/${server.id}/try-it`, user.cookie, { tool: "update_pet", arguments: args })
    ).json()) as { data: Record<string, any> };
    const client = (await (await rpc(server.slug, bearer(token), "tools/call", { name: "update_pet", arguments: args })).json()) as {
      result: Record<string, any>;
    };
    expect(client.result.isError).toBe(true);
    expect(tried.data.isError).toBe(true);
    expect(tried.data.content).toEqual(client.result.content);
    expect(tried.data.content[0].text).toContain("Invalid arguments for tool update_pet");
    expect(tried.data.upstreamStatus).toBeNull();
    expect(await usageOf(user.organizationId)).toBe(0);
  });
});

describe("Try it: search mode and secrets", { timeout: 60_000 }, () => {
  it("calls the operation itself on a search-mode server (through call_tool)", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [petTool, echoTool("list_pets", {})]);
    await db.update(servers).set({ toolMode: "search" }).where(eq(servers.id, server.id));
    await deploy(server.id);
    const { data } = (await (
      await portal(`/api/servers/${server.id}/try-it`, user.cookie, { tool: "update_pet", arguments: { petId: 3 } })
    ).json()) as { data: Record<string, any> };
    expect(data).toMatchObject({ mode: "search", isError: false, upstreamStatus: 200 });
    expect(JSON.parse(data.content[0].text).path).toBe("/echo/pets/3");
    const [record] = await recordsOf(server.id);
    expect(record).toMatchObject({ tool: "update_pet", callerKind: "try_it" });
  });

  it("sends the browser none of the server's secrets, and no credential", async () => {
    const user = await signedIn();
    const secret = "sk-managed-secret-98765";
    const server = await createServer(user.organizationId, [echoTool("whoami", {})], {
      authType: "apiKey",
      secrets: { key: secret },
      settings: { apiKey: { name: "X-Api-Key", in: "header" } },
    });
    await deploy(server.id);
    const body = { tool: "whoami", arguments: {} };
    const res = await portal(`/api/servers/${server.id}/try-it`, user.cookie, body);
    const text = await res.text();
    // The echo API repeats the key it received: the panel is shown the answer with the secret redacted.
    expect(JSON.parse(text).data.upstreamStatus).toBe(200);
    expect(text).toContain("[redacted]");
    expect(text).not.toContain(secret);
    expect(text).not.toContain("tpx_");
    expect(JSON.stringify(body)).not.toContain(secret);
    for (const path of ["model-view", "check-api"])
      expect(await (await portal(`/api/servers/${server.id}/${path}`, user.cookie)).text()).not.toContain(secret);
    const check = await (await portal(`/api/servers/${server.id}/check-api`, user.cookie, {})).text();
    expect(check).toContain("whoami");
    expect(check).not.toContain(secret);
  });
});

describe("Try it: other organizations, credentials and deployment", { timeout: 60_000 }, () => {
  it("lets no member of another organization run a tool of this one", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const server = await createServer(owner.organizationId, [petTool]);
    await deploy(server.id);
    const res = await portal(`/api/servers/${server.id}/try-it`, stranger.cookie, { tool: "update_pet", arguments: { petId: 1 } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Server not found" });
    // Even a credential the portal minted for the stranger is refused by the gateway: not a member.
    const minted = await mintTryItCredential(env.SECRETS_KEY, stranger.userId, server.id);
    const refused = await rpc(server.slug, bearer(minted), "tools/call", { name: "update_pet", arguments: { petId: 1 } });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("not a member of the server's organization");
    expect(await usageOf(owner.organizationId)).toBe(0);
  });

  it("accepts its credential only for its server, unexpired and untampered", async () => {
    const user = await signedIn();
    const [server, other] = [await createServer(user.organizationId, [petTool]), await createServer(user.organizationId, [petTool])];
    await deploy(server.id);
    await deploy(other.id);
    const call = (credential: string) =>
      rpc(server.slug, bearer(credential), "tools/call", { name: "update_pet", arguments: { petId: 1 } });
    expect((await call(await mintTryItCredential(env.SECRETS_KEY, user.userId, server.id))).status).toBe(200);
    const forOther = await call(await mintTryItCredential(env.SECRETS_KEY, user.userId, other.id));
    expect([forOther.status, await forOther.text()]).toEqual([401, expect.stringContaining("for another server")]);
    const expired = await call(await mintTryItCredential(env.SECRETS_KEY, user.userId, server.id, Date.now() - TRY_IT_TTL_MS - 1));
    expect([expired.status, await expired.text()]).toEqual([401, expect.stringContaining("expired")]);
    const good = await mintTryItCredential(env.SECRETS_KEY, user.userId, server.id);
    const tampered = `${good.slice(0, -3)}${good.endsWith("AAA") ? "BBB" : "AAA"}`;
    expect((await call(tampered)).status).toBe(401);
    // The portal's signing key is its own: one signed with another key is refused.
    const foreign = await mintTryItCredential(
      btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
      user.userId,
      server.id,
    );
    expect((await call(foreign)).status).toBe(401);
  });

  it("says the server must be deployed first", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [petTool]);
    const res = await portal(`/api/servers/${server.id}/try-it`, user.cookie, { tool: "update_pet", arguments: { petId: 1 } });
    expect(res.status).toBe(409);
  });
});

describe("Check the API", { timeout: 60_000 }, () => {
  const keyed = (name: string): ToolSpec => ({
    name,
    inputSchema: { type: "object", properties: {} },
    mapping: { method: "get", path: `/keyed/${name}`, parameters: [] },
  });
  const keyedServer = async (organizationId: string, key: string) =>
    createServer(organizationId, [petTool, keyed("list_things")], {
      authType: "apiKey",
      secrets: { key },
      settings: { apiKey: { name: "X-API-Key", in: "header" } },
    });
  const check = async (serverId: string, cookie: string, body: unknown = {}) => {
    const res = await portal(`/api/servers/${serverId}/check-api`, cookie, body);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Record<string, any> }).data;
  };

  it("calls the first GET without arguments with the configured key, and shows the answer", async () => {
    const user = await signedIn();
    const server = await keyedServer(user.organizationId, KEYED_API_KEY);
    const options = (await (await portal(`/api/servers/${server.id}/check-api`, user.cookie)).json()) as { data: Record<string, any> };
    expect(options.data).toMatchObject({ defaultTool: "list_things", operations: [{ name: "list_things", ready: true }] });
    const data = await check(server.id, user.cookie);
    expect(data).toMatchObject({ tool: "list_things", verdict: "ok", reached: true, status: 200, credential: "managed" });
    expect(data.message).toContain("accepted the credential");
    expect(data.body).toContain("/keyed/list_things");
    expect(data.body).not.toContain(KEYED_API_KEY);
  });

  it("says the API refused a wrong key (401)", async () => {
    const user = await signedIn();
    const server = await keyedServer(user.organizationId, "wrong-key-0000");
    const data = await check(server.id, user.cookie);
    expect(data).toMatchObject({ verdict: "refused", reached: true, status: 401 });
    expect(data.message).toContain("refused the configured credential");
  });

  it("says the host did not answer at a wrong base URL", async () => {
    const user = await signedIn();
    const server = await keyedServer(user.organizationId, KEYED_API_KEY);
    // A port nothing listens on: the connection is refused at once.
    const closed = new URL(upstream());
    closed.port = "9";
    await db.update(servers).set({ baseUrl: closed.origin }).where(eq(servers.id, server.id));
    const data = await check(server.id, user.cookie);
    expect(data).toMatchObject({ verdict: "unreachable", reached: false, status: null });
    expect(data.message).toContain(`The host ${closed.host} did not answer`);
  });

  it("is refused to API keys and to other organizations", async () => {
    expect(scopeFor("POST", "/api/servers/s1/check-api")).toEqual({ refused: expect.stringContaining("checking the API") });
    expect(scopeFor("POST", "/api/servers/s1/try-it")).toEqual({ refused: expect.stringContaining("running tools") });
    const owner = await signedIn();
    const stranger = await signedIn();
    const server = await keyedServer(owner.organizationId, KEYED_API_KEY);
    expect((await portal(`/api/servers/${server.id}/check-api`, stranger.cookie, {})).status).toBe(404);
    expect((await portal(`/api/servers/${server.id}/model-view`, stranger.cookie)).status).toBe(404);
  });
});

describe("Model view", { timeout: 60_000 }, () => {
  /** The result part of a tools/list answer, byte for byte: the answer is {"result":…,"jsonrpc":"2.0","id":1}. */
  async function listedBytes(slug: string, token: string) {
    const text = await (await rpc(slug, bearer(token), "tools/list")).text();
    const [head, tail] = ['{"result":', ',"jsonrpc":"2.0","id":1}'];
    expect(text.startsWith(head) && text.endsWith(tail)).toBe(true);
    return { bytes: new TextEncoder().encode(text.slice(head.length, -tail.length)).length, result: JSON.parse(text).result };
  }

  it("measures exactly the bytes of the real tools/list answer, direct and search mode, per tool largest first", async () => {
    const user = await signedIn();
    const big = echoTool("search_orders", {}, { filter: { type: "string", enum: Array.from({ length: 400 }, (_, i) => `status_${i}`) } });
    const server = await createServer(user.organizationId, [petTool, big, echoTool("ping", {})], { staticValues: {} });
    const { token } = await createToken(user.organizationId, [server.id]);
    await deploy(server.id);
    const view = async () =>
      ((await (await portal(`/api/servers/${server.id}/model-view`, user.cookie)).json()) as { data: Record<string, any> }).data;

    const direct = await view();
    const real = await listedBytes(server.slug, token);
    expect(direct.source).toBe("deployment");
    expect(direct.direct.bytes).toBe(real.bytes);
    expect(direct.direct.listing).toEqual(real.result.tools);
    expect(direct.direct.tokens).toBe(Math.ceil(real.bytes / 4));
    // Entries plus their commas and {"tools":[…]} make the whole answer.
    const entries = direct.direct.tools.reduce((sum: number, t: { bytes: number }) => sum + t.bytes, 0);
    expect(entries + (direct.direct.toolCount - 1) + '{"tools":[]}'.length).toBe(real.bytes);
    expect(direct.direct.tools.map((t: { name: string }) => t.name)).toEqual(["search_orders", "update_pet", "ping"]);
    expect(direct.direct.tools[0]).toMatchObject({ large: true, largeBecause: [expect.stringContaining('largest property "filter"')] });
    expect(direct.direct.tools[0].largeBecause[0]).toContain("an enum of 400 values");

    await db.update(servers).set({ toolMode: "search" }).where(eq(servers.id, server.id));
    await deploy(server.id);
    invalidateServerLookups();
    const searched = await view();
    const realSearch = await listedBytes(server.slug, token);
    expect(searched.mode).toBe("search");
    expect(searched.search.bytes).toBe(realSearch.bytes);
    expect(searched.search.listing).toEqual(realSearch.result.tools);
    // The direct listing is still measured beside it, from the same deployment.
    expect(searched.direct.bytes).toBe(real.bytes);
    expect(searched.search.describe.map((d: { name: string }) => d.name)[0]).toBe("search_orders");
  });

  it("shows what a deploy would list before the server is deployed", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [petTool]);
    const data = ((await (await portal(`/api/servers/${server.id}/model-view`, user.cookie)).json()) as { data: Record<string, any> }).data;
    expect(data).toMatchObject({ source: "draft", deploymentId: null, mode: "direct", direct: { toolCount: 1 }, search: { toolCount: 3 } });
  });
});
