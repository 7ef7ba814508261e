// Custom domains: added on Growth plans, activated by the provider, served at /mcp with the server's
// tokens, alongside /s/{slug}/mcp; refused for other plans and second claimants; not served after a downgrade.
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customDomains, notifications, subscriptions } from "../../../worker/db/schema";
import {
  addCustomDomain,
  getCustomDomain,
  refreshCustomDomain,
  removeCustomDomain,
  sweepPendingDomains,
} from "../../../worker/domains/domains";
import { consumeBatch } from "../../../worker/jobs/bus";
import type { MessageOf } from "../../../worker/jobs/messages";
import { jobHandlers } from "../../../worker/jobs/registry";
import { normalizeHostname } from "../../../worker/domains/hostname";
import { forgetCustomHosts } from "../../../worker/domains/lookup";
import type { Bindings } from "../../../worker/env";
import gatewayWorker, { type GatewayBindings } from "../../../worker/gateway/worker";
import { isolateNameOf } from "../../../worker/hosting/loader";
import { FAKE_SAAS_ZONE } from "../../fake-cloudflare-saas";
import { call, signedIn } from "../helpers";
import { app } from "../../../worker/app";
import { bearer, createServer, createToken, db, deploy, echoOf, echoTool, MCP_ORIGIN, upstream } from "../mcp-setup";
import { approve, authorize, consentRequestId, listToolsWith, pkce, REDIRECT_URI, registerClient, tokenRequest } from "../oauth/setup";

const PORTAL = "http://toolport.test/api/servers";
const host = () => `mcp-${crypto.randomUUID().slice(0, 8)}.example.com`;
const hostFetch = (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(new Request(input, init));
const production = (overrides: Partial<Bindings> = {}): Bindings => ({
  ...env,
  ENVIRONMENT: "production",
  PUBLIC_URL: "https://toolport.example.net",
  ...overrides,
});
const cloudflare = (overrides: Partial<Bindings> = {}) =>
  production({
    CLOUDFLARE_ZONE_ID: FAKE_SAAS_ZONE,
    CLOUDFLARE_API_TOKEN: "cf-test-token",
    CLOUDFLARE_API_BASE: `${upstream()}/client/v4`,
    CUSTOM_DOMAIN_TARGET: "domains.toolport.example.net",
    ...overrides,
  });

async function setPlan(organizationId: string, planType: "free" | "growth") {
  await db
    .insert(subscriptions)
    .values({ organizationId, planType })
    .onConflictDoUpdate({ target: subscriptions.organizationId, set: { planType } });
  forgetCustomHosts();
}

/** The organization's notifications of its custom domains. */
const domainNotifications = async (organizationId: string) =>
  (
    await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, organizationId), eq(notifications.kind, "domain_active")))
  ).map(({ kind, title, message, link }) => ({ kind, title, message, link }));

async function growthServer() {
  const user = await signedIn();
  await setPlan(user.organizationId, "growth");
  const server = await createServer(user.organizationId, [echoTool("probe", {})]);
  await deploy(server.id);
  return { user, server };
}

