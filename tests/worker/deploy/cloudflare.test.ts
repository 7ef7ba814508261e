// The "cloudflare" hosting provider against a local fake of Cloudflare's Workers for Platforms API.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../../worker/env";
import { deployServer } from "../../../worker/deploy/deploy";
import { RUNTIME_MODULES } from "../../../worker/deploy/runtime-bundle";
import {
  bearer,
  connectV2,
  createOrg,
  createServer,
  createToken,
  db,
  echoOf,
  echoTool,
  MCP_ORIGIN,
  upstream,
  useProviderSettings,
} from "../mcp-setup";

/** Configures the server's deployments for Cloudflare's API at the local fake (with `overrides`); answers the Worker's env to deploy with. */
async function cloudflareEnv(serverId: string, overrides: Partial<Bindings> = {}): Promise<Bindings> {
  await useProviderSettings(serverId, {
    CLOUDFLARE_ACCOUNT_ID: "acc-123",
    CLOUDFLARE_API_TOKEN: "cf-test-token",
    CLOUDFLARE_DISPATCH_NAMESPACE: "toolport-servers",
    CLOUDFLARE_API_BASE: `${upstream()}/client/v4`,
    ...overrides,
  });
  return env;
}

const uploads = async () => (await (await fetch(`${upstream()}/_fake-cloudflare/uploads`)).json()) as any[];

describe("cloudflare hosting provider", () => {
  it("uploads the modules with the documented request shape and secrets as a secret_text binding", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("probe", {})], { authType: "bearer", secrets: { token: "upstream-secret" } });
    const deployment = await deployServer(db, await cloudflareEnv(server.id), server.id, { provider: "cloudflare", origin: MCP_ORIGIN });
    expect(deployment).toMatchObject({
      status: "deployed",
      provider: "cloudflare",
      cloudflareProjectId: `toolport-servers/toolport-${server.slug}`,
      cloudflareDeploymentId: expect.stringMatching(/^etag-\d+$/),
    });
    const upload = (await uploads()).find((u) => u.script === `toolport-${server.slug}`);
    expect(upload).toMatchObject({
      account: "acc-123",
      namespace: "toolport-servers",
      metadata: {
        main_module: "index.js",
        compatibility_date: "2026-10-20",
        compatibility_flags: ["global_fetch_strictly_public"],
        bindings: [{ type: "secret_text", name: "UPSTREAM_CREDENTIALS", text: JSON.stringify({ token: "upstream-secret" }) }],
        tags: [`server:${server.id}`, `deployment:${deployment.deploymentId}`],
      },
    });
    // The runtime's modules (runtime.js and the chunks it imports when first needed), and the tools text as a module.
    expect(upload.parts.map((p: { name: string; type: string }) => [p.name, p.type]).sort()).toEqual(
      [
        ["config.js", "application/javascript+module"],
        ["index.js", "application/javascript+module"],
        ["tools.txt", "text/plain"],
        ...Object.keys(RUNTIME_MODULES).map((name) => [name, "application/javascript+module"]),
      ].sort(),
    );
    expect(deployment.log.map((l) => l.message)).toContain(`Uploading toolport-${server.slug} to the dispatch namespace toolport-servers`);

    // Without a dispatch-namespace binding the portal serves the same modules itself.
    const { token } = await createToken(org, [server.id]);
    const client = await connectV2(server.slug, bearer(token));
    expect(echoOf(await client.callTool({ name: "probe", arguments: {} })).headers.authorization).toBe("Bearer upstream-secret");
    await client.close();
  });

  it("fails the deployment with Cloudflare's error, leaving the previous one serving", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("probe", {})]);
    const first = await deployServer(db, env, server.id, { origin: MCP_ORIGIN });
    const failed = await deployServer(db, await cloudflareEnv(server.id, { CLOUDFLARE_API_TOKEN: "wrong" }), server.id, {
      provider: "cloudflare",
      origin: MCP_ORIGIN,
      upstreamTimeoutMs: 1234,
    });
    expect(failed).toMatchObject({
      status: "failed",
      error: "Cloudflare refused the upload: Authentication error (10000)",
      activeDeploymentId: first.deploymentId,
    });
  });

  it("fails clearly when the account settings are missing", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("probe", {})]);
    const failed = await deployServer(db, await cloudflareEnv(server.id, { CLOUDFLARE_ACCOUNT_ID: undefined }), server.id, {
      provider: "cloudflare",
    });
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("needs CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_API_TOKEN and CLOUDFLARE_DISPATCH_NAMESPACE");
  });
});
