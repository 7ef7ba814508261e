// The docs' samples (docs/examples) run against the real Worker: the MCP SDK client script and the
// Cursor configuration connect to a deployed server, the auth-config bodies save, the plans table matches,
// and the calls of new-server-with-key.sh, made with an API key, create, configure and deploy a server.
import { describe, expect, it } from "vitest";
import authManaged from "../../../docs/examples/auth-managed.json";
import authPassthrough from "../../../docs/examples/auth-passthrough.json";
import cursorConfig from "../../../docs/examples/cursor-mcp.json";
// @ts-expect-error: a plain .mjs sample without type declarations
import { connect } from "../../../docs/examples/mcp-client.mjs";
import newServerWithKey from "../../../docs/examples/new-server-with-key.sh?raw";
import { SEED_PLANS } from "../../../web/src/features/docs/seed-plans";
import { TOKEN_REQUIRED_MESSAGE } from "../../../worker/lib/messages";
import { descriptionUpload, keyWith, withKey } from "../api-keys/helpers";
import { call, signedIn } from "../helpers";
import {
  bearer,
  connectV2,
  createOrg,
  createServer,
  createToken,
  deploy,
  echoTool,
  echoOf,
  MCP_ORIGIN,
  settledDeployment,
  upstream,
  workerFetch,
} from "../mcp-setup";
import { uploadDescription } from "../servers/helpers";

/** The API calls a sample script makes, in order: `METHOD /api/path` with its shell variables as written. */
const scriptCalls = (script: string) =>
  [...script.matchAll(/\bapi (?:-X ([A-Z]+) )?"\$TOOLPORT_URL(\/api\/[^"]*)"/g)].map(([, method, path]) => `${method ?? "GET"} ${path}`);

async function deployedEchoServer() {
  const organizationId = await createOrg();
  const server = await createServer(organizationId, [echoTool("list_pets", {})]);
  const { token } = await createToken(organizationId, [server.id]);
  await deploy(server.id);
  return { server, token, mcpUrl: `${MCP_ORIGIN}/s/${server.slug}/mcp` };
}

describe("docs examples: clients and authentication files", () => {
  it("mcp-client.mjs lists and calls a deployed server's tools with an access token", async () => {
    const { token, mcpUrl } = await deployedEchoServer();
    const client = await connect(mcpUrl, token, workerFetch);
    const { tools } = await client.listTools();
    expect(tools.map((t: { name: string }) => t.name)).toEqual(["list_pets"]);
    const result = await client.callTool({ name: "list_pets", arguments: {} });
    expect(echoOf(result)).toMatchObject({ method: "GET", path: "/echo/list_pets" });
    await client.close();
  });

  it("cursor-mcp.json's URL form and Authorization header reach the server", async () => {
    const { server, token } = await deployedEchoServer();
    const entry = Object.values(cursorConfig.mcpServers)[0];
    expect(new URL(entry.url).pathname).toBe("/s/petstore/mcp");
    const authorization = entry.headers.Authorization.replace("<your Toolport access token>", token);
    expect(authorization).toBe(`Bearer ${token}`);
    const url = entry.url.replace("https://toolport.example.com", MCP_ORIGIN).replace("petstore", server.slug);
    const client = await connect(url, token, workerFetch);
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
  });

  it("auth-managed.json and auth-passthrough.json save as a server's authentication", async () => {
    const user = await signedIn();
    const description = {
      openapi: "3.1.0",
      info: { title: "Pets", version: "1" },
      servers: [{ url: "https://pets.example.com" }],
      paths: {
        "/pets": {
          get: {
            operationId: "list_pets",
            parameters: [{ name: "accountId", in: "query", required: true, schema: { type: "string" } }],
            responses: { 200: { description: "ok" } },
          },
        },
      },
    };
    const { data: server } = (await (await uploadDescription(user.cookie, "pets.json", JSON.stringify(description))).json()) as any;
    await call("/api/access-tokens", { method: "POST", cookie: user.cookie, json: { name: "Pets Token", serverIds: [server.id] } });
    for (const body of [authManaged, authPassthrough]) {
      const res = await call(`/api/servers/${server.id}/auth-config`, { method: "POST", cookie: user.cookie, json: body });
      const saved = (await res.json()) as any;
      expect(res.status, JSON.stringify(saved)).toBe(200);
      expect(saved.data).toMatchObject({ authType: body.authType, authStrategy: body.authStrategy, status: "configured" });
    }
    const managed = (await (await call(`/api/servers/${server.id}/api-config`, { cookie: user.cookie })).json()) as any;
    expect(managed.data.authStrategy).toBe("passthrough");
  });
});

