// In Chromium against `npm run dev`: axe-core on the portal's main pages, signed out and signed in,
// finds no violation; every page has its own title; at 390 px every table fits or says it scrolls.
import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { expectedSignedOut, portalInChromium, signUpInBrowser, watchConsole, petsUpstream } from "./browser";

const portal = portalInChromium();
const consoleErrors: string[] = [];
const expected = (text: string, url: string) =>
  expectedSignedOut(text, url) || (text.includes("404") && (url.endsWith("/auth-config") || url.endsWith("/deployment")));

const pets = petsUpstream();

type Violation = { id: string; help: string; nodes: string[] };

// The page-side code is written as expressions: it runs in Chromium, where the test's Node types do not apply.
const RUN_AXE = `axe.run(document, {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
  resultTypes: ["violations"],
}).then((result) => result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })))`;

/** The tables that are wider than their place and do not say so. */
const SILENT_WIDE_TABLES = `[...document.querySelectorAll("table")].flatMap((table) => {
  const box = table.closest("[data-slot=table-container]") ?? table.parentElement;
  const fits = table.scrollWidth <= box.clientWidth + 1 && box.scrollWidth <= document.documentElement.clientWidth + 1;
  const hint = box.parentElement?.querySelector("[data-slot=table-scroll-hint]");
  return fits || (hint && hint.offsetParent !== null) ? [] : [table.getAttribute("aria-label") ?? table.outerHTML.slice(0, 80)];
})`;

/** axe-core's violations on the page as it is now (WCAG 2.1 A and AA, and axe's best practices). */
async function violationsOf(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate<boolean>(`"axe" in window`))) await page.evaluate(axe.source);
  return page.evaluate<Violation[]>(RUN_AXE);
}

const silentOverflowingTables = (page: Page) => page.evaluate<string[]>(SILENT_WIDE_TABLES);

/** Each table region that scrolls has taken keyboard focus: its ResizeObserver has answered the last resize. */
const TABLES_SETTLED = `[...document.querySelectorAll("[data-slot=table-container]")].every(
  (box) => box.scrollWidth <= box.clientWidth + 1 || box.tabIndex === 0,
)`;

/** Waits, within a bound, until the page's tables have measured themselves; what is still wrong then, the audit reports. */
const tablesSettled = (page: Page) => page.waitForFunction(TABLES_SETTLED, undefined, { timeout: 10_000 }).catch(() => undefined);

/** Opens a page, waits for what shows it is ready, and records its title, violations and tables at 1280 and 390 px. */
async function audit(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(portal.url + path);
  await ready(page);
  await tablesSettled(page);
  const title = await page.title();
  const wide = await violationsOf(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready(page);
  await tablesSettled(page);
  const narrow = await violationsOf(page);
  const tables = await silentOverflowingTables(page);
  const scrolling = await page.getByRole("region", { name: /scrolls sideways/ }).count();
  return { path, title, violations: [...wide, ...narrow.filter((v) => !wide.some((w) => w.id === v.id))], tables, scrolling };
}

const description = pets.description;

it("finds no axe violation on the main pages, each with its own title and tables that fit or say they scroll", async () => {
  // axe is injected by evaluation: the portal's CSP rightly refuses the script tag a test would add.
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = watchConsole(await context.newPage(), consoleErrors, expected);
  const heading = (name: string | RegExp) => (p: Page) => p.getByRole("heading", { name, level: 1 }).waitFor();

  const audits = [
    await audit(page, "/login", (p) => p.getByRole("button", { name: "Sign In" }).waitFor()),
    await audit(page, "/login?method=password", (p) => p.getByRole("button", { name: "Sign up for free" }).waitFor()),
    await audit(page, "/docs", heading("Toolport documentation")),
    await audit(page, "/docs/plans", heading("Plans and limits")),
    await audit(page, "/no-such-page", heading("Page Not Found")),
  ];

  await signUpInBrowser(page, portal.url, "Ada Audit", `ada-${Date.now()}@toolport.test`);
  await page.getByText("No servers found. Add your first server!").waitFor();
  const created = await page.request.post(`${portal.url}/api/servers`, {
    headers: { origin: portal.url },
    multipart: { file: { name: "pets.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(description())) } },
  });
  expect(created.status()).toBe(201);
  const server = (await created.json()).data;
  const auth = await page.request.post(`${portal.url}/api/servers/${server.id}/auth-config`, {
    headers: { origin: portal.url },
    data: { authType: "none", authStrategy: "managed", exposeToPublic: true },
  });
  expect(auth.status()).toBeLessThan(300);

  audits.push(
    await audit(page, "/servers", (p) => p.getByRole("heading", { name: "Pet Store" }).first().waitFor()),
    await audit(page, `/servers/${server.id}`, heading("Pet Store")),
    await audit(page, "/tokens", heading("Access Tokens")),
    await audit(page, "/usage", (p) => p.getByRole("heading", { level: 1 }).first().waitFor()),
    await audit(page, "/api-keys", (p) => p.getByRole("heading", { level: 1 }).first().waitFor()),
    await audit(page, "/superadmin", heading("Access Denied")),
    await audit(page, "/docs/api-reference", heading("API reference")),
  );
  await context.close();

  const report = audits.map(({ path, title, violations, tables }) => ({ path, title, violations, tables }));
  console.log(
    report.map((a) => `${a.path}: "${a.title}", ${a.violations.length} violations, ${a.tables.length} silent wide tables`).join("\n"),
  );
  expect(report.filter((a) => a.violations.length > 0 || a.tables.length > 0)).toEqual([]);
  // The plans table is wider than a phone: its region says it scrolls and takes keyboard focus.
  expect(audits.find((a) => a.path === "/docs/plans")!.scrolling).toBe(1);
  // Every page has its own title, never the bare product name.
  const titles = audits.map((a) => a.title);
  expect(titles.filter((t) => t === "Toolport")).toEqual([]);
  expect(new Set(titles).size).toBe(titles.length);
  expect(consoleErrors).toEqual([]);
});
