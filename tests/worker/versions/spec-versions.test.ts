// Description versions: a pushed description answers its diff (breaking marks), applying it keeps the
// user's flags, renames and static values and redeploys; an earlier version can be restored; a URL
// server's scheduled update applies a non-breaking change by itself and holds a breaking one.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import { servers, subscriptions } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { DAILY_SWEEP_CRON } from "../../../worker/scheduled";
import { call, signedIn } from "../helpers";
import { bearer, connectV2, createToken, db, upstream } from "../mcp-setup";

type Op = { method: string; path: string; id: string; params?: { name: string; in: string; type: string; required?: boolean }[] };

/** A small description with the given operations, served by the local upstream. */
function spec(ops: Op[], title = "Pets") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: op.id,
      summary: `${op.id} summary`,
      parameters: (op.params ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.in === "path" || p.required === true,
        schema: { type: p.type },
      })),
      responses: { 200: { description: "ok" } },
    };
  }
  return { openapi: "3.0.3", info: { title, version: "1.0.0" }, servers: [{ url: upstream() }], paths };
}

const petId = (type: string) => [{ name: "petId", in: "path", type }];
const V1: Op[] = [
  { method: "get", path: "/pets", id: "listPets", params: [{ name: "limit", in: "query", type: "integer" }] },
  { method: "get", path: "/pets/{petId}", id: "getPet", params: petId("integer") },
  { method: "delete", path: "/pets/{petId}", id: "deletePet", params: petId("integer") },
  { method: "put", path: "/pets/{petId}/tag", id: "tagPet", params: [...petId("integer"), { name: "tag", in: "query", type: "string" }] },
];
// getPet's petId retyped, deletePet removed, createPet added; the rest unchanged.
const V2: Op[] = [V1[0], { ...V1[1], params: petId("string") }, V1[3], { method: "post", path: "/pets", id: "createPet" }];

const upload = (document: unknown) => {
  const form = new FormData();
  form.set("file", new File([JSON.stringify(document)], "pets.json", { type: "application/json" }));
  return form;
};

async function createFrom(cookie: string, document: unknown) {
  const res = await call("/api/servers", { method: "POST", cookie, body: upload(document) });
  expect(res.status).toBe(201);
  return ((await res.json()) as any).data as { id: string; slug: string };
}

const toolNames = async (slug: string, token: string) => {
  const client = await connectV2(slug, bearer(token));
  const names = (await client.listTools()).tools.map((t) => t.name).sort();
  await client.close();
  return names;
};