async function connect(url: string, headers: Record<string, string>) {
  const client = new Client({ name: "custom-domain-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: hostFetch, requestInit: { headers } }));
  return client;
}

describe("custom domains: adding and serving", () => {
  it("adds a hostname, activates it at once in development, and serves the server at /mcp with its tokens", async () => {
    const { user, server } = await growthServer();
    const hostname = host();
    const added = await call(`/api/servers/${server.id}/domain`, {
      method: "PUT",
      cookie: user.cookie,
      json: { hostname: ` ${hostname.toUpperCase()}. ` },
    });
    expect(added.status).toBe(201);
    const { data } = (await added.json()) as any;
    expect(data).toMatchObject({
      hostname,
      status: "active",
      served: true,
      mcpUrl: `https://${hostname}/mcp`,
      dnsRecords: [{ type: "CNAME", name: hostname, value: "toolport.test" }],
    });
    // Active at once: the organization is told, once (a re-check that finds it active again tells nothing).
    expect((await call(`/api/servers/${server.id}/domain/check`, { method: "POST", cookie: user.cookie })).status).toBe(200);
    expect(await domainNotifications(user.organizationId)).toEqual([
      {
        kind: "domain_active",
        title: `${hostname} is active`,
        message: `The MCP server answers at https://${hostname}/mcp, over HTTPS.`,
        link: `/servers/${server.id}`,
      },
    ]);

    const { token } = await createToken(user.organizationId, [server.id]);
    const client = await connect(`http://${hostname}/mcp`, bearer(token));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["probe"]);
    expect(echoOf(await client.callTool({ name: "probe", arguments: {} })).method).toBe("GET");
    await client.close();

    // The same rules as the portal address: no token, no call; only /mcp and / exist on the hostname.
    const anonymous = await hostFetch(`http://${hostname}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(anonymous.status).toBe(401);
    const info = (await (await hostFetch(`http://${hostname}/`)).json()) as any;
    expect(info).toMatchObject({ mcpUrl: `http://${hostname}/mcp`, toolCount: 1 });
    const other = await hostFetch(`http://${hostname}/api/servers`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ success: false, error: `Not found: ${hostname} serves only its MCP server at /mcp` });

    // Removing it stops serving it; the portal address keeps working.
    expect((await call(`/api/servers/${server.id}/domain`, { method: "DELETE", cookie: user.cookie })).status).toBe(200);
    expect((await hostFetch(`http://${hostname}/mcp`, { method: "POST", headers: bearer(token), body: "{}" })).status).not.toBe(200);
    expect(await (await call(`/api/servers/${server.id}/domain`, { cookie: user.cookie })).json()).toEqual({ success: true, data: null });
  });
});

describe("custom domains: through the gateway Worker", () => {
  it("answers at the custom hostname and at /s/{slug}/mcp alike, called alternately through the gateway Worker", async () => {
    const { user, server } = await growthServer();
    const hostname = host();
    await call(`/api/servers/${server.id}/domain`, { method: "PUT", cookie: user.cookie, json: { hostname } });
    const { token } = await createToken(user.organizationId, [server.id]);
    // As `npm run dev` and production run them: the gateway answers /s/{slug}/mcp and hands a custom hostname to the portal.
    const gatewayEnv = { ...env, PORTAL: exports.default } as unknown as GatewayBindings;
    const viaGateway = async (url: string, body: unknown) => {
      const ctx = createExecutionContext();
      const headers = {
        ...bearer(token),
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      };
      const res = await gatewayWorker.fetch(
        new Request(url, { method: "POST", headers, body: JSON.stringify(body) }) as Request<unknown, IncomingRequestCfProperties>,
        gatewayEnv,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { status: res.status, answer: (await res.json()) as { result: unknown } };
    };
    for (let i = 0; i < 10; i++) {
      for (const url of [`http://${hostname}/mcp`, `${MCP_ORIGIN}/s/${server.slug}/mcp`]) {
        const listed = await viaGateway(url, { jsonrpc: "2.0", id: i, method: "tools/list" });
        expect(listed, url).toMatchObject({ status: 200, answer: { result: { tools: [{ name: "probe" }] } } });
        const called = await viaGateway(url, { jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "probe", arguments: {} } });
        expect(called.status, url).toBe(200);
        expect(echoOf(called.answer.result)).toMatchObject({ method: "GET", path: "/echo/probe" });
      }
    }
    // Each Worker gives the isolate its own name: one workerd process running both (npm run dev) refuses a name loaded twice.
    const deployment = { deploymentId: "d1", secretsTag: "none" };
    expect(isolateNameOf(gatewayEnv, deployment)).not.toBe(isolateNameOf(env, deployment));
  });
});

describe("custom domains: refusals and downgrades", () => {
  it("is refused on plans without custom domains, for a second claimant, and for hostnames that are not public subdomains", async () => {
    const free = await signedIn();
    const freeServer = await createServer(free.organizationId, [echoTool("probe", {})]);
    const refused = await call(`/api/servers/${freeServer.id}/domain`, { method: "PUT", cookie: free.cookie, json: { hostname: host() } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      error: "Custom domains are part of the Growth plan: upgrade to give this server its own hostname",
    });

    const first = await growthServer();
    const second = await growthServer();
    const hostname = host();
    expect(
      (await call(`/api/servers/${first.server.id}/domain`, { method: "PUT", cookie: first.user.cookie, json: { hostname } })).status,
    ).toBe(201);
    const taken = await call(`/api/servers/${second.server.id}/domain`, { method: "PUT", cookie: second.user.cookie, json: { hostname } });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ success: false, error: `${hostname} is already used by another MCP server` });
    // Nor can another organization read, check or remove it through its own server id.
    const foreign = await call(`/api/servers/${first.server.id}/domain`, { method: "DELETE", cookie: second.user.cookie });
    expect(foreign.status).toBe(404);

    for (const [raw, message] of [
      ["example.com", "Use a subdomain such as mcp.example.com: an apex domain cannot point a CNAME record at Toolport"],
      ["10.0.0.1", "10.0.0.1 is not a public hostname: use a name under a domain you own, such as mcp.example.com"],
      ["mcp.internal", "mcp.internal is not a public hostname: use a name under a domain you own, such as mcp.example.com"],
      ["https://mcp.example.com/x", "Enter the hostname only (mcp.example.com), without https:// or a path"],
      ["bad_label.example.com", "bad_label.example.com is not a valid hostname: use letters, digits and hyphens between dots"],
      ["mcp.toolport.test", "mcp.toolport.test belongs to this portal and cannot be a custom domain"],
    ]) {
      expect(() => normalizeHostname(raw, "toolport.test")).toThrow(message);
    }
  });

  it("stops serving after a downgrade below Growth, keeping the hostname and saying why", async () => {
    const { user, server } = await growthServer();
    const hostname = host();
    await call(`/api/servers/${server.id}/domain`, { method: "PUT", cookie: user.cookie, json: { hostname } });
    const { token } = await createToken(user.organizationId, [server.id]);
    await setPlan(user.organizationId, "free");
    const res = await hostFetch(`http://${hostname}/mcp`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error.message).toContain("the organization's plan no longer includes custom domains (Growth)");
    const kept = (await (await call(`/api/servers/${server.id}/domain`, { cookie: user.cookie })).json()) as any;
    expect(kept.data).toMatchObject({
      hostname,
      status: "active",
      served: false,
      notServedReason: expect.stringContaining("no longer includes custom domains"),
    });
  });
});

