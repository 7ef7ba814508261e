// In Chromium against `npm run dev`: the SPA is served (by the static-asset layer, not the Worker)
// with the strict Content-Security-Policy, works under it without a single violation, and refuses
// to be framed; the MCP root info page refuses framing too.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { expectedSignedOut, portalInChromium } from "./browser";

const portal = portalInChromium();

/** A page that records every CSP violation the browser reports, and console errors. */
async function watchedPage() {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  // Browser-side code is passed as text: this file is type-checked without DOM types.
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`))",
  );
  page.on("console", (msg) => {
    if (msg.type() === "error" && !expectedSignedOut(msg.text(), msg.location().url)) errors.push(msg.text());
  });
  return { page, violations, errors };
}

async function signUp(page: Page) {
  await page.goto(`${portal.url}/login?method=password`);
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill(`grace-${Date.now()}@toolport.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.getByText("No servers found. Add your first server!").waitFor();
}

it("serves every SPA page and asset with the strict policy from the asset layer", async () => {
  for (const path of ["/", "/login", "/servers", "/tokens?x=1"]) {
    const res = await fetch(`${portal.url}${path}`, { headers: { accept: "text/html" } });
    expect(res.status, path).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
  }
});

it("runs the portal under the policy without a violation: sign-up, servers, a token with its toast, usage", async () => {
  const { page, violations, errors } = await watchedPage();
  await signUp(page);
  await page.getByRole("link", { name: "Access Tokens" }).first().click();
  await page.getByRole("button", { name: "Generate Token" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Generate Token" }).click();
  await page.getByText("Token generated successfully").waitFor(); // a sonner toast: styles injected at run time
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("link", { name: "Usage & Billing" }).first().click();
  await page.getByText("Usage This Month").waitFor();
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  // An injected inline script is exactly what the policy stops.
  await page.evaluate(
    "{ const s = document.createElement('script'); s.textContent = 'window.__injected = true'; document.body.appendChild(s); }",
  );
  expect(await page.evaluate("window.__injected ?? false")).toBe(false);
  await expect.poll(() => violations.some((v) => v.startsWith("script-src"))).toBe(true);
});

it("refuses to be framed by another site", async () => {
  const { page } = await watchedPage();
  const refusals: string[] = [];
  page.on("console", (msg) => {
    if (msg.text().includes("frame-ancestors")) refusals.push(msg.text());
  });
  await page.setContent(`<iframe id="portal" src="${portal.url}/login" width="800" height="600"></iframe>`);
  await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const framed = page.frames().find((f) => f.url().startsWith(portal.url));
  const loaded = framed ? await framed.evaluate<string>("document.body?.innerText ?? ''").catch(() => "") : "";
  expect(loaded).not.toContain("Sign In");
});
