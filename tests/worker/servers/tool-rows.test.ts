// Tool rows are written as JSON arrays read by json_each: what is read back is what was given.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { servers, tools } from "../../../worker/db/schema";
import { fitSchema } from "../../../worker/openapi/budget";
import type { JsonSchemaObject } from "../../../worker/openapi/types";
import { insertTools, type ToolRowValues } from "../../../worker/servers/create";
import { createOrg, db } from "../mcp-setup";

async function newServer() {
  const organizationId = await createOrg();
  const slug = `rows-${crypto.randomUUID().slice(0, 8)}`;
  const [server] = await db.insert(servers).values({ organizationId, name: slug, slug }).returning();
  return server.id;
}

const row = (serverId: string, position: number, extra: Partial<ToolRowValues> = {}): ToolRowValues => ({
  serverId,
  name: `tool_${position}`,
  description: `Calls "op ${position}" \\ with a tab\tand ü, 漢字, 🙂`,
  active: position % 2 === 0,
  inputSchema: { type: "object", properties: { q: { type: "string", description: 'a "quoted" word', default: null } }, required: ["q"] },
  outputSchema: null,
  mapping: { method: "get", path: `/op/${position}`, params: [{ name: "q", in: "query" }] } as never,
  endpoint: { method: "get", path: `/op/${position}` } as never,
  position,
  ...extra,
});

describe("insertTools", () => {
  it("reads back every column as given: JSON objects, nulls, booleans, text with quotes, escapes and non-ASCII", async () => {
    const serverId = await newServer();
    const given = [
      row(serverId, 0, {
        title: "A title",
        outputSchema: { type: "object", properties: { id: { type: ["number", "null"] } } },
        annotations: { readOnlyHint: true, title: "A title" } as never,
      }),
      row(serverId, 1),
      row(serverId, 2, { description: "" }),
    ];
    await db.batch(insertTools(db, given) as [never]);
    const stored = await db.select().from(tools).where(eq(tools.serverId, serverId)).orderBy(asc(tools.position));
    expect(stored.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest)).toEqual(
      given.map((g) => ({ title: null, annotations: null, customName: null, customDescription: null, ...g })),
    );
    expect(new Set(stored.map((s) => s.id)).size).toBe(3);
    expect(stored[0].createdAt).toBeInstanceOf(Date);
  });

  it("writes a fitted schema and an outputSchema shared by several tools as their JSON", async () => {
    const serverId = await newServer();
    const outputSchema: JsonSchemaObject = { type: "object", properties: { id: { type: "number" }, note: { type: ["string", "null"] } } };
    const long: JsonSchemaObject = {
      type: "object",
      properties: { q: { type: "object", properties: { deep: { type: "string", description: "ü".repeat(9000) } } } },
    };
    const fitted = fitSchema(long, "operation op in the API documentation").schema;
    expect(fitted).not.toEqual(long);
    const given = [0, 1, 2].map((i) => row(serverId, i, { outputSchema, ...(i === 1 ? { inputSchema: fitted } : {}) }));
    await db.batch(insertTools(db, given) as [never]);
    const stored = await db.select().from(tools).where(eq(tools.serverId, serverId)).orderBy(asc(tools.position));
    expect(stored.map((s) => [s.inputSchema, s.outputSchema])).toEqual(given.map((g) => [g.inputSchema, outputSchema]));
  });

  it("splits rows past one statement's share into several statements, keeping each row whole", async () => {
    const serverId = await newServer();
    const long = "x".repeat(250_000);
    const given = Array.from({ length: 5 }, (_, i) => row(serverId, i, { description: `${i}${long}` }));
    const statements = insertTools(db, given);
    expect(statements.length).toBeGreaterThan(1);
    await db.batch(statements as [never]);
    const stored = await db
      .select({ name: tools.name, description: tools.description })
      .from(tools)
      .where(eq(tools.serverId, serverId))
      .orderBy(asc(tools.position));
    expect(stored).toEqual(given.map((g) => ({ name: g.name, description: g.description })));
  });
});
