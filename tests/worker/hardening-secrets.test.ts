// Secrets at rest and in transit: after a full flow (import, managed secrets, access token, deploy,
// tool calls, crawl, rotation) no plaintext credential or access token appears in D1, KV, the
// generated server code, the logs or any portal API answer.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { app } from "../../worker/app";
import { generateServer, loadServerConfig } from "../../worker/deploy/generate";
import { call, signedIn } from "./helpers";
import { waitForCrawl } from "./crawl/helpers";
import { setPlan } from "./servers/helpers";
import { connectV2, db, echoOf, MCP_ORIGIN, textOf, upstream, settledDeployment, workerFetch } from "./mcp-setup";

const description = (title: string, security: Record<string, unknown>) => ({
  openapi: "3.0.3",
  info: { title, version: "1.0" },
  servers: [{ url: upstream() }],
  components: { securitySchemes: { main: security } },
  security: [{ main: [] }],
  paths: {
    "/text": { get: { operationId: "getText", summary: "Plain text", responses: { 200: { description: "ok" } } } },
    "/binary": { get: { operationId: "getBinary", summary: "An image", responses: { 200: { description: "ok" } } } },
    "/status/500": { get: { operationId: "failing", summary: "Always fails", responses: { 500: { description: "error" } } } },
    "/echo/whoami": { get: { operationId: "whoami", summary: "Echoes the request", responses: { 200: { description: "ok" } } } },
  },
});

/** Every portal API answer of the flow, as text. */
const answers: { route: string; text: string }[] = [];
async function recorded(route: string, init: Parameters<typeof call>[1] = {}) {
  const res = await call(route, init);
  const text = await res.text();
  answers.push({ route: `${init.method ?? "GET"} ${route}`, text });
  const isJson = res.headers.get("content-type")?.includes("json");
  return { status: res.status, body: isJson ? JSON.parse(text) : null };
}

const logged: string[] = [];
afterEach(() => vi.restoreAllMocks());

async function upload(cookie: string, doc: unknown, filename: string) {
  const form = new FormData();
  form.set("file", new File([JSON.stringify(doc)], filename));
  return recorded("/api/servers", { method: "POST", cookie, body: form });
}

/** All rows of every D1 table, as text. */
async function dumpD1() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  const dump: string[] = [];
  for (const { name } of results) dump.push(`${name}: ${JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)}`);
  return { tables: results.map((r) => r.name), text: dump.join("\n") };
}

/** Every KV key and value, as text. */
async function dumpKv() {
  const parts: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.KV.list({ cursor });
    for (const { name } of page.keys) parts.push(`${name} = ${await env.KV.get(name)}`);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return parts.join("\n");
}

/** Every console line of the test is kept in `logged` instead of printed. */
function captureLogs() {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) =>
        void logged.push(
          args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "),
        ),
    );
  }
}

/** Calls the tools of a server deployed from `description`, with the access token: whoami's echo, and the other results as text. */
async function callEveryTool(slug: string, token: string, { listTools }: { listTools: boolean }) {
  const client = await connectV2(slug, { authorization: `Bearer ${token}` });
  const echo = echoOf(await client.callTool({ name: "whoami", arguments: {} }));
  const results: string[] = [];
  for (const name of ["getText", "getBinary", "failing"]) results.push(JSON.stringify(await client.callTool({ name, arguments: {} })));
  if (listTools) results.push(JSON.stringify(await client.listTools()));
  await client.close();
  return { echo, results };
}

/** Reads every GET route of the portal API (its parameters filled from the flow), each answer recorded. */
async function readEveryGetRoute(cookie: string, ids: { tokenId: string; crawlId: string; server: { id: string; slug: string } }) {
  const fill = (path: string) =>
    path
      .replace(/^\/api\/access-tokens\/:id/, `/api/access-tokens/${ids.tokenId}`)
      .replace(/^\/api\/crawl\/:id/, `/api/crawl/${ids.crawlId}`)
      .replace(/:id/g, ids.server.id)
      .replace(/:slug/g, ids.server.slug);
  const getRoutes = [
    ...new Set(
      app.routes
        .filter(
          (r) =>
            r.method === "GET" &&
            r.path.startsWith("/api/") &&
            !r.path.includes("*") &&
            !r.path.includes(":jobId") &&
            !/\/api\/auth\/(login|logout)$/.test(r.path),
        )
        .map((r) => r.path),
    ),
  ];
  for (const path of getRoutes) await recorded(fill(path), { cookie });
}

