// Runs in Node before the worker tests: starts the local servers they talk to.
import type { TestProject } from "vitest/node";
import { startFixtureServer } from "../fixture-server";
import { startLlmServer } from "../llm-server";
import { startOidcProvider } from "../oidc-provider";
import { startUpstreamServer } from "../upstream-server";
// @ts-expect-error a plain .mjs build script without types
import { buildMcpRuntime } from "../../scripts/build-mcp-runtime.mjs";

export default async function setup(project: TestProject) {
  const { origin, server } = await startFixtureServer();
  project.provide("fixtureOrigin", origin);
  const oidc = await startOidcProvider();
  project.provide("oidcIssuer", oidc.issuer);
  await buildMcpRuntime({ ifStale: true });
  const upstream = await startUpstreamServer();
  project.provide("upstreamOrigin", upstream.origin);
  const llm = await startLlmServer();
  project.provide("llmBaseUrl", llm.baseUrl);
  return async () => {
    llm.server.closeAllConnections();
    await new Promise<void>((resolve) => llm.server.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => oidc.server.close(() => resolve()));
    upstream.server.closeAllConnections();
    await new Promise<void>((resolve) => upstream.server.close(() => resolve()));
  };
}
