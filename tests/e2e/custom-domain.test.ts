// Against `npm run dev` (the gateway Worker in front of the portal Worker): a Growth server with a
// custom hostname answers at that hostname's /mcp and at /s/{slug}/mcp alike, called alternately.
import { request as httpRequest, createServer, type Server } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sharedPortal } from "./browser";

const portal = sharedPortal();
let upstream: Server;
let upstreamOrigin: string;

beforeAll(async () => {
  upstream = createServer((req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: req.url?.split("/").at(-1), name: "Rex" })),
  );
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
});

afterAll(async () => {
  upstream?.closeAllConnections();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

const description = () => ({
  openapi: "3.0.3",
  info: { title: "Pet Store", version: "1.0.0" },
  servers: [{ url: upstreamOrigin }],
  paths: {
    "/pets/{petId}": {
      get: {
        operationId: "getPet",
        summary: "Get a pet",
        parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }],
        responses: { 200: { description: "ok" } },
      },
    },
  },
});

/** A signed-in API user: fetch with the session cookie and the portal's origin. */
async function signedIn() {
  const account = { email: `domains-${Date.now()}@toolport.test`, password: "correct horse battery", name: "Dora Domains" };
  const json = { "content-type": "application/json", origin: portal.url };
  await fetch(`${portal.url}/api/auth/sign-up/email`, { method: "POST", headers: json, body: JSON.stringify(account) });
  const signIn = await fetch(`${portal.url}/api/auth/sign-in/email`, { method: "POST", headers: json, body: JSON.stringify(account) });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async (path: string, init: { method?: string; json?: unknown; body?: FormData } = {}): Promise<{ status: number; body: any }> => {
    const body = init.json === undefined ? init.body : JSON.stringify(init.json);
    const headers = { cookie, origin: portal.url, ...(init.json === undefined ? {} : { "content-type": "application/json" }) };
    const res = await fetch(new URL(path, portal.url), {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    return { status: res.status, body: res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text() };
  };
}

/** A deployed Growth server with a custom hostname and an access token, made through the API. */
async function serverWithHostname() {
  const api = await signedIn();
  const checkout = await api("/api/billing/checkout", { json: { planType: "growth" } });
  expect((await api(checkout.body.data.url, { method: "POST" })).status).toBe(303);
  const form = new FormData();
  form.set("file", new Blob([JSON.stringify(description())], { type: "application/json" }), "pets.json");
  const created = await api("/api/servers", { body: form });
  expect(created.status).toBe(201);
  const server = created.body.data;
  const token = (await api("/api/access-tokens", { json: { name: "Claude desktop", serverIds: [server.id] } })).body.data.token as string;
  await api(`/api/servers/${server.id}/auth-config`, { json: { authType: "none", authStrategy: "managed", exposeToPublic: false } });
  expect((await api(`/api/servers/${server.id}/deploy/cloudflare`, { json: { apiConfig: {} } })).status).toBeLessThan(300);
  await expect
    .poll(async () => (await api(`/api/servers/${server.id}/deployment`)).body.data?.status, { timeout: 60_000, interval: 250 })
    .toBe("deployed");
  const hostname = `mcp-${Date.now()}.example.com`;
  const domain = await api(`/api/servers/${server.id}/domain`, { method: "PUT", json: { hostname } });
  expect(domain.status).toBe(201);
  expect(domain.body.data).toMatchObject({ status: "active", served: true });
  return { slug: server.slug as string, token, hostname };
}

/** One MCP request to the dev server, with `host` as the Host header (node:http sends it as given). */
function mcp(path: string, host: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  const { port } = new URL(portal.url);
  const payload = JSON.stringify(body);
  const headers = {
    host,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2025-06-18",
    authorization: `Bearer ${token}`,
    "content-length": Buffer.byteLength(payload),
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

it("answers through the custom hostname and through /s/{slug}/mcp, alternately, every time", async () => {
  const { slug, token, hostname } = await serverWithHostname();
  const portalHost = new URL(portal.url).host;
  const addresses = [
    { name: "custom hostname", path: "/mcp", host: hostname },
    { name: "portal address", path: `/s/${slug}/mcp`, host: portalHost },
  ];
  for (let i = 0; i < 10; i++) {
    for (const [n, address] of addresses.entries()) {
      const listed = await mcp(address.path, address.host, token, { jsonrpc: "2.0", id: i, method: "tools/list" });
      expect(listed.status, `${address.name} #${i}: ${listed.text}`).toBe(200);
      expect(JSON.parse(listed.text).result.tools.map((t: { name: string }) => t.name)).toEqual(["getPet"]);
      const petId = i * 2 + n + 1;
      const called = await mcp(address.path, address.host, token, {
        jsonrpc: "2.0",
        id: 100 + i,
        method: "tools/call",
        params: { name: "getPet", arguments: { petId } },
      });
      expect(called.status, `${address.name} #${i}: ${called.text}`).toBe(200);
      expect(JSON.parse(called.text).result.structuredContent ?? JSON.parse(JSON.parse(called.text).result.content[0].text)).toEqual({
        id: String(petId),
        name: "Rex",
      });
    }
  }
});
