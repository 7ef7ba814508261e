// The consent page's data for someone who cannot approve: no more than the server's public info page
// (/s/{slug}) shows — its name, endpoint and tool count — never its tools, its organization or its id.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organizations } from "../../../worker/db/schema";
import { signedIn } from "../helpers";
import { createServer, db, deploy, echoTool, MCP_ORIGIN } from "../mcp-setup";
import { authorize, consentApi, consentRequestId, pkce, portal, registerClient } from "./setup";

type Shown = { data: { server: Record<string, unknown>; canApprove: boolean; reason: string | null } };

async function requestForMembersOnlyServer() {
  const owner = await signedIn();
  const tool = { ...echoTool("export_payroll", {}), description: "Exports the confidential payroll ledger" };
  const server = await createServer(owner.organizationId, [tool]);
  await deploy(server.id);
  const { challenge } = await pkce();
  const requestId = consentRequestId(await authorize({ clientId: await registerClient(), slug: server.slug, challenge }));
  const organization = await db.query.organizations.findFirst({ where: eq(organizations.id, owner.organizationId) });
  return { owner, server, requestId, organizationName: organization!.name };
}

describe("the consent page for someone who cannot approve", { timeout: 30_000 }, () => {
  it("shows a non-member only what the server's public info page shows", async () => {
    const { server, requestId, organizationName } = await requestForMembersOnlyServer();
    const stranger = await signedIn({ name: "Stranger" });
    const res = await consentApi(requestId, stranger.cookie);
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of ["export_payroll", "confidential payroll", server.id, organizationName]) expect(text).not.toContain(secret);

    const info = (await (await portal(`/s/${server.slug}`)).json()) as { name: string; toolCount: number; mcpUrl: string };
    const shown = JSON.parse(text) as Shown;
    expect(shown.data.server).toEqual({
      id: null,
      name: info.name,
      slug: server.slug,
      endpoint: `${MCP_ORIGIN}/s/${server.slug}/mcp`,
      organizationName: null,
      toolCount: info.toolCount,
      tools: [],
    });
    expect(info.mcpUrl).toBe(shown.data.server.endpoint);
    expect(shown.data.canApprove).toBe(false);
    expect(shown.data.reason).toBe(
      "Only members of the organization that owns this server can connect apps to it: ask a member to invite you.",
    );
  });

  it("shows members the tools and the organization", async () => {
    const { owner, server, requestId, organizationName } = await requestForMembersOnlyServer();
    const shown = (await (await consentApi(requestId, owner.cookie)).json()) as Shown;
    expect(shown.data.canApprove).toBe(true);
    expect(shown.data.server).toMatchObject({
      id: server.id,
      organizationName,
      tools: [{ name: "export_payroll", description: "Exports the confidential payroll ledger" }],
    });
  });
});
