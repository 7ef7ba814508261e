// Starts the upstream API the benchmark calls and builds the MCP runtime bundle if it is stale.
import type { TestProject } from "vitest/node";
// @ts-expect-error a plain .mjs build script without types
import { buildMcpRuntime } from "../../scripts/build-mcp-runtime.mjs";
import { startUpstreamServer } from "../../tests/upstream-server";

export default async function setup(project: TestProject) {
  await buildMcpRuntime({ ifStale: true });
  const upstream = await startUpstreamServer();
  project.provide("upstreamOrigin", upstream.origin);
  project.provide("fixtureOrigin", upstream.origin);
  return async () => {
    upstream.server.closeAllConnections();
    await new Promise<void>((resolve) => upstream.server.close(() => resolve()));
  };
}
