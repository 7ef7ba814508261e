// In Chromium against `npm run dev`: real tools/call through a deployed server's MCP endpoint (ok,
// a wrong-type argument, an unknown tool, an API 500, no credential) are recorded by the call-record
// queue and shown on the server's call-log page: charts, the per-tool table, top errors, filters and
// the detail drawer; reached from the server card and from Usage & Billing, and by a superadmin for
// another organization's server. Screenshots at 1280 and 375 px; no console errors.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { expectedSignedOut, portalInChromium, shoot, SUPERADMIN_EMAILS, signUpInBrowser, watchConsole } from "./browser";

const ADMIN_EMAIL = SUPERADMIN_EMAILS.callLog;
const portal = portalInChromium();
const consoleErrors: string[] = [];
// GET …/auth-config and …/deployment answer 404 before they exist.
const expected = (text: string, url: string) =>
  expectedSignedOut(text, url) || (text.includes("404") && (url.endsWith("/auth-config") || url.endsWith("/deployment")));

/** The API the server's tools call: /pets/{id} answers, /broken answers 500. */
let upstream: { server: Server; origin: string };
beforeAll(async () => {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/broken")
      return void res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: "database unavailable" }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: url.pathname.split("/").at(-1), name: "Rex" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
});
afterAll(async () => {
  upstream?.server.closeAllConnections();
  await new Promise<void>((resolve) => (upstream ? upstream.server.close(() => resolve()) : resolve()));
});

const description = () => ({
  openapi: "3.0.3",
  info: { title: "Pet Store", version: "1.0.0" },
  servers: [{ url: upstream.origin }],
  paths: {
    "/pets/{petId}": {
      get: {
        operationId: "getPet",
        summary: "Get a pet",
        parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }],
        responses: { 200: { description: "ok" } },
      },
    },
    "/broken": { get: { operationId: "listBroken", summary: "Always fails", responses: { 200: { description: "ok" } } } },
  },
});

