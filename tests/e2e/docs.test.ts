// In Chromium against `npm run dev`: /docs and each page render signed out with no console errors,
// every internal link resolves, the layout's docs button opens /docs in a new tab; the served
// /api/openapi.json passes swagger-parser and the curl quickstart runs against it.
import SwaggerParser from "@apidevtools/swagger-parser";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { portalInChromium, shoot, watchConsole } from "./browser";

const portal = portalInChromium();
const consoleErrors: string[] = [];

const watch = (page: Page) => watchConsole(page, consoleErrors);

const signUpJson = (email: string) => ({ email, password: "correct horse battery", name: "Docs Reader" });

it("renders /docs and every page signed out, with every internal link resolving", async () => {
  const context: BrowserContext = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = watch(await context.newPage());
  await page.goto(`${portal.url}/docs`);
  await page.getByRole("heading", { name: "Toolport documentation" }).waitFor();
  await shoot(page, "docs");
  const nav = page.getByRole("navigation", { name: "Documentation" });
  const pages = await Promise.all(
    (await nav.locator("a[href^='/docs/']").all()).map(async (a) => ({
      href: (await a.getAttribute("href"))!,
      title: (await a.textContent())!.trim(),
    })),
  );
  expect(pages.map((p) => p.href)).toEqual(
    expect.arrayContaining([
      "/docs/getting-started",
      "/docs/connecting-clients",
      "/docs/authentication",
      "/docs/plans",
      "/docs/re-crawls",
      "/docs/security",
      "/docs/self-hosting",
      "/docs/api-reference",
    ]),
  );
  const links = new Set<string>();
  for (const doc of pages) {
    await nav.getByRole("link", { name: doc.title, exact: true }).click();
    await page.waitForURL(`**${doc.href}`);
    await page.getByRole("heading", { level: 1, name: doc.title }).waitFor();
    if (doc.href === "/docs/api-reference") await page.locator("#op-create_server").waitFor();
    await shoot(page, `docs-${doc.href.split("/").at(-1)}`);
    for (const a of await page.locator("a[href^='/']").all()) links.add((await a.getAttribute("href"))!);
  }
  expect(links.size).toBeGreaterThan(pages.length);
  for (const href of links) {
    const res = await page.goto(`${portal.url}${href}`);
    expect(res?.status(), href).toBe(200);
    if (href.startsWith("/docs")) expect(await page.getByRole("heading", { name: "Page Not Found" }).count(), href).toBe(0);
  }
  await page.goto(`${portal.url}/docs/no-such-page`);
  await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
  await context.close();
  expect(consoleErrors).toEqual([]);
});

it("opens /docs in a new tab from the layout's docs button", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const email = `docs-${Date.now()}@toolport.test`;
  await context.request.post(`${portal.url}/api/auth/sign-up/email`, { data: signUpJson(email), headers: { origin: portal.url } });
  // Sign-up opens no session; signing in stores the session cookie in the context.
  const res = await context.request.post(`${portal.url}/api/auth/sign-in/email`, {
    data: { email, password: signUpJson(email).password },
    headers: { origin: portal.url },
  });
  expect(res.status()).toBe(200);
  const page = watch(await context.newPage());
  await page.goto(`${portal.url}/servers`);
  const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Docs (opens in a new tab)" }).click()]);
  await tab.waitForURL(`${portal.url}/docs`);
  await tab.getByRole("heading", { name: "Toolport documentation" }).waitFor();
  await context.close();
  expect(consoleErrors).toEqual([]);
});

it("serves an /api/openapi.json that swagger-parser validates, and the curl quickstart runs", async () => {
  const doc = (await (await fetch(`${portal.url}/api/openapi.json`)).json()) as Parameters<typeof SwaggerParser.validate>[0];
  await expect(SwaggerParser.validate(doc)).resolves.toBeTruthy();

  const email = `curl-${Date.now()}@toolport.test`;
  await fetch(`${portal.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portal.url },
    body: JSON.stringify(signUpJson(email)),
  });
  const env = {
    ...process.env,
    TOOLPORT_URL: portal.url,
    EMAIL: email,
    PASSWORD: "correct horse battery",
    OPENAPI_URL: `${portal.url}/api/openapi.json`,
  };
  const { stdout } = await promisify(execFile)("bash", ["docs/examples/api-quickstart.sh"], { env });
  expect(stdout).toMatch(/^server: \S+/m);
  expect(stdout).toContain("\ncreate_server\n");
  expect(stdout).toMatch(/^token: tp_\S{20,}/m);
});
