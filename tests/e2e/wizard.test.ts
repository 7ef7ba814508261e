// In Chromium against `npm run dev`: the server wizard end to end. (1) Upload a description, managed
// bearer auth with a new token, static parameters (typed, and an enum's value chosen from a select),
// a disabled tool, deploy, copy the MCP URL and call a tool through it with the official SDK client
// against a local upstream. (2) Crawl a local docs site through page selection and progress to a
// deployed server. Screenshots at 1280 and 375 px.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFixtureServer } from "../fixture-server";
import { expectedSignedOut, connectChromium, sharedPortal, shoot as shootAt, signUpInBrowser, watchConsole } from "./browser";

const dev = sharedPortal();
let browser: Browser;
let upstream: { server: Server; origin: string; seen: { method: string; url: string; headers: IncomingHttpHeaders }[] };
let docs: { server: Server; origin: string };
const consoleErrors: string[] = [];

/** The API the uploaded description points at: records every request and answers JSON. */
async function startUpstream() {
  const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ notes: [{ id: "n1", title: "Hello" }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { server, origin: `http://127.0.0.1:${port}`, seen };
}

beforeAll(async () => {
  upstream = await startUpstream();
  docs = await startFixtureServer();
  browser = await connectChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const s of [upstream?.server, docs?.server]) {
    s?.closeAllConnections();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }
});

// GET …/deployment answers 404 until a server's first deployment.
const expected = (text: string, url: string) => expectedSignedOut(text, url) || (text.includes("404") && url.endsWith("/deployment"));
const newPage = async (context: BrowserContext) => watchConsole(await context.newPage(), consoleErrors, expected);
const shoot = (page: Page, name: string) => shootAt(page, `wizard-${name}`);

async function signUp(page: Page, name: string, email: string) {
  await signUpInBrowser(page, dev.url, name, email);
  await page.getByText("No servers found. Add your first server!").waitFor();
}

/** Deploys from the wizard's Deploy step through the deploy flow shown in it; answers the copied MCP URL. */
async function deployFromWizard(page: Page) {
  await page.getByRole("button", { name: "Deploy Server" }).click();
  await page.getByRole("button", { name: "Deploy MCP Server" }).click();
  await page.getByText("Successfully Deployed!").waitFor({ timeout: 120_000 });
  await shoot(page, "deployed");
  await page.getByRole("button", { name: "Copy MCP URL" }).click();
  return page.evaluate<string>("navigator.clipboard.readText()");
}

it("adds a server from an uploaded description, configures it, deploys it and serves a tool call", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await newPage(context);
  await signUp(page, "Ada Lovelace", `ada-wizard-${Date.now()}@toolport.test`);

  await page.getByRole("button", { name: "Add Server" }).click();
  await page.getByRole("heading", { name: "Add New Server" }).waitFor();
  await shoot(page, "source-choice");
  await page.getByRole("button", { name: /OpenAPI Spec/ }).click();
  const next = page.getByRole("button", { name: "Next: Configure Authentication" });
  expect(await next.isDisabled()).toBe(true);
  const description = readFileSync("tests/fixtures/openapi/wizard-notes.yaml", "utf8").replaceAll("__UPSTREAM__", upstream.origin);
  await page
    .getByLabel("Upload a file (.json, .yaml, .yml)")
    .setInputFiles({ name: "wizard-notes.yaml", mimeType: "application/yaml", buffer: Buffer.from(description) });
  await page.getByLabel("Name (optional)").fill("Wizard Notes");
  await shoot(page, "source-spec");
  await next.click();

  await page.getByText("Detected authentication").waitFor();
  expect(await page.getByRole("radio", { name: /Bearer Token/ }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: "Managed" }).isChecked()).toBe(true);
  await page.getByRole("button", { name: "+ Create New Token" }).click();
  await page.getByPlaceholder("Wizard Notes Token").waitFor();
  await shoot(page, "create-token");
  await page.getByRole("button", { name: "Create Token" }).click();
  const token = (await page.getByLabel("New access token", { exact: true }).textContent())!.trim();
  expect(token).toMatch(/\S{20,}/);
  await page.getByRole("button", { name: "Done" }).click();
  expect(await page.getByRole("checkbox", { name: "Wizard Notes Token" }).isChecked()).toBe(true);
  await shoot(page, "auth");
  await page.getByRole("button", { name: "Next: Configure Parameters" }).click();

  await page.getByRole("heading", { name: "Dynamic parameters" }).waitFor();
  await page.getByRole("button", { name: "Make folder static" }).click();
  await page.getByRole("button", { name: "Next: Configure Credentials" }).click();
  await page.getByText("Please provide values for all static parameters: folder").waitFor();
  await page.getByLabel("Value for folder").fill("team-archive");
  // An enum's static value is chosen from its values, never typed.
  await page.getByRole("button", { name: "Make sort static" }).click();
  const sort = page.getByRole("combobox", { name: "Value for sort" });
  expect(await sort.locator("option").allTextContents()).toEqual(["Choose a value…", "newest", "oldest"]);
  await sort.selectOption("oldest");
  await shoot(page, "parameters");
  await page.getByRole("button", { name: "Next: Configure Credentials" }).click();

  await page.getByLabel("Bearer Token").waitFor();
  await page.getByRole("button", { name: "Next: Manage Tools" }).click();
  await page.getByText("Managed authentication requires API credentials. Please provide the Bearer Token for the target API.").waitFor();
  await page.getByLabel("Bearer Token").fill("upstream-secret-42");
  await shoot(page, "credentials");
  await page.getByRole("button", { name: "Next: Manage Tools" }).click();

  await page.getByRole("list", { name: "Tools" }).waitFor();
  await page.getByText("3/10").waitFor();
  const deleteTool = page.getByRole("switch", { name: /Toggle .*delete/i });
  // From the keyboard: the credentials' "Authentication updated" toast sits over the dialog's top right,
  // where the scrolled list may put this switch, and can appear between a click's aim and its press.
  await deleteTool.press("Space");
  await page.getByText("2/10").waitFor();
  await shoot(page, "tools");
  await page.getByRole("button", { name: "Next: Deploy Server" }).click();
  await page.getByRole("button", { name: "Finish" }).waitFor();
  await shoot(page, "deploy-step");

  const mcpUrl = await deployFromWizard(page);
  expect(mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[a-z0-9-]+\/mcp$/);
  // The configuration to paste holds the token created in this setup, not a placeholder.
  expect(await page.getByLabel("Desktop client configuration").textContent()).toContain(`"AUTH_HEADER": "Bearer ${token}"`);

  const client = new Client({ name: "wizard-e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  expect(names.some((n) => /delete/i.test(n))).toBe(false);
  const list = tools.find((t) => /list/i.test(t.name))!;
  const result = await client.callTool({ name: list.name, arguments: { limit: 5 } });
  expect(result.isError).toBeFalsy();
  expect(JSON.stringify(result.content)).toContain("Hello");
  await client.close();
  const call = upstream.seen.find((r) => r.url.startsWith("/v1/notes"))!;
  expect(call.method).toBe("GET");
  expect(new URL(call.url, upstream.origin).searchParams.get("folder")).toBe("team-archive");
  expect(new URL(call.url, upstream.origin).searchParams.get("sort")).toBe("oldest");
  expect(Object.keys((list.inputSchema as { properties: object }).properties)).not.toContain("sort");
  expect(call.headers.authorization).toBe("Bearer upstream-secret-42");

  // The deploy flow ran inside the wizard: Close ends it, and Finish closes the wizard.
  await page.getByRole("region", { name: "Deploy Wizard Notes" }).getByRole("button", { name: "Close" }).click();
  await page.getByText("Deployed: MCP clients call", { exact: false }).waitFor();
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("heading", { name: "Wizard Notes" }).waitFor();
  await shoot(page, "servers-after");
  await context.close();
  expect(consoleErrors).toEqual([]);
});