describe("custom domains: the daily sweep and Cloudflare for SaaS", () => {
  it("has the daily sweep queue a check of each pending hostname, which the job bus runs with the provider", async () => {
    const { user, server } = await growthServer();
    const hostname = host();
    const sent: MessageOf<"domain-check">[] = [];
    const cf = cloudflare({
      JOB_QUEUE: {
        sendBatch: async (requests: { body: MessageOf<"domain-check"> }[]) => void sent.push(...requests.map((r) => r.body)),
      } as unknown as Queue,
    });
    await addCustomDomain(db, cf, PORTAL, user.organizationId, server.id, hostname);
    const row = await db.query.customDomains.findFirst({ where: eq(customDomains.hostname, hostname) });
    // The sweep itself asks the provider nothing: it only queues.
    const saasRequests = async () => ((await (await fetch(`${upstream()}/_fake-cloudflare/custom-hostnames`)).json()) as unknown[]).length;
    const before = await saasRequests();
    expect(await sweepPendingDomains(db, cf, new Date(Date.now() + 60_000), 500, 0)).toBeGreaterThanOrEqual(1);
    expect(await saasRequests()).toBe(before);
    expect(sent).toContainEqual({ kind: "domain-check", domainId: row!.id });
    const batch = createMessageBatch<MessageOf<"domain-check">>("toolport-jobs", [
      { id: "check-1", timestamp: new Date(), attempts: 1, body: { kind: "domain-check", domainId: row!.id } },
    ]);
    const ctx = createExecutionContext();
    await consumeBatch(batch, cf, jobHandlers);
    expect(await getQueueResult(batch, ctx)).toMatchObject({ explicitAcks: ["check-1"], retryMessages: [] });
    expect(await db.query.customDomains.findFirst({ where: eq(customDomains.id, row!.id) })).toMatchObject({ status: "active" });
    expect(await domainNotifications(user.organizationId)).toEqual([
      expect.objectContaining({ kind: "domain_active", title: `${hostname} is active` }),
    ]);
    await removeCustomDomain(db, cf, PORTAL, user.organizationId, server.id);
  });

  it("creates and polls a Cloudflare for SaaS custom hostname, surfacing a failed validation's reason", async () => {
    const { user, server } = await growthServer();
    const hostname = host();
    const cf = cloudflare();
    const saasRequests = async () => (await (await fetch(`${upstream()}/_fake-cloudflare/custom-hostnames`)).json()) as any[];
    const before = (await saasRequests()).length;
    const added = await addCustomDomain(db, cf, PORTAL, user.organizationId, server.id, hostname);
    expect(added).toMatchObject({ status: "pending", served: false });
    expect(added.dnsRecords).toEqual([
      { type: "CNAME", name: hostname, value: "domains.toolport.example.net", purpose: "Routes the hostname to Toolport" },
      {
        type: "TXT",
        name: `_cf-custom-hostname.${hostname}`,
        value: expect.stringMatching(/^verify-/),
        purpose: "Proves you own the hostname",
      },
    ]);
    // Not served while pending.
    expect((await hostFetch(`https://${hostname}/mcp`, { method: "POST", body: "{}" })).status).toBe(404);
    expect(await domainNotifications(user.organizationId)).toEqual([]);
    expect(await refreshCustomDomain(db, cf, PORTAL, user.organizationId, server.id)).toMatchObject({
      status: "active",
      served: true,
      failureReason: null,
    });
    // The check that found it active tells the organization.
    expect(await domainNotifications(user.organizationId)).toEqual([
      expect.objectContaining({ kind: "domain_active", title: `${hostname} is active`, link: `/servers/${server.id}` }),
    ]);
    await removeCustomDomain(db, cf, PORTAL, user.organizationId, server.id);

    const requests = (await saasRequests()).slice(before);
    expect(requests[0]).toEqual({
      method: "POST",
      path: `/client/v4/zones/${FAKE_SAAS_ZONE}/custom_hostnames`,
      authorization: "Bearer cf-test-token",
      body: { hostname, ssl: { method: "http", type: "dv" } },
    });
    expect(requests.map((r) => `${r.method} ${r.authorization}`)).toEqual([
      "POST Bearer cf-test-token",
      "GET Bearer cf-test-token",
      "DELETE Bearer cf-test-token",
    ]);
    expect(requests[2].path).toBe(requests[1].path);

    const broken = `broken-${host()}`;
    await addCustomDomain(db, cf, PORTAL, user.organizationId, server.id, broken);
    expect(await refreshCustomDomain(db, cf, PORTAL, user.organizationId, server.id)).toMatchObject({
      status: "failed",
      failureReason:
        "custom hostname does not CNAME to this zone.; The certificate could not be validated: the hostname does not answer over HTTP",
    });

    // A wrong token is Cloudflare's refusal, word for word, and nothing is kept.
    const other = await growthServer();
    await expect(
      addCustomDomain(db, cloudflare({ CLOUDFLARE_API_TOKEN: "wrong" }), PORTAL, other.user.organizationId, other.server.id, host()),
    ).rejects.toThrow("Cloudflare refused to add");
    expect(await getCustomDomain(db, cf, PORTAL, other.user.organizationId, other.server.id)).toBeNull();
  });
});

