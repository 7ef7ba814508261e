// Whatever makes a deployment needs the API key's 'deploy' scope: applying or restoring a description
// version, Sync now and a re-crawl redeploy a deployed server, so a key without 'deploy' is refused
// there (nothing changes), while it may still change a server that is not deployed. The redeployment
// is at the request's own origin when PUBLIC_URL is not set.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { servers } from "../../../worker/db/schema";
import type { Bindings } from "../../../worker/env";
import { descriptionUpload as upload, keyWith, withKey } from "./helpers";
import { call, ORIGIN, signedIn } from "../helpers";
import { bearer, connectV2, createServer, createToken, db, deploy, echoTool, settledDeployment, upstream } from "../mcp-setup";

type User = Awaited<ReturnType<typeof signedIn>>;
const REFUSED = {
  success: false,
  error: "This API key lacks the 'deploy' scope this route needs on a deployed server, which it redeploys",
};

/** A description with these operations (GET /{name} each), served by the local upstream. */
const description = (names: string[]) => ({
  openapi: "3.0.3",
  info: { title: "Pets", version: "1.0.0" },
  servers: [{ url: upstream() }],
  paths: Object.fromEntries(names.map((name) => [`/${name}`, { get: { operationId: name, responses: { 200: { description: "ok" } } } }])),
});

/** A server made from a description URL (so it can be synced), deployed through the portal, with a token. */
async function deployedUrlServer(user: User) {
  const url = `${inject("fixtureOrigin")}/_pages/keys-${crypto.randomUUID()}.json`;
  const serve = (names: string[]) => fetch(url, { method: "PUT", body: JSON.stringify(description(names)) });
  await serve(["listPets"]);
  const created = await call("/api/servers", { method: "POST", cookie: user.cookie, json: { url } });
  expect(created.status).toBe(201);
  const server = ((await created.json()) as any).data as { id: string; slug: string };
  const { token } = await createToken(user.organizationId, [server.id]);
  const deployed = await call(`/api/servers/${server.id}/deploy/cloudflare`, {
    method: "POST",
    cookie: user.cookie,
    json: { apiConfig: {} },
  });
  expect(deployed.status).toBe(200);
  expect((await settledDeployment(server.id))?.status).toBe("deployed");
  return { server, token, serve };
}

const toolNames = async (slug: string, token: string) => {
  const client = await connectV2(slug, bearer(token));
  const names = (await client.listTools()).tools.map((t) => t.name).sort();
  await client.close();
  return names;
};
const activeDeployment = async (id: string) => (await db.query.servers.findFirst({ where: eq(servers.id, id) }))!.activeDeploymentId;
const versions = async (user: User, id: string) =>
  ((await (await call(`/api/servers/${id}/spec/versions`, { cookie: user.cookie })).json()) as any).data as any[];

describe("a key without 'deploy' on a deployed server", () => {
  it("is refused applying or restoring a version and Sync now, and the live server stays as it was", async () => {
    const user = await signedIn();
    const { server, token, serve } = await deployedUrlServer(user);
    const { key } = await keyWith(user, ["read", "servers"]);
    const before = await activeDeployment(server.id);

    // Pushing a version only prepares it: 'servers' is enough.
    const pushed = await withKey(key, `/api/servers/${server.id}/spec`, {
      method: "PUT",
      body: upload(description(["listPets", "createPet"])),
    });
    expect(pushed.status).toBe(201);
    expect(await withKey(key, `/api/servers/${server.id}/spec/${pushed.body.data.id}/apply`, { method: "POST" })).toEqual({
      status: 403,
      body: REFUSED,
    });
    expect((await versions(user, server.id))[0]).toMatchObject({ id: pushed.body.data.id, status: "pending" });

    // The portal's user applies it; restoring the earlier one with the key is refused too.
    expect(
      (await call(`/api/servers/${server.id}/spec/${pushed.body.data.id}/apply`, { method: "POST", cookie: user.cookie })).status,
    ).toBe(200);
    const applied = await activeDeployment(server.id);
    expect(applied).not.toBe(before);
    const earlier = (await versions(user, server.id)).find((v) => v.status === "superseded");
    expect(await withKey(key, `/api/servers/${server.id}/spec/${earlier.id}/apply`, { method: "POST" })).toEqual({
      status: 403,
      body: REFUSED,
    });

    // Sync now with a change that breaks no call would apply and redeploy it: refused before the URL is fetched.
    await serve(["listPets", "createPet", "updatePet"]);
    expect(await withKey(key, `/api/servers/${server.id}/sync`, { method: "POST" })).toEqual({ status: 403, body: REFUSED });

    expect(await activeDeployment(server.id)).toBe(applied);
    expect(await toolNames(server.slug, token)).toEqual(["createPet", "listPets"]);
    expect((await versions(user, server.id)).map((v) => v.status)).toEqual(["applied", "superseded"]);
  });

  it("is refused restarting the crawl of a deployed server, whose end redeploys it", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("list_items", {})]);
    await db
      .update(servers)
      .set({ originalCrawlUrl: `${inject("fixtureOrigin")}/_pages/none/docs.html` })
      .where(eq(servers.id, server.id));
    await deploy(server.id);
    const { key } = await keyWith(user, ["read", "servers"]);
    expect(await withKey(key, `/api/servers/${server.id}/restart-crawl`, { method: "POST" })).toEqual({ status: 403, body: REFUSED });
  });

  it("may apply a version to a server that is not deployed: nothing is deployed", async () => {
    const user = await signedIn();
    const { key } = await keyWith(user, ["servers"]);
    const created = await withKey(key, "/api/servers", { method: "POST", body: upload(description(["listPets"])) });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const pushed = await withKey(key, `/api/servers/${id}/spec`, { method: "PUT", body: upload(description(["listPets", "createPet"])) });
    const applied = await withKey(key, `/api/servers/${id}/spec/${pushed.body.data.id}/apply`, { method: "POST" });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ version: { status: "applied" }, deployment: null });
    expect(await activeDeployment(id)).toBeNull();
  });
});

describe("a key with 'deploy'", () => {
  it("applies a version to a deployed server and redeploys it at the request's origin", async () => {
    expect((env as Bindings).PUBLIC_URL).toBeUndefined();
    const user = await signedIn();
    const { server, token } = await deployedUrlServer(user);
    const { key } = await keyWith(user, ["servers", "deploy"]);
    const pushed = await withKey(key, `/api/servers/${server.id}/spec`, {
      method: "PUT",
      body: upload(description(["listPets", "createPet"])),
    });
    const applied = await withKey(key, `/api/servers/${server.id}/spec/${pushed.body.data.id}/apply`, { method: "POST" });
    expect(applied.status).toBe(200);
    expect(applied.body.data.deployment).toMatchObject({
      status: "deployed",
      deploymentUrl: `${ORIGIN}/s/${server.slug}`,
      mcpUrl: `${ORIGIN}/s/${server.slug}/mcp`,
    });
    expect(await toolNames(server.slug, token)).toEqual(["createPet", "listPets"]);
  });

  it("syncs a deployed server at the request's origin, as the portal's own user does", async () => {
    const user = await signedIn();
    const { server, serve } = await deployedUrlServer(user);
    await serve(["listPets", "createPet"]);
    const synced = await call(`/api/servers/${server.id}/sync`, { method: "POST", cookie: user.cookie });
    expect(((await synced.json()) as any).data.outcome).toBe("applied");
    expect((await settledDeployment(server.id))?.deploymentUrl).toBe(`${ORIGIN}/s/${server.slug}`);
  });
});