it("adds a server by crawling a documentation site through page selection and progress, then deploys it", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await newPage(context);
  await signUp(page, "Grace Hopper", `grace-wizard-${Date.now()}@toolport.test`);

  await page.getByRole("button", { name: "Add Server" }).click();
  await page.getByRole("button", { name: /Crawl Documentation/ }).click();
  await page.getByLabel("Documentation URL").fill(`${docs.origin}/docs-reference/index.html`);
  await shoot(page, "crawl-source");
  await page.getByRole("button", { name: "Start crawling" }).click();

  const selection = page.getByRole("dialog", { name: "Select pages to crawl" });
  await selection.waitFor({ timeout: 60_000 });
  await shoot(page, "crawl-selection");
  await selection.getByLabel("Search pages").fill("note");
  await selection.getByRole("button", { name: "Deselect Filtered" }).click();
  await selection.getByRole("button", { name: "Select Filtered" }).click();
  await selection.getByLabel("Search pages").fill("");
  const start = selection.getByRole("button", { name: /Start Crawl \(\d+ pages\)/ });
  const count = Number((await start.textContent())!.match(/\((\d+) pages\)/)![1]);
  expect(count).toBeGreaterThanOrEqual(5);
  await start.click();

  await page.getByRole("region", { name: "Crawl progress" }).waitFor();
  await page.getByText(new RegExp(`\\d+ of ${count} pages`)).waitFor();
  await shoot(page, "crawl-progress");
  await page.getByText("Detected authentication").waitFor({ timeout: 240_000 });
  await shoot(page, "crawl-auth");

  await page.getByRole("button", { name: "+ Create New Token" }).click();
  await page.getByRole("button", { name: "Create Token" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Next: Configure Parameters" }).click();
  await page.getByRole("heading", { name: "Dynamic parameters" }).waitFor();
  for (const input of await page.getByLabel(/^Value for /).all()) await input.fill("acme");
  await shoot(page, "crawl-parameters");
  const toCredentials = page.getByRole("button", { name: "Next: Configure Credentials" });
  if (await toCredentials.isVisible()) {
    await toCredentials.click();
    for (const field of await page.locator("input[id^=secret-]").all()) await field.fill("docs-secret");
  }
  await page.getByRole("button", { name: "Next: Manage Tools" }).click();
  await page.getByRole("list", { name: "Tools" }).waitFor();
  await shoot(page, "crawl-tools");
  await page.getByRole("button", { name: "Next: Deploy Server" }).click();
  await page.getByText(`Documentation: ${docs.origin}/docs-reference/index.html`).waitFor();
  await shoot(page, "crawl-deploy-step");
  const mcpUrl = await deployFromWizard(page);
  expect(mcpUrl).toMatch(/\/s\/[a-z0-9-]+\/mcp$/);
  await context.close();
  expect(consoleErrors).toEqual([]);
});
