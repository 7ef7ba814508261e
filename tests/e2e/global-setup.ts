// Runs in Node before the browser tests: one portal under `npm run dev` that every e2e file without
// settings of its own uses (each file signs up its own users), and one Chromium every file connects to
// (each opens contexts of its own), instead of one start-up of each per file.
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_LAUNCH, SUPERADMIN_EMAILS } from "./browser";
import { startDevServer } from "./dev-server";

/** How long the printed Cron Trigger commands may take to follow the portal's first answer: a bound on a hung start. */
const BANNER_TIMEOUT_MS = 60_000;

export default async function setup(project: TestProject) {
  const browser = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide("e2eChromium", browser.wsEndpoint());
  const server = await startDevServer(["--var", `SUPERADMIN_EMAILS:${Object.values(SUPERADMIN_EMAILS).join(",")}`]).catch(
    async (err: unknown) => {
      await browser.close();
      throw err;
    },
  );
  // `npm run dev` prints how to fire the Cron Triggers once the portal answers (scheduled-runs.test.ts fires them that way).
  const deadline = Date.now() + BANNER_TIMEOUT_MS;
  while (!server.output().includes("/cdn-cgi/handler/scheduled") && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  project.provide("e2ePortal", { url: server.url, persistTo: server.persistTo, output: server.output() });
  return async () => {
    await server.stop();
    await browser.close();
  };
}