describe("secrets", () => {
  it("leave no plaintext credential or access token anywhere after a full flow", async () => {
    captureLogs();
    const bearerSecret = `sk-live-${crypto.randomUUID()}`;
    const apiKeySecret = `key-${crypto.randomUUID()}`;
    const user = await signedIn();
    await setPlan(user.email, "growth");
    const { cookie } = user;

    // Import two servers, one for each way a managed secret travels (header, query).
    const bearerServer = (await upload(cookie, description("Bearer API", { type: "http", scheme: "bearer" }), "bearer.json")).body.data;
    const keyServer = (await upload(cookie, description("Key API", { type: "apiKey", name: "api_key", in: "query" }), "key.json")).body
      .data;
    // An access token (managed secrets need one assigned): its creation answer is the one place it may appear.
    const created = await call("/api/access-tokens", {
      method: "POST",
      cookie,
      json: { name: "Flow token", serverIds: [bearerServer.id, keyServer.id] },
    });
    const { token, tokenInfo } = ((await created.json()) as { data: { token: string; tokenInfo: { id: string } } }).data;
    expect(token).toMatch(/^tp_/);

    await recorded(`/api/servers/${bearerServer.id}/analyse-auth`, { method: "POST", cookie });
    const saved = await recorded(`/api/servers/${bearerServer.id}/auth-config`, {
      method: "POST",
      cookie,
      json: { authType: "bearer", authStrategy: "managed", secrets: { token: bearerSecret } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(
      (
        await recorded(`/api/servers/${keyServer.id}/auth-config`, {
          method: "POST",
          cookie,
          json: { authType: "apiKey", authStrategy: "managed", apiKey: { name: "api_key", in: "query" }, secrets: { key: apiKeySecret } },
        })
      ).status,
    ).toBe(200);

    for (const server of [bearerServer, keyServer]) {
      expect(
        (await recorded(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie, json: { apiConfig: {} } })).status,
      ).toBe(200);
      expect((await settledDeployment(server.id))?.status).toBe("deployed");
    }

    // Tool calls: the secrets reach the API, but never the MCP client in a result of its own making.
    const bearerCalls = await callEveryTool(bearerServer.slug, token, { listTools: true });
    expect(bearerCalls.echo.headers.authorization).toBe(`Bearer ${bearerSecret}`);
    const keyCalls = await callEveryTool(keyServer.slug, token, { listTools: false });
    expect(keyCalls.echo.query).toBe(`api_key=${apiKeySecret}`);
    const mcpAnswers = [...bearerCalls.results, ...keyCalls.results];
    expect(textOf(JSON.parse(mcpAnswers[0]))).toBe("plain hello");

    // A crawl, and the token's rotation (the old token must not linger either).
    const crawl = await recorded("/api/crawl/crawl", {
      method: "POST",
      cookie,
      json: { url: `${inject("fixtureOrigin")}/docs-reference/index.html`, limit: 3 },
    });
    await waitForCrawl(cookie, crawl.body.crawlId);
    const rotated = await call(`/api/access-tokens/${tokenInfo.id}/rotate`, { method: "POST", cookie });
    const newToken = ((await rotated.json()) as { data: { token: string } }).data.token;
    expect(newToken).toMatch(/^tp_/);

    // Read back through every GET route of the portal API.
    await readEveryGetRoute(cookie, { tokenId: tokenInfo.id, crawlId: crawl.body.crawlId, server: bearerServer });
    for (const server of [keyServer])
      for (const sub of ["", "/auth-config", "/api-config", "/deployment", "/mappings"])
        await recorded(`/api/servers/${server.id}${sub}`, { cookie });
    answers.push({ route: "GET /s/:slug", text: await (await workerFetch(`${MCP_ORIGIN}/s/${bearerServer.slug}`)).text() });

    // The places to search.
    const d1 = await dumpD1();
    expect(d1.tables).toEqual(expect.arrayContaining(["auth_configs", "access_tokens", "deployments", "servers", "tools"]));
    const kv = await dumpKv();
    const code = await Promise.all(
      [bearerServer, keyServer].map(async (s) => {
        const { modules, text } = await generateServer(await loadServerConfig(db, s.id, { baseUrl: upstream() }));
        return JSON.stringify({ modules, text });
      }),
    );
    const places: [string, string][] = [
      ["D1", d1.text],
      ["KV", kv],
      ["generated server code", code.join("\n")],
      ["logs", logged.join("\n")],
      ...answers.map((a): [string, string] => [`answer of ${a.route}`, a.text]),
      ...mcpAnswers.map((text, i): [string, string] => [`MCP result ${i}`, text]),
    ];
    expect(answers.filter((a) => a.text.includes('"success":true')).length).toBeGreaterThan(20);
    // Sanity: the dumps hold the flow's data (the search is not over empty text).
    expect(d1.text).toContain(bearerServer.id);
    expect(kv).toContain(bearerServer.id);

    const secrets = { bearerSecret, apiKeySecret, token, newToken };
    for (const [name, value] of Object.entries(secrets)) {
      const forms = [value, encodeURIComponent(value), btoa(value), value.slice(-24)];
      for (const [place, text] of places) {
        for (const form of forms) expect.soft(text.includes(form), `${name} found in ${place}`).toBe(false);
      }
    }
    // The masks that the API does answer keep at most the last four characters.
    const authConfig = answers.find((a) => a.route === `GET /api/servers/${bearerServer.id}/auth-config`)!;
    expect(authConfig.text).toContain(`••••••••${bearerSecret.slice(-4)}`);
  }, 120_000);
});