describe("description versions: pushing, applying and restoring", () => {
  it("answers the diff of a pushed description, applies it keeping the user's choices, redeploys, and restores the earlier one", async () => {
    const user = await signedIn();
    const server = await createFrom(user.cookie, spec(V1));
    const patch = (json: unknown) => call(`/api/servers/${server.id}/tools`, { method: "PATCH", cookie: user.cookie, json });
    const renamed = await patch({ toolName: "listPets", name: "find_pets", description: "Finds pets, newest first" });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect((await patch({ toolName: "tagPet", active: false })).status).toBe(200);
    const { token } = await createToken(user.organizationId, [server.id]);
    const auth = await call(`/api/servers/${server.id}/auth-config`, {
      method: "POST",
      cookie: user.cookie,
      json: { authType: "none", authStrategy: "managed", exposeToPublic: false, authContextValues: { limit: "10" } },
    });
    expect(auth.status, await auth.clone().text()).toBe(200);
    expect(
      (await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie: user.cookie, json: { apiConfig: {} } })).status,
    ).toBeLessThan(300);
    await vi.waitFor(async () => expect(await toolNames(server.slug, token)).toEqual(["deletePet", "find_pets", "getPet"]), {
      timeout: 10_000,
    });

    const pushed = await call(`/api/servers/${server.id}/spec`, { method: "PUT", cookie: user.cookie, body: upload(spec(V2)) });
    expect(pushed.status).toBe(201);
    const version = ((await pushed.json()) as any).data;
    expect(version).toMatchObject({ status: "pending", origin: "file", toolCount: 4, breaking: true });
    expect(version.diff.entries).toEqual([
      { kind: "removed", tool: "deletePet", method: "DELETE", path: "/pets/{petId}", changes: [], breaking: true },
      {
        kind: "changed",
        tool: "getPet",
        method: "GET",
        path: "/pets/{petId}",
        changes: ['argument "petId" retyped (integer → string)'],
        breaking: true,
      },
      { kind: "added", tool: "createPet", method: "POST", path: "/pets", changes: [], breaking: false },
    ]);
    expect(version.diff.counts).toEqual({ added: 1, removed: 1, renamed: 0, changed: 1 });
    // Nothing changes before it is applied.
    expect(await toolNames(server.slug, token)).toEqual(["deletePet", "find_pets", "getPet"]);

    const history = ((await (await call(`/api/servers/${server.id}/spec/versions`, { cookie: user.cookie })).json()) as any).data;
    expect(history.map((v: any) => [v.status, v.origin])).toEqual([
      ["pending", "file"],
      ["applied", "initial"],
    ]);

    const applied = await call(`/api/servers/${server.id}/spec/${version.id}/apply`, { method: "POST", cookie: user.cookie });
    expect(applied.status).toBe(200);
    expect(((await applied.json()) as any).data.deployment.status).toBe("deployed");
    // Renamed tool keeps its name and description, the switched-off tool stays off, the static value stays.
    expect(await toolNames(server.slug, token)).toEqual(["createPet", "find_pets", "getPet"]);
    const mappings = ((await (await call(`/api/servers/${server.id}/mappings`, { cookie: user.cookie })).json()) as any).data;
    const byName = Object.fromEntries(mappings.map((m: any) => [m.toolName ?? m.name, m]));
    expect(JSON.stringify(byName.listPets ?? mappings.find((m: any) => JSON.stringify(m).includes("find_pets")))).toContain(
      "Finds pets, newest first",
    );
    expect(JSON.stringify(mappings)).toContain("tagPet");
    const savedAuth = ((await (await call(`/api/servers/${server.id}/auth-config`, { cookie: user.cookie })).json()) as any).data;
    expect(JSON.stringify(savedAuth)).toContain('"limit":"10"');

    const after = ((await (await call(`/api/servers/${server.id}/spec/versions`, { cookie: user.cookie })).json()) as any).data;
    expect(after.map((v: any) => v.status)).toEqual(["applied", "superseded"]);
    // The earlier version is restorable.
    const restored = await call(`/api/servers/${server.id}/spec/${after[1].id}/apply`, { method: "POST", cookie: user.cookie });
    expect(restored.status).toBe(200);
    expect(await toolNames(server.slug, token)).toEqual(["deletePet", "find_pets", "getPet"]);

    // Another organization sees none of it.
    const stranger = await signedIn();
    expect((await call(`/api/servers/${server.id}/spec/versions`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/servers/${server.id}/spec/${after[1].id}/apply`, { method: "POST", cookie: stranger.cookie })).status).toBe(
      404,
    );
  });
});

describe("description versions: discarding and refusing", () => {
  it("discards a pending version, and refuses a description that cannot be imported with the creation's error", async () => {
    const user = await signedIn();
    const server = await createFrom(user.cookie, spec(V1));
    const version = (
      (await (await call(`/api/servers/${server.id}/spec`, { method: "PUT", cookie: user.cookie, body: upload(spec(V2)) })).json()) as any
    ).data;
    expect((await call(`/api/servers/${server.id}/spec/${version.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(200);
    const history = ((await (await call(`/api/servers/${server.id}/spec/versions`, { cookie: user.cookie })).json()) as any).data;
    expect(history[0].status).toBe("discarded");
    const bad = await call(`/api/servers/${server.id}/spec`, { method: "PUT", cookie: user.cookie, json: {} });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error).toBe("Provide an OpenAPI description: upload a .json, .yaml or .yml file or give its URL");
    const sync = await call(`/api/servers/${server.id}/sync`, { method: "POST", cookie: user.cookie });
    expect(sync.status).toBe(400);
    expect(((await sync.json()) as any).error).toBe(
      "Only servers created from a description URL can be synced: upload the new description instead",
    );
  });
});

describe("description versions: scheduled syncs", () => {
  it("syncs a URL server on schedule: a non-breaking change is applied by itself, a breaking one is held for review", async () => {
    const user = await signedIn();
    await db
      .insert(subscriptions)
      .values({ organizationId: user.organizationId, planType: "growth" })
      .onConflictDoUpdate({ target: subscriptions.organizationId, set: { planType: "growth" } });
    const url = `${inject("fixtureOrigin")}/_pages/spec-${crypto.randomUUID()}.json`;
    const serve = (document: unknown) => fetch(url, { method: "PUT", body: JSON.stringify(document) });
    await serve(spec(V1));
    const created = await call("/api/servers", { method: "POST", cookie: user.cookie, json: { url } });
    expect(created.status).toBe(201);
    const server = ((await created.json()) as any).data;
    const schedule = await call(`/api/servers/${server.id}/automated-crawl`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { enabled: true, frequency: "weekly" },
    });
    expect(schedule.status, await schedule.clone().text()).toBe(200);
    const runSweep = async () => {
      await db
        .update(servers)
        .set({ nextCrawlAt: new Date(Date.now() - 1000) })
        .where(eq(servers.id, server.id));
      await worker.scheduled!(
        createScheduledController({ cron: DAILY_SWEEP_CRON, scheduledTime: Date.now() }),
        env,
        createExecutionContext(),
      );
    };
    const versions = async () =>
      ((await (await call(`/api/servers/${server.id}/spec/versions`, { cookie: user.cookie })).json()) as any).data as any[];
    const lastRun = async () =>
      ((await (await call(`/api/servers/${server.id}/automated-runs`, { cookie: user.cookie })).json()) as any).data.runs[0];

    // Non-breaking: one operation added.
    await serve(spec([...V1, { method: "post", path: "/pets", id: "createPet" }]));
    await runSweep();
    await vi.waitFor(async () => expect(await lastRun()).toMatchObject({ kind: "sync", outcome: "applied" }), { timeout: 15_000 });
    expect(await lastRun()).toMatchObject({
      toolsAdded: 1,
      toolsRemoved: 0,
      toolsChanged: 0,
      changes: [{ kind: "added", tool: "createPet" }],
      redeployed: false,
      versionId: null,
      error: null,
    });
    expect((await versions())[0]).toMatchObject({ status: "applied", origin: "sync" });
    const mappings = JSON.stringify(
      ((await (await call(`/api/servers/${server.id}/mappings`, { cookie: user.cookie })).json()) as any).data,
    );
    expect(mappings).toContain("createPet");

    // Breaking: an operation removed. Held as pending; the card's list says an update is available.
    await serve(spec([V1[0], V1[1], { method: "post", path: "/pets", id: "createPet" }]));
    await runSweep();
    await vi.waitFor(async () => expect(await lastRun()).toMatchObject({ kind: "sync", outcome: "held" }), { timeout: 15_000 });
    expect((await versions())[0]).toMatchObject({ status: "pending", origin: "sync", breaking: true });
    expect(await lastRun()).toMatchObject({
      toolsRemoved: 2,
      changes: [
        { kind: "removed", tool: "deletePet" },
        { kind: "removed", tool: "tagPet" },
      ],
      versionId: (await versions())[0].id,
    });
    expect(
      JSON.stringify(((await (await call(`/api/servers/${server.id}/mappings`, { cookie: user.cookie })).json()) as any).data),
    ).toContain("deletePet");
    const listed = ((await (await call("/api/servers", { cookie: user.cookie })).json()) as any).data.find((s: any) => s.id === server.id);
    expect(listed.pendingVersionId).toBe((await versions())[0].id);

    // Sync now on the same description holds the same breaking change again.
    const same = await call(`/api/servers/${server.id}/sync`, { method: "POST", cookie: user.cookie });
    expect(((await same.json()) as any).data.outcome).toBe("held");
  });
});