/** A deployed server of the signed-in user with an access token. */
async function deployedServer(page: Page) {
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`${portal.url}${path}`, { headers: { origin: portal.url }, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()).data;
  };
  const created = await page.request.post(`${portal.url}/api/servers`, {
    headers: { origin: portal.url },
    multipart: { file: { name: "pets.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(description())) } },
  });
  expect(created.status()).toBe(201);
  const server = (await created.json()).data;
  const token = await post("/api/access-tokens", { name: "Claude desktop", serverIds: [server.id] });
  await post(`/api/servers/${server.id}/auth-config`, { authType: "none", authStrategy: "managed", exposeToPublic: false });
  await post(`/api/servers/${server.id}/deploy/cloudflare`, { apiConfig: {} });
  // The deploy call answers at once and the deployment runs as a job: wait for it as an API user would.
  const deployment = async () => (await (await page.request.get(`${portal.url}/api/servers/${server.id}/deployment`)).json()).data?.status;
  await expect.poll(deployment, { timeout: 60_000, interval: 250 }).toBe("deployed");
  return { server, token: token.token as string };
}

/** One tools/call as an MCP client sends it. */
async function mcpCall(slug: string, token: string | null, name: string, args: unknown, id: number) {
  const res = await fetch(`${portal.url}/s/${slug}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }),
  });
  return { status: res.status, text: await res.text() };
}

/** Marks an account's email verified in the portal's local D1 (a superadmin must have a verified email). */
async function markEmailVerified(email: string) {
  await promisify(execFile)("npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    portal.persistTo,
    "--command",
    `UPDATE users SET email_verified = 1 WHERE email = '${email}'`,
  ]);
}

it("shows a server's recorded calls with charts, filters and the detail drawer", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = watchConsole(await context.newPage(), consoleErrors, expected);
  const ownerEmail = `carla-${Date.now()}@toolport.test`;
  await signUpInBrowser(page, portal.url, "Carla Calls", ownerEmail);
  await page.getByText("No servers found. Add your first server!").waitFor();
  const { server, token } = await deployedServer(page);

  // Before any call: the empty state.
  await page.goto(`${portal.url}/servers/${server.id}`);
  await page.getByText("No calls in the last 24 hours").waitFor();
  await page.getByText("No calls recorded yet.").waitFor();
  await shoot(page, "call-log-empty");

  for (let i = 0; i < 5; i++) expect((await mcpCall(server.slug, token, "getPet", { petId: i + 1 }, i)).text).toContain("Rex");
  expect((await mcpCall(server.slug, token, "getPet", { petId: "seven" }, 10)).text).toContain("Invalid arguments");
  expect((await mcpCall(server.slug, token, "deletePet", {}, 11)).text).toContain("Unknown tool");
  for (let i = 0; i < 2; i++) expect((await mcpCall(server.slug, token, "listBroken", {}, 20 + i)).text).toContain("HTTP 500");
  expect((await mcpCall(server.slug, null, "getPet", { petId: 1 }, 30)).status).toBe(401);

  // From the server card: the records arrive through the queue within seconds.
  await page.goto(`${portal.url}/servers`);
  await page.getByRole("link", { name: "Calls of Pet Store" }).click();
  await page.waitForURL(/\/servers\/[^/]+$/);
  const recent = page.getByRole("table", { name: "Recent calls" });
  const loaded = () => recent.or(page.getByText("No calls recorded yet.")).waitFor();
  await loaded();
  // The statistics and the recent calls are two reads: wait until both have seen all ten records.
  const chartOfTen = page.getByRole("img", { name: /Calls over time, 10 in this window/ });
  const allArrived = async () => (await recent.getByRole("row").count()) >= 11 && (await chartOfTen.count()) === 1;
  for (let attempt = 0; attempt < 30 && !(await allArrived()); attempt++) {
    await page.waitForTimeout(1000);
    await page.reload();
    await loaded();
  }
  expect(await recent.getByRole("row").count()).toBe(11); // header + 10 calls
  await page.getByRole("heading", { name: "Pet Store", exact: true }).waitFor();
  await page.getByRole("tab", { name: "Calls", selected: true }).waitFor();
  await chartOfTen.waitFor();
  expect(await page.locator("[data-slot=chart] .recharts-bar-rectangle").count()).toBeGreaterThan(0);
  const perTool = page.getByRole("table", { name: "Latency and errors per tool" });
  expect(await perTool.getByRole("row", { name: /getPet/ }).textContent()).toMatch(/getPet\s*7.*29%/);
  expect(await perTool.getByRole("row", { name: /listBroken/ }).textContent()).toContain("100%");
  const topErrors = page.getByRole("list", { name: "Top errors" });
  await topErrors.getByText("The API answered HTTP 500 Internal Server Error").waitFor();
  await topErrors.getByText(/Invalid arguments for tool getPet/).waitFor();
  await shoot(page, "call-log");

  // Filters: the API's errors only, then one tool.
  await page.getByLabel("Outcome", { exact: true }).selectOption("api");
  await page.waitForURL(/outcome=api/);
  await expect.poll(() => recent.getByRole("row").count()).toBe(3);
  expect(await recent.getByText("API 5xx").count()).toBe(2);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Tool", { exact: true }).selectOption("getPet");
  await page.getByLabel("Outcome", { exact: true }).selectOption("model");
  await expect.poll(() => recent.getByRole("row").count()).toBe(2);
  await page.getByLabel("Outcome", { exact: true }).selectOption("");
  await page.getByLabel("Tool", { exact: true }).selectOption("");
  await page.getByLabel("Caller", { exact: true }).selectOption({ label: "Claude desktop (token)" });
  await expect.poll(() => recent.getByRole("row").count()).toBe(10);
  await page.getByLabel("Caller", { exact: true }).selectOption({ label: "No valid credential" });
  await expect.poll(() => recent.getByRole("row").count()).toBe(2);
  await recent.getByText("Unauthorized").waitFor();
  await page.getByRole("button", { name: "Clear filters" }).click();

  // The detail drawer of the 500.
  await page.getByLabel("Outcome", { exact: true }).selectOption("upstream_5xx");
  await expect.poll(() => recent.getByRole("row").count()).toBe(3);
  await recent
    .getByRole("button", { name: /Details of the listBroken call/ })
    .first()
    .click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("heading", { name: "listBroken" }).waitFor();
  await drawer.getByText("The API answered HTTP 500 Internal Server Error").waitFor();
  expect(await drawer.textContent()).toMatch(/API status\s*500/);
  expect(await drawer.textContent()).toContain("Claude desktop (token)");
  await shoot(page, "call-log-drawer");
  await page.keyboard.press("Escape");
  await drawer.waitFor({ state: "detached" });

  // The 7-day window.
  await page.getByRole("button", { name: "7 d" }).click();
  await page.waitForURL(/window=7d/);
  await page.getByText("By outcome, the last 7 days.").waitFor();

  // From Usage & Billing's Tool Calls by Server.
  await page.goto(`${portal.url}/usage`);
  await page.getByRole("link", { name: "Pet Store" }).click();
  await page.getByRole("heading", { name: "Pet Store", exact: true }).waitFor();
  await context.close();

  // A superadmin reads the same call log for another organization's server.
  const adminContext = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = watchConsole(await adminContext.newPage(), consoleErrors, expected);
  await signUpInBrowser(admin, portal.url, "Ada Admin", ADMIN_EMAIL);
  await admin.getByText("No servers found. Add your first server!").waitFor();
  await markEmailVerified(ADMIN_EMAIL);
  await admin.goto(`${portal.url}/superadmin`);
  // The shared portal holds other organizations' servers of the same name: this owner's row.
  await admin.getByRole("row").filter({ hasText: ownerEmail }).getByRole("link", { name: "Calls of Pet Store" }).click();
  await admin.waitForURL(/\/superadmin\/servers\//);
  await admin.getByRole("heading", { name: "Pet Store: calls" }).waitFor();
  const adminRecent = admin.getByRole("table", { name: "Recent calls" });
  await adminRecent.waitFor();
  expect(await adminRecent.getByRole("row").count()).toBe(11);
  expect(await admin.getByText("Call log settings").count()).toBe(0);
  await shoot(admin, "call-log-superadmin");
  await adminContext.close();
  expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
});
