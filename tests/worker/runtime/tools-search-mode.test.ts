// Search mode with GitHub's full description, every operation active on the Growth plan: three tools
// listed, the right operation found for a request ("who am I signed in as" → GET /user) and called
// through call_tool (validated and metered as a direct call; search is not metered).
import { and, eq } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import { usagePeriod } from "../../../worker/billing/usage";
import { organizationUsage, plans, servers, tools } from "../../../worker/db/schema";
import { insertTools, toolRows } from "../../../worker/servers/create";
import { bearer, connectV1, connectV2, createOrg, createServer, createToken, db, deploy, textOf, settleUsage } from "../mcp-setup";
import { DEV_ENV } from "../openapi/helpers";
import { importDescription } from "../../../worker/openapi/import";

const usage = async (organizationId: string) =>
  (await settleUsage(),
  await db.query.organizationUsage.findFirst({
    where: and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.period, usagePeriod())),
  }))?.toolCalls ?? 0;

/** GitHub's full description (tests/fixtures/corpus, gzipped), from the fixture server. */
async function githubDescription() {
  const gzipped = await fetch(`${inject("fixtureOrigin")}/corpus/api.github.com.json.gz`);
  return new Response(gzipped.body!.pipeThrough(new DecompressionStream("gzip"))).text();
}

describe("search mode", () => {
  it("finds and calls GitHub operations through search_tools, describe_tool and call_tool", { timeout: 120_000 }, async () => {
    const imported = await importDescription({ text: await githubDescription(), filename: "api.github.com.json" }, DEV_ENV);
    const org = await createOrg("growth");
    const server = await createServer(org, []);
    await db.update(servers).set({ toolMode: "search" }).where(eq(servers.id, server.id));
    // The Growth plan holds the whole description: its limit activates every one of GitHub's operations, as an import does.
    const growth = await db.query.plans.findFirst({ where: eq(plans.type, "growth") });
    const rows = toolRows(server.id, imported.tools, growth!.maxToolsPerServer);
    await db.batch(insertTools(db, rows) as never);
    const active = await db
      .select({ name: tools.name })
      .from(tools)
      .where(and(eq(tools.serverId, server.id), eq(tools.active, true)));
    expect(active.length).toBe(imported.tools.length);
    expect(active.length).toBeGreaterThan(1200);
    const { token } = await createToken(org, [server.id]);
    expect((await deploy(server.id)).status).toBe("deployed");

    for (const connect of [connectV2, connectV1]) {
      const client = await connect(server.slug, bearer(token));
      const { tools: listed } = await client.listTools();
      expect(listed.map((t) => t.name)).toEqual(["search_tools", "describe_tool", "call_tool"]);
      const me = JSON.parse(textOf(await client.callTool({ name: "search_tools", arguments: { query: "who am I signed in as" } }))) as {
        name: string;
        summary: string;
        required: string[];
      }[];
      expect(me[0]).toEqual({ name: "users_get-authenticated", summary: "Get the authenticated user", required: [] });
      const signedIn = await client.callTool({ name: "call_tool", arguments: { name: me[0].name, arguments: {} } });
      expect(textOf(signedIn)).toContain('{"method":"GET","path":"/user"');
      const found = JSON.parse(
        textOf(await client.callTool({ name: "search_tools", arguments: { query: "open a new issue in a repository", limit: 5 } })),
      ) as { name: string; required: string[] }[];
      const create = found.find((t) => t.name === "issues_create");
      expect(create?.required).toEqual(expect.arrayContaining(["owner", "repo", "title"]));
      const described = JSON.parse(textOf(await client.callTool({ name: "describe_tool", arguments: { name: "issues_create" } })));
      expect(described.inputSchema.properties.title).toBeDefined();
      const before = await usage(org);
      const wrong = await client.callTool({
        name: "call_tool",
        arguments: { name: "issues_create", arguments: { owner: "o", repo: "r" } },
      });
      expect(wrong.isError).toBe(true);
      expect(textOf(wrong)).toContain('Argument "title" is required');
      const result = await client.callTool({
        name: "call_tool",
        arguments: { name: "issues_create", arguments: { owner: "octo", repo: "hello", title: "Broken link" } },
      });
      // The echo upstream is not GitHub: its answer does not fit the outputSchema, but the request reached it as meant.
      expect(textOf(result)).toContain('{"method":"POST","path":"/repos/octo/hello/issues"');
      expect(textOf(result)).toContain('"body":{"title":"Broken link"}');
      await vi.waitFor(async () => expect(await usage(org)).toBe(before + 1));
      const many = JSON.parse(
        textOf(await client.callTool({ name: "search_tools", arguments: { query: "pull request", limit: 20 } })),
      ) as unknown[];
      expect(many.length).toBe(20);
      const none = await client.callTool({ name: "search_tools", arguments: { query: "zzzqqq xxyyzz" } });
      expect(none.isError).toBeFalsy();
      expect(textOf(none)).toContain('No tool matches "zzzqqq xxyyzz". Broaden the query');
      await client.close();
    }
  });
});
