// Renaming a tool and rewriting its description: validated by PATCH /api/servers/{id}/tools, shown in
// tools/list after a deploy, and kept by a re-import of the same description.
import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { servers, tools } from "../../../worker/db/schema";
import { reimportServer } from "../../../worker/servers/reimport";
import { call, signedIn } from "../helpers";
import { bearer, connectV2, createToken, deploy, echoOf, upstream } from "../mcp-setup";
import { db, json, manyOperations, organizationOf, uploadDescription } from "./helpers";

const patch = (id: string, cookie: string, body: Record<string, unknown>) =>
  call(`/api/servers/${id}/tools`, { method: "PATCH", json: body, cookie });

/** A server of three imported operations whose API is the local echo upstream. */
async function importedServer() {
  const { cookie, email } = await signedIn();
  const { data } = await json(await uploadDescription(cookie, "many.json", manyOperations(3)));
  await db.update(servers).set({ baseUrl: upstream() }).where(eq(servers.id, data.id));
  return { cookie, id: data.id as string, organizationId: await organizationOf(email) };
}

async function listedTools(organizationId: string, id: string) {
  expect((await deploy(id)).status).toBe("deployed");
  const { token } = await createToken(organizationId, [id]);
  const client = await connectV2((await db.query.servers.findFirst({ where: eq(servers.id, id) }))!.slug, bearer(token));
  return { client, listed: (await client.listTools()).tools };
}

describe("tool rename and description", () => {
  it("shows the new name and description in tools/list after a deploy, calls the same operation, and keeps them through a re-import", async () => {
    const { cookie, id, organizationId } = await importedServer();
    const res = await patch(id, cookie, { toolName: "op1", name: "get_first_thing", description: "Reads the first thing." });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ toolName: "op1", name: "get_first_thing", customDescription: "Reads the first thing." });

    const first = await listedTools(organizationId, id);
    expect(first.listed.map((t) => t.name)).toEqual(["get_first_thing", "op2", "op3"]);
    expect(first.listed[0].description).toBe("Reads the first thing.");
    expect(echoOf(await first.client.callTool({ name: "get_first_thing", arguments: {} })).path).toBe("/things/1");
    await first.client.close();

    await reimportServer(db, env, organizationId, id, { text: manyOperations(3), filename: "many.json" }, { keepBaseUrl: true });
    const rows = await db
      .select({ name: tools.name, customName: tools.customName, customDescription: tools.customDescription })
      .from(tools)
      .where(eq(tools.serverId, id));
    expect(rows.find((r) => r.name === "op1")).toEqual({
      name: "op1",
      customName: "get_first_thing",
      customDescription: "Reads the first thing.",
    });
    const again = await listedTools(organizationId, id);
    expect(again.listed[0]).toMatchObject({ name: "get_first_thing", description: "Reads the first thing." });
    await again.client.close();
  });

  it("refuses names MCP clients reject, a name another tool has and a description over 2000 characters; empty restores the original", async () => {
    const { cookie, id } = await importedServer();
    const refused = async (body: Record<string, unknown>, status: number) => {
      const res = await patch(id, cookie, { toolName: "op1", ...body });
      expect(res.status).toBe(status);
      return (await json(res)).error as string;
    };
    expect(await refused({ name: "list things" }, 400)).toBe(
      "A tool name may only contain letters, digits, '_' and '-', and be 1 to 64 characters long.",
    );
    expect(await refused({ name: "x".repeat(65) }, 400)).toMatch(/1 to 64 characters/);
    expect(await refused({ name: "op2" }, 409)).toBe(
      "Another tool of this server is already named op2. Tool names must be unique within a server.",
    );
    expect(await refused({ description: "d".repeat(2001) }, 400)).toBe("A tool description can be at most 2000 characters long.");
    expect((await patch(id, cookie, { toolName: "nope", name: "x" })).status).toBe(404);

    await patch(id, cookie, { toolName: "op1", name: "renamed", description: "Custom." });
    const restored = await json(await patch(id, cookie, { toolName: "op1", name: "", description: "" }));
    expect(restored.data).toMatchObject({ name: "op1", customName: null, customDescription: null });
    // A freed name can be taken by another tool.
    await patch(id, cookie, { toolName: "op1", name: "renamed" });
    expect((await patch(id, cookie, { toolName: "op2", name: "renamed" })).status).toBe(409);
  });

  it("switches a server to search mode and back through PATCH /api/servers/{id}/tool-mode", async () => {
    const { cookie, id } = await importedServer();
    const mode = (toolMode: string) => call(`/api/servers/${id}/tool-mode`, { method: "PATCH", json: { toolMode }, cookie });
    expect(await json(await mode("search"))).toEqual({ success: true, data: { toolMode: "search", maxResponseBytes: 100_000 } });
    expect((await db.query.servers.findFirst({ where: eq(servers.id, id) }))!.toolMode).toBe("search");
    expect(await json(await call(`/api/servers/${id}/tool-mode`, { cookie }))).toEqual({
      success: true,
      data: { toolMode: "search", maxResponseBytes: 100_000 },
    });
    expect((await mode("everything")).status).toBe(400);
    expect(await json(await mode("direct"))).toEqual({ success: true, data: { toolMode: "direct", maxResponseBytes: 100_000 } });
  });
});
