// Re-importing a server's description keeps tool names and active flags stable.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tools } from "../../worker/db/schema";
import { reimportServer } from "../../worker/servers/reimport";
import { env } from "cloudflare:workers";
import { call, signUp } from "./helpers";
import { db, json, manyOperations, organizationOf, uploadDescription } from "./servers-helpers";

describe("re-import", () => {
  it("replaces tools, keeps names and active flags, and activates new tools within the plan's limit", async () => {
    const { cookie, email } = await signUp();
    const { data } = await json(await uploadDescription(cookie, "many.json", manyOperations(3)));
    await call(`/api/servers/${data.id}/tools`, { method: "PATCH", json: { toolName: "op2", active: false }, cookie });
    const organizationId = await organizationOf(email);
    const report = await reimportServer(db, env, organizationId, data.id, { text: manyOperations(12), filename: "many.json" });
    expect(report).toMatchObject({ operations: 12, tools: 12 });
    const rows = await db.select({ name: tools.name, active: tools.active }).from(tools).where(eq(tools.serverId, data.id)).orderBy(tools.position);
    expect(rows.map((r) => r.name)).toEqual(Array.from({ length: 12 }, (_, i) => `op${i + 1}`));
    // op2 stays off; op1, op3 and seven new tools fill the free plan's 10 slots.
    expect(rows.filter((r) => r.active).map((r) => r.name)).toEqual(["op1", "op3", "op4", "op5", "op6", "op7", "op8", "op9", "op10", "op11"]);
    // Without a new source, the kept description is imported again.
    expect(await reimportServer(db, env, organizationId, data.id)).toMatchObject({ tools: 12 });
  });
});
