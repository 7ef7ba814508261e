// In Chromium against `npm run dev`: a description pushed through the API (as CI would) shows as
// "Update available" on the server's card; the wizard shows its diff, breaking changes first, and
// Apply makes it the server's description. The docs' CI script applies a safe change and holds a
// breaking one. Screenshots at 1280 and 375 px.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { expectedSignedOut, portalInChromium, shoot, signUpInBrowser, watchConsole } from "./browser";

const portal = portalInChromium();
const consoleErrors: string[] = [];
// GET …/auth-config answers 404 until a server's authentication is saved.
const expected = (text: string, url: string) => expectedSignedOut(text, url) || (text.includes("404") && url.endsWith("/auth-config"));

function description(withDelete: boolean) {
  const op = (id: string, type = "integer") => ({
    operationId: id,
    summary: `${id} summary`,
    parameters: [{ name: "noteId", in: "path", required: true, schema: { type } }],
    responses: { 200: { description: "ok" } },
  });
  return {
    openapi: "3.0.3",
    info: { title: "Versioned Notes", version: withDelete ? "1.0.0" : "2.0.0" },
    servers: [{ url: "https://notes.example.com" }],
    paths: {
      "/notes": {
        get: { operationId: "listNotes", summary: "List notes", responses: { 200: { description: "ok" } } },
        ...(withDelete ? {} : { post: { operationId: "createNote", summary: "Create a note", responses: { 200: { description: "ok" } } } }),
      },
      "/notes/{noteId}": { get: op("getNote", withDelete ? "integer" : "string"), ...(withDelete ? { delete: op("deleteNote") } : {}) },
    },
  };
}

/** Calls the portal's API with the page's session, as the SPA would (same origin). */
async function api(page: Page, method: "POST" | "PUT", path: string, document: unknown) {
  const res = await page.request.fetch(`${portal.url}${path}`, {
    method,
    headers: { origin: portal.url },
    multipart: { file: { name: "notes.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(document)) } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).data;
}

it("reviews a pushed description's diff in the wizard and applies it", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = watchConsole(await context.newPage(), consoleErrors, expected);
  await signUpInBrowser(page, portal.url, "Vera Versions", `vera-${Date.now()}@toolport.test`);
  await page.getByText("No servers found. Add your first server!").waitFor();

  const server = await api(page, "POST", "/api/servers", description(true));
  const pushed = await api(page, "PUT", `/api/servers/${server.id}/spec`, description(false));
  expect(pushed.breaking).toBe(true);

  await page.reload();
  const badge = page.getByRole("button", { name: "Update available for Versioned Notes: review it" });
  await badge.waitFor();
  await shoot(page, "versions-card");
  await badge.click();
  const update = page.getByRole("region", { name: "Update available" });
  await update.waitFor();
  const breaking = update.getByRole("list", { name: "Breaking changes" });
  expect(await breaking.getByRole("listitem").allTextContents()).toEqual([
    expect.stringContaining("Removed deleteNote"),
    expect.stringContaining('argument "noteId" retyped (integer → string)'),
  ]);
  expect(await update.getByRole("list", { name: "Other changes" }).getByRole("listitem").allTextContents()).toEqual([
    expect.stringContaining("Added createNote"),
  ]);
  await shoot(page, "versions-diff");

  await update.getByRole("button", { name: "Apply" }).click();
  await page.getByText("Description applied").waitFor();
  await update.waitFor({ state: "detached" });
  await page.keyboard.press("Escape");
  expect(await page.getByRole("button", { name: "Update available for Versioned Notes: review it" }).count()).toBe(0);
  const tools = await page.request.get(`${portal.url}/api/servers/${server.id}/mappings`);
  expect(JSON.stringify(await tools.json())).toContain("createNote");
  expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
  await context.close();
}, 180_000);

it("docs/examples/push-description.sh applies a change that breaks no call and holds a breaking one", async () => {
  const context = await portal.browser.newContext();
  const page = await context.newPage();
  await signUpInBrowser(page, portal.url, "Cici Script", `cici-${Date.now()}@toolport.test`);
  await page.getByText("No servers found. Add your first server!").waitFor();
  const server = await api(page, "POST", "/api/servers", description(true));
  const created = await page.request.post(`${portal.url}/api/api-keys`, {
    headers: { origin: portal.url },
    data: { name: "CI", scopes: ["servers"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const key = (await created.json()).data.key as string;

  const dir = mkdtempSync(join(tmpdir(), "toolport-push-"));
  const push = async (document: unknown) => {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    const env = { ...process.env, TOOLPORT_URL: portal.url, TOOLPORT_API_KEY: key, SERVER_ID: server.id, SPEC_FILE: file };
    return (await promisify(execFile)("bash", ["docs/examples/push-description.sh"], { env })).stdout;
  };
  const safe = description(true);
  safe.paths["/notes"] = {
    ...safe.paths["/notes"],
    post: { operationId: "createNote", summary: "Create a note", responses: { 200: { description: "ok" } } },
  };
  const applied = await push(safe);
  expect(applied).toContain("ok added createNote");
  expect(applied).toMatch(/^applied: 4 tools, deployment none$/m);
  const held = await push(description(false));
  expect(held).toContain("BREAKING removed deleteNote");
  expect(held).toMatch(/^held: version \S+ breaks calls/m);
  await context.close();
}, 120_000);
