// Runs in Node before the worker tests: starts the local fixture server they fetch from.
import type { TestProject } from "vitest/node";
import { startFixtureServer } from "../fixture-server";

export default async function setup(project: TestProject) {
  const { origin, server } = await startFixtureServer();
  project.provide("fixtureOrigin", origin);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
