// Helpers for import tests: fixture descriptions fetched from the local fixture server.
import { inject } from "vitest";
import { importDescription } from "../../../worker/openapi/import";

export const DEV_ENV = { ENVIRONMENT: "development" };
export const fixtureUrl = (name: string) => `${inject("fixtureOrigin")}/openapi/${name}`;

/** The text of a fixture description. */
export async function fixtureText(name: string) {
  const res = await fetch(fixtureUrl(name));
  if (!res.ok) throw new Error(`fixture ${name}: HTTP ${res.status}`);
  return new TextDecoder().decode(await res.arrayBuffer());
}

/** Imports a fixture as an upload (no URL). */
export async function importFixture(name: string) {
  return importDescription({ text: await fixtureText(name), filename: name }, DEV_ENV);
}

/** Imports a fixture by URL, so relative external references resolve. */
export async function importFixtureUrl(name: string) {
  const url = fixtureUrl(name);
  return importDescription({ text: await fixtureText(name), sourceUrl: url }, DEV_ENV);
}

/** Runs a promise expected to fail with an ApiError; answers its status and message. */
export async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return { status: (err as { status?: number }).status, message: (err as Error).message };
  }
  throw new Error("expected a failure");
}

export const toolNamed = <T extends { name: string }>(tools: T[], name: string) => {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}; have ${tools.map((t) => t.name).join(", ")}`);
  return tool;
};