describe("docs examples: the key script and the plans table", () => {
  it("new-server-with-key.sh's calls, with a key, create a server, assign an existing token, save managed authentication and deploy", async () => {
    expect(scriptCalls(newServerWithKey)).toEqual([
      "POST /api/servers",
      "GET /api/servers/$id/access-tokens",
      "PUT /api/servers/$id/access-tokens/$token",
      "POST /api/servers/$id/auth-config",
      "POST /api/servers/$id/deploy/cloudflare",
      "GET /api/servers/$id/deployment",
    ]);
    const user = await signedIn();
    const issued = (
      (await (await call("/api/access-tokens", { method: "POST", cookie: user.cookie, json: { name: "CI clients" } })).json()) as any
    ).data;
    const { key } = await keyWith(user, ["read", "servers", "deploy"]);
    const pets = {
      openapi: "3.0.3",
      info: { title: "Pets", version: "1" },
      servers: [{ url: upstream() }],
      paths: { "/pets": { get: { operationId: "listPets", responses: { 200: { description: "ok" } } } } },
    };
    const auth = { authType: "bearer", authStrategy: "managed", secrets: { token: "sk_live_upstream" }, exposeToPublic: false };

    const created = await withKey(key, "/api/servers", { method: "POST", body: descriptionUpload(pets) });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const tokens = await withKey(key, `/api/servers/${id}/access-tokens`);
    expect(tokens.body.data).toEqual([{ id: issued.tokenInfo.id, name: "CI clients", assigned: false }]);
    // Without an assigned token, managed authentication is refused: the step the script does first.
    expect(await withKey(key, `/api/servers/${id}/auth-config`, { method: "POST", json: auth })).toEqual({
      status: 400,
      body: { success: false, error: TOKEN_REQUIRED_MESSAGE },
    });
    const assigned = await withKey(key, `/api/servers/${id}/access-tokens/${issued.tokenInfo.id}`, { method: "PUT" });
    expect(assigned).toEqual({
      status: 200,
      body: { success: true, data: { id: issued.tokenInfo.id, name: "CI clients", assigned: true } },
    });
    expect((await withKey(key, `/api/servers/${id}/auth-config`, { method: "POST", json: auth })).body).toMatchObject({
      success: true,
      data: { authStrategy: "managed", status: "configured" },
    });
    expect((await withKey(key, `/api/servers/${id}/deploy/cloudflare`, { method: "POST", json: {} })).status).toBe(200);
    await settledDeployment(id);
    const deployment = await withKey(key, `/api/servers/${id}/deployment`);
    expect(deployment.body.data).toMatchObject({ status: "deployed", mcpUrl: `http://toolport.test/s/${created.body.data.slug}/mcp` });
    expect(JSON.stringify([tokens, assigned])).not.toContain(issued.token);

    // The token's holders reach the new server, which calls the API with the saved credential.
    const client = await connectV2(created.body.data.slug, bearer(issued.token));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["listPets"]);
    const result = await client.callTool({ name: "listPets", arguments: {} });
    expect(echoOf(result).headers.authorization).toBe("Bearer sk_live_upstream");
    await client.close();
  });

  it("the docs' plans table is the plans the API serves", async () => {
    const user = await signedIn();
    const { data } = (await (await call("/api/billing/plans", { cookie: user.cookie })).json()) as any;
    expect(SEED_PLANS).toEqual(
      data.map((p: any) => ({
        type: p.type,
        name: p.name,
        price: p.price,
        description: p.description,
        maxServers: p.features.maxServers,
        maxToolsPerServer: p.features.maxToolsPerServer,
        maxToolCallsPerMonth: p.features.maxToolCallsPerMonth,
        automatedCrawls: p.features.automatedCrawls,
        popular: p.popular,
      })),
    );
  });
});
