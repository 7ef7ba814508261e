// A generated server checks its own outbound requests (no hop through the portal per upstream call):
// nothing leaves before the isolate's rule is set; without ENVIRONMENT = "development" an internal
// API host is refused; hosts other than the API's are refused; a new deployment is stored with the hosts
// its rule allows. (Module state: this file's isolate is its own.)
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { egressFetch, setEgressRule } from "../../../worker/runtime/egress";
import { loadStoredDeployment } from "../../../worker/hosting/store";
import { servers } from "../../../worker/db/schema";
import { eq } from "drizzle-orm";
import { createOrg, createServer, db, deploy, echoTool } from "../mcp-setup";

const upstream = () => inject("upstreamOrigin");

describe("a generated server's own egress check", () => {
  it("refuses everything before its rule is set, then only what the rule allows (internal hosts outside development)", async () => {
    const before = await egressFetch(new Request(`${upstream()}/text`));
    expect([before.status, await before.text()]).toEqual([403, "Outbound request refused: this MCP server has no egress rule yet"]);
    // A production isolate (no ENVIRONMENT binding): the local upstream is an internal address.
    setEgressRule([new URL(upstream()).host], {});
    const internal = await egressFetch(new Request(`${upstream()}/text`));
    expect([internal.status, await internal.text()]).toEqual([
      403,
      `Outbound request refused: ${new URL(upstream()).hostname} is an internal address, which deployed MCP servers may not call`,
    ]);
    const elsewhere = await egressFetch(new Request("https://example.com/"));
    expect(await elsewhere.text()).toBe(
      `Outbound request refused: this MCP server may only call ${new URL(upstream()).host}, not example.com`,
    );
    // The rule is the isolate's: a second call cannot widen it.
    setEgressRule(["example.com"], { ENVIRONMENT: "development" });
    expect((await egressFetch(new Request("https://example.com/"))).status).toBe(403);
  });

  it("is set from the hosts each new deployment records", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("echo", { path: "/text" })]);
    await deploy(server.id);
    const [{ activeDeploymentId }] = await db
      .select({ activeDeploymentId: servers.activeDeploymentId })
      .from(servers)
      .where(eq(servers.id, server.id));
    const stored = await loadStoredDeployment(env, activeDeploymentId!);
    expect(stored?.allowedHosts).toEqual([new URL(upstream()).host]);
  });
});
