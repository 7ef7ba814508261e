// Runs in Node before the worker tests: starts the local servers they talk to.
import type { TestProject } from "vitest/node";
import { startFixtureServer } from "../fixture-server";
import { startOidcProvider } from "../oidc-provider";

export default async function setup(project: TestProject) {
  const { origin, server } = await startFixtureServer();
  project.provide("fixtureOrigin", origin);
  const oidc = await startOidcProvider();
  project.provide("oidcIssuer", oidc.issuer);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => oidc.server.close(() => resolve()));
  };
}
