// Client ID Metadata Documents: a client whose client_id is the URL of its metadata, fetched through
// the SSRF guard; its redirect_uris bind the flow, and internal addresses are refused in production.
// A refused document is answered only as unusable; the reason is kept for operators (checked here).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { app } from "../../../worker/app";
import { failureKey, METADATA_DOCUMENT_UNUSABLE } from "../../../worker/oauth/cimd";
import { signedIn } from "../helpers";
import { createServer, deploy, echoTool } from "../mcp-setup";
import { anyAddress, approve, authorize, consentApi, consentRequestId, listToolsWith, pkce, REDIRECT_URI, tokenRequest } from "./setup";

/** Publishes a metadata document on the local fixture server; answers its URL (the client_id). */
async function publishDocument(fields: Record<string, unknown> = {}) {
  const url = `${inject("fixtureOrigin")}/_pages/cimd-${crypto.randomUUID()}.json`;
  const doc = {
    client_id: url,
    client_name: "Metadata Client",
    client_uri: "https://client.example",
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: "none",
    ...fields,
  };
  const res = await fetch(url, { method: "PUT", body: JSON.stringify(doc) });
  expect(res.status).toBe(204);
  return url;
}

/** A 400 page that says only that the document could not be used; answers the reason kept for operators. */
async function refusedFor(res: Response, clientId: string, kv = env.OAUTH_KV) {
  expect(res.status).toBe(400);
  expect(res.headers.get("location")).toBeNull();
  expect((await res.text()).replaceAll("&#39;", "'")).toContain(METADATA_DOCUMENT_UNUSABLE);
  return kv.get(await failureKey(clientId));
}

async function deployedServer() {
  const owner = await signedIn();
  const server = await createServer(owner.organizationId, [echoTool("list_pets", {})]);
  await deploy(server.id);
  return { owner, server };
}

describe("Client ID Metadata Documents", () => {
  it("runs the whole flow for a client known only by its metadata URL", async () => {
    const { owner, server } = await deployedServer();
    const clientId = await publishDocument();
    const { verifier, challenge } = await pkce();
    const requestId = consentRequestId(await authorize({ clientId, slug: server.slug, challenge }));
    const shown = (await (await consentApi(requestId, owner.cookie)).json()) as { data: { client: unknown } };
    expect(shown.data.client).toMatchObject({
      id: clientId,
      name: "Metadata Client",
      uri: "https://client.example",
      redirectHost: "127.0.0.1",
    });
    const code = await approve(requestId, owner.cookie);
    const res = await tokenRequest({
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    expect((await listToolsWith(server.slug, access_token)).status).toBe(200);
  });

  it("fetches the document again when its cached copy expired while the user was deciding", async () => {
    const { owner, server } = await deployedServer();
    const clientId = await publishDocument();
    const { challenge } = await pkce();
    const requestId = consentRequestId(await authorize({ clientId, slug: server.slug, challenge }));
    await env.OAUTH_KV.delete(`client:${clientId}`);
    expect(await approve(requestId, owner.cookie)).toMatch(/^[^:]+:[^:]+:.+$/);
  });

  it("refuses a redirect_uri the document does not list, and a document naming another client_id", async () => {
    const { server } = await deployedServer();
    const { challenge } = await pkce();
    const listed = await publishDocument();
    const elsewhere = await authorize({ clientId: listed, slug: server.slug, challenge, redirectUri: "http://127.0.0.1:9/other" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get("location")).toBeNull();

    const impostor = await publishDocument({ client_id: "https://someone-else.example/client.json" });
    expect(await refusedFor(await authorize({ clientId: impostor, slug: server.slug, challenge }), impostor)).toBe(
      "its metadata document names another client_id",
    );
  });

  it("refuses a document over 5 KB, and serves a fetched document from its cache for an hour", async () => {
    const { server } = await deployedServer();
    const { challenge } = await pkce();
    const large = await publishDocument({ client_name: "x".repeat(100), padding: "y".repeat(6 * 1024) });
    expect(await refusedFor(await authorize({ clientId: large, slug: server.slug, challenge }), large)).toBe(
      "its metadata document is larger than 5 KB",
    );

    const cached = await publishDocument();
    consentRequestId(await authorize({ clientId: cached, slug: server.slug, challenge }));
    // The client replaces its document; until the cached copy expires, the portal keeps using the first one.
    await fetch(cached, { method: "PUT", body: JSON.stringify({ client_id: cached, redirect_uris: ["http://127.0.0.1:9/elsewhere"] }) });
    consentRequestId(await authorize({ clientId: cached, slug: server.slug, challenge }));
  });

  it("gives up on a document that does not answer within 5 seconds", async () => {
    const { server } = await deployedServer();
    const { challenge } = await pkce();
    const slow = `${inject("fixtureOrigin")}/_slow/openapi/petstore-2.0.json?ms=6000`;
    expect(await refusedFor(await authorize({ clientId: slow, slug: server.slug, challenge }), slow)).toContain("no answer within 5 s");
  });

  it("refuses a metadata URL on a private address in production", async () => {
    const production = { ...env, ENVIRONMENT: "production" };
    const clientId = `https://127.0.0.1:${new URL(inject("fixtureOrigin")).port}/_pages/client.json`;
    const q = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      resource: "https://toolport.test/s/any/mcp",
    });
    const res = await app.fetch(
      new Request(`https://toolport.test/oauth/authorize?${q}`, { headers: { "cf-connecting-ip": anyAddress() } }),
      production,
      createExecutionContext(),
    );
    expect(await refusedFor(res, clientId)).toContain("The URL points at an internal address (127.0.0.1), which Toolport does not fetch");
  });
});
