// Re-importing a server's description keeps tool names, active flags and static values stable.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authConfigs, notifications, servers, tools } from "../../../worker/db/schema";
import { loadServerConfig } from "../../../worker/deploy/generate";
import { reimportServer } from "../../../worker/servers/reimport";
import { env } from "cloudflare:workers";
import { call, signedIn } from "../helpers";
import { db, json, manyOperations, organizationOf, uploadDescription } from "./helpers";

describe("re-import", () => {
  it("replaces tools, keeps names and active flags, and activates new tools within the plan's limit", async () => {
    const { cookie, email } = await signedIn();
    const { data } = await json(await uploadDescription(cookie, "many.json", manyOperations(3)));
    await call(`/api/servers/${data.id}/tools`, { method: "PATCH", json: { toolName: "op2", active: false }, cookie });
    const organizationId = await organizationOf(email);
    const { report, diff } = await reimportServer(db, env, organizationId, data.id, { text: manyOperations(12), filename: "many.json" });
    expect(report).toMatchObject({ operations: 12, tools: 12 });
    // The answer also says what changed: nine tools added, none removed or changed.
    expect(diff.entries.map((e) => e.tool).sort()).toEqual(Array.from({ length: 9 }, (_, i) => `op${i + 4}`).sort());
    expect(diff.entries.every((e) => e.kind === "added")).toBe(true);
    const rows = await db
      .select({ name: tools.name, active: tools.active })
      .from(tools)
      .where(eq(tools.serverId, data.id))
      .orderBy(tools.position);
    expect(rows.map((r) => r.name)).toEqual(Array.from({ length: 12 }, (_, i) => `op${i + 1}`));
    // op2 stays off; op1, op3 and seven new tools fill the free plan's 10 slots.
    expect(rows.filter((r) => r.active).map((r) => r.name)).toEqual([
      "op1",
      "op3",
      "op4",
      "op5",
      "op6",
      "op7",
      "op8",
      "op9",
      "op10",
      "op11",
    ]);
    // The new tool the limit left off (op12) is told to the organization.
    const told = await db.select().from(notifications).where(eq(notifications.organizationId, organizationId));
    expect(told.map(({ kind, message, link }) => ({ kind, message, link }))).toEqual([
      {
        kind: "tools_limit_reached",
        message: "10 of 12 tools are active, the most the plan allows per server (maxToolsPerServer). Upgrade the plan to turn more on.",
        link: `/servers/${data.id}`,
      },
    ]);
    // Without a new source, the kept description is imported again.
    expect((await reimportServer(db, env, organizationId, data.id)).report).toMatchObject({ tools: 12 });
  });

  it("keeps static parameter values for the tools that still take them, and the crawl's base URL when asked", async () => {
    const { cookie, email } = await signedIn();
    const withAccount = (paths: string[]) =>
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "Accounts", version: "1.0" },
        servers: [{ url: "https://accounts.example.com" }],
        paths: Object.fromEntries(
          paths.map((p) => [
            p,
            {
              get: {
                operationId: p.slice(1),
                parameters: [{ name: "account", in: "query", required: true, schema: { type: "string" } }],
                responses: { 200: { description: "ok" } },
              },
            },
          ]),
        ),
      });
    const { data } = await json(await uploadDescription(cookie, "accounts.json", withAccount(["/invoices"])));
    const saved = await call(`/api/servers/${data.id}/auth-config`, {
      method: "POST",
      cookie,
      json: { authType: "none", authStrategy: "passthrough", exposeToPublic: true, authContextValues: { account: "acct_7" } },
    });
    expect((await saved.json<{ success: boolean }>()).success).toBe(true);
    await db.update(servers).set({ baseUrl: "https://corrected.example.com" }).where(eq(servers.id, data.id));
    const organizationId = await organizationOf(email);

    await reimportServer(
      db,
      env,
      organizationId,
      data.id,
      { text: withAccount(["/invoices", "/payments"]), filename: "accounts.json" },
      { keepBaseUrl: true },
    );
    const auth = await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, data.id) });
    expect(auth!.authContextValues).toEqual({ account: "acct_7" });
    const config = await loadServerConfig(db, data.id);
    expect(config.baseUrl).toBe("https://corrected.example.com");
    expect(config.staticValues).toEqual({ account: "acct_7" });
    expect(config.tools.map((t) => t.name)).toEqual(["invoices", "payments"]);
    expect(config.tools.every((t) => "account" in (t.inputSchema.properties ?? {}))).toBe(true);

    // Without keepBaseUrl the description's base URL wins.
    await reimportServer(db, env, organizationId, data.id);
    expect((await loadServerConfig(db, data.id)).baseUrl).toBe("https://accounts.example.com");
  });
});

describe("the kept description", () => {
  it("keeps the description gzipped, and re-imports one kept as plain text before that", async () => {
    const { cookie, email } = await signedIn();
    const { data } = await json(await uploadDescription(cookie, "many.json", manyOperations(3)));
    const organizationId = await organizationOf(email);
    const row = await db.query.servers.findFirst({ where: eq(servers.id, data.id) });
    const kept = new Uint8Array((await env.KV.get(row!.specKey!, "arrayBuffer"))!);
    expect([kept[0], kept[1]]).toEqual([0x1f, 0x8b]);
    await env.KV.put(row!.specKey!, manyOperations(5));
    expect((await reimportServer(db, env, organizationId, data.id)).report).toMatchObject({ tools: 5 });
  });
});
