// In Chromium against `npm run dev`: sign up, empty servers list, generate and revoke a token,
// Usage & Billing, Superadmin as a superuser, logout only from the portal itself; screenshots at 1280
// and 375 px; no console errors.
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { portalInChromium, shoot, SUPERADMIN_EMAILS, signUpInBrowser, watchConsole } from "./browser";

const ADMIN_EMAIL = SUPERADMIN_EMAILS.portal;
const portal = portalInChromium();
const consoleErrors: string[] = [];

const newPage = async (context: BrowserContext) => watchConsole(await context.newPage(), consoleErrors);
const signUp = (page: Page, name: string, email: string) => signUpInBrowser(page, portal.url, name, email);

it("signs up, sees the empty servers list, generates and revokes a token, opens Usage & Billing", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await newPage(context);
  await page.goto(portal.url + "/tokens");
  await page.getByRole("button", { name: "Sign In" }).waitFor();
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/tokens");
  await shoot(page, "login");

  await signUp(page, "Ada Lovelace", `ada-${Date.now()}@toolport.test`);
  await page.getByText("No servers found. Add your first server!").waitFor();
  await shoot(page, "servers");

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "Toggle navigation" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Access Tokens" }).click();
  await page.getByRole("heading", { name: "Access Tokens" }).waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Generate Token" }).click();
  await page.getByLabel("Name (optional)").fill("E2E token");
  await page.getByLabel("Expires in (days)").fill("30");
  await page.getByRole("dialog").getByRole("button", { name: "Generate Token" }).click();
  await page.getByText("Save this token now. You won't be able to see it again!").waitFor();
  expect(await page.getByLabel("New access token", { exact: true }).textContent()).toMatch(/\S{20,}/);
  await shoot(page, "token-created");
  await page.getByRole("button", { name: "Done" }).click();

  await page.getByRole("button", { name: "Revoke E2E token" }).click();
  await page.getByText("Are you sure you want to revoke this token?").waitFor();
  await page.getByRole("button", { name: "Revoke", exact: true }).click();
  await page.getByText("Token revoked successfully").waitFor();
  await page.getByText("Revoked", { exact: true }).waitFor();
  await shoot(page, "tokens");

  await page.getByRole("link", { name: "Usage & Billing" }).first().click();
  await page.getByText("Usage This Month").waitFor();
  await page.getByText("Most Popular").waitFor();
  await shoot(page, "usage");

  await page.goto(portal.url + "/superadmin");
  await page.getByRole("heading", { name: "Access Denied" }).waitFor();
  await shoot(page, "access-denied");

  await page.goto(portal.url + "/no-such-page");
  await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
  await shoot(page, "not-found");
  await context.close();
  expect(consoleErrors).toEqual([]);
});

it("lets a superuser open Superadmin once an operator has marked the account's email verified", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await newPage(context);
  await signUp(page, "Grace Hopper", ADMIN_EMAIL);
  await page.getByText("No servers found. Add your first server!").waitFor();
  // Signing up with a listed email grants nothing; the operator's step from the README does.
  expect(await page.getByRole("link", { name: "Superadmin" }).count()).toBe(0);
  const verify = `UPDATE users SET email_verified = 1 WHERE email = '${ADMIN_EMAIL}'`;
  await promisify(execFile)("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", portal.persistTo, "--command", verify]);
  await page.reload();
  await page.getByRole("link", { name: "Superadmin" }).click();
  await page.getByRole("heading", { name: "MCP Server Management" }).waitFor();
  // The shared portal holds the other files' servers too: how many failed is theirs.
  await page.getByRole("button", { name: /Redeploy All Failed \(\d+\)/ }).waitFor();
  await shoot(page, "superadmin");

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByText(ADMIN_EMAIL).waitFor();
  await shoot(page, "avatar-menu", [1280]);
  await page.keyboard.press("Escape");
  await context.close();
  expect(consoleErrors).toEqual([]);
});

it("stays signed in when another site links to the logout URL; the avatar menu's Logout signs out", async () => {
  // Another site: a page on localhost (the portal runs on 127.0.0.1, a different site) linking to logout.
  const evil = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(`<a href="${portal.url}/api/auth/logout">Win a prize</a>`),
  );
  await new Promise<void>((resolve) => evil.listen(0, "localhost", resolve));
  const evilUrl = `http://localhost:${(evil.address() as { port: number }).port}/`;
  try {
    const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await newPage(context);
    await signUp(page, "Ada Lovelace", `ada-logout-${Date.now()}@toolport.test`);
    await page.getByText("No servers found. Add your first server!").waitFor();
    await page.goto(evilUrl);
    await page.getByRole("link", { name: "Win a prize" }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.getByText("No servers found. Add your first server!").waitFor();
    expect((await context.request.get(`${portal.url}/api/auth/profile`)).status()).toBe(200);

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    // The session is gone on the server, not only in this page.
    expect((await context.request.get(`${portal.url}/api/auth/profile`)).status()).toBe(401);
    await context.close();
  } finally {
    evil.close();
  }
  expect(consoleErrors).toEqual([]);
});
