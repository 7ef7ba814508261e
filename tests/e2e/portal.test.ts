// In Chromium against `npm run dev`: sign up, empty servers list, generate and revoke a token,
// Usage & Billing, Superadmin as a superuser; screenshots at 1280 and 375 px; no console errors.
import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { portalInChromium, shoot, SHOTS, signUpInBrowser, watchConsole } from "./browser";

const ADMIN_EMAIL = `admin-${Date.now()}@toolport.test`;
const portal = portalInChromium(["--var", `SUPERADMIN_EMAILS:${ADMIN_EMAIL}`]);
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

it("lets a superuser open Superadmin", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await newPage(context);
  await signUp(page, "Grace Hopper", ADMIN_EMAIL);
  await page.getByText("No servers found. Add your first server!").waitFor();
  await page.getByRole("link", { name: "Superadmin" }).click();
  await page.getByRole("heading", { name: "MCP Server Management" }).waitFor();
  await page.getByRole("button", { name: /Redeploy All Failed \(0\)/ }).waitFor();
  await shoot(page, "superadmin");

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByText(ADMIN_EMAIL).waitFor();
  await page.screenshot({ path: `${SHOTS}/avatar-menu-1280.png` });
  await page.keyboard.press("Escape");
  await context.close();
  expect(consoleErrors).toEqual([]);
});
