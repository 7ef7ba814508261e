// Load: 640 tools/call from 64 concurrent MCP clients with no failure and exact metering (`npm run bench:load`
// drives 2,000 and more); the servers list of an organization with 25 servers × 250 tools in a constant
// number of D1 statements.
import { describe, expect, it } from "vitest";
import { gatewayLoad, serversListQueries } from "../../../bench/load/load";

describe("under load", () => {
  it("serves 640 tools/call from 64 concurrent clients with zero failures and counts each exactly once", async () => {
    const load = await gatewayLoad(640, 64);
    expect(load.failures).toEqual([]);
    expect(load.latenciesMs).toHaveLength(640);
    expect(load.countedForOrganization).toBe(640);
    expect(load.countedPerServer).toBe(640);
  }, 300_000);

  it("lists 25 servers × 250 tools in as many D1 statements as 1 server with 1 tool (no N+1)", async () => {
    const small = await serversListQueries(1, 1);
    const large = await serversListQueries(25, 250);
    expect(small.listed).toBe(1);
    expect(large.listed).toBe(25);
    expect(large.statements, `statements for 25 servers:\n${large.sql.join("\n")}`).toBe(small.statements);
    expect(large.statements).toBeGreaterThan(0); // the list itself went through the counted binding
    expect(large.statements).toBeLessThanOrEqual(6);
  }, 300_000);

  it("lists access tokens and a server's assigned tokens in constant D1 statements too", async () => {
    const tokensList = (n: number) => serversListQueries(n, 1, { tokens: n, path: () => "/api/access-tokens" });
    const assigned = (n: number) => serversListQueries(n, 1, { tokens: n, path: (ids) => `/api/servers/${ids[0]}/assigned-tokens` });
    const [small, large] = [await tokensList(1), await tokensList(15)];
    expect(large.listed).toBe(15);
    expect(large.statements, large.sql.join("\n")).toBe(small.statements);
    const [one, many] = [await assigned(1), await assigned(15)];
    expect(many.listed).toBe(15);
    expect(many.statements, many.sql.join("\n")).toBe(one.statements);
  }, 300_000);
});