describe("custom domains: without a provider, and OAuth at the hostname", () => {
  it("is refused outside development when no provider is configured (fail closed)", async () => {
    const { user, server } = await growthServer();
    await expect(addCustomDomain(db, production(), PORTAL, user.organizationId, server.id, host())).rejects.toThrow(
      "Custom domains are not configured on this portal",
    );
    const row = await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, user.organizationId) });
    expect(row?.planType).toBe("growth");
  });

  it("signs an MCP client in with OAuth at the custom domain: discovery from its 401, a token bound to https://{host}/mcp only", async () => {
    const { user, server } = await growthServer();
    const hostname = host();
    await call(`/api/servers/${server.id}/domain`, { method: "PUT", cookie: user.cookie, json: { hostname } });
    // The portal's PUBLIC_URL names the authorization server a custom domain's metadata points to.
    const withPublicUrl = { ...env, PUBLIC_URL: MCP_ORIGIN };
    const atDomain = (path: string, init?: RequestInit) =>
      app.fetch(new Request(`https://${hostname}${path}`, init), withPublicUrl, createExecutionContext());
    const listTools = (token?: string) =>
      atDomain("/mcp", {
        method: "POST",
        headers: { ...(token ? bearer(token) : {}), "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });

    const challenge = await listTools();
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("www-authenticate")).toContain(
      `resource_metadata="https://${hostname}/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = await (await atDomain("/.well-known/oauth-protected-resource/mcp")).json();
    expect(metadata).toMatchObject({ resource: `https://${hostname}/mcp`, authorization_servers: [MCP_ORIGIN] });

    const clientId = await registerClient();
    const { verifier, challenge: codeChallenge } = await pkce();
    const resource = `https://${hostname}/mcp`;
    const code = await approve(
      consentRequestId(await authorize({ clientId, slug: server.slug, challenge: codeChallenge, resource })),
      user.cookie,
    );
    const exchanged = await tokenRequest({
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      resource,
    });
    expect(exchanged.status).toBe(200);
    const { access_token } = (await exchanged.json()) as { access_token: string };

    const listed = await listTools(access_token);
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('"probe"');
    // Bound to the custom domain's endpoint: the portal address of the same server refuses it.
    expect((await listToolsWith(server.slug, access_token)).status).toBe(401);

    // A custom domain that is not served names no resource: its authorization is refused.
    await setPlan(user.organizationId, "free");
    const refused = await authorize({ clientId, slug: server.slug, challenge: codeChallenge, resource });
    expect(new URL(refused.headers.get("location")!).searchParams.get("error")).toBe("invalid_target");
  });
});
