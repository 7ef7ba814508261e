// In Chromium against `npm run dev`, with a local upstream that wants an API key: a user deploys a
// server, runs a tool from Try it with its form (a required path argument, an enum, a nested body),
// sees the answer and its timing; a wrong-type value sent as raw JSON gets the isError message a
// client gets; the call is in the call log as "Try it (name)". Check the API says when the host does
// not answer, when the key is refused, and shows the answer when both are right. The Model view's
// byte count equals the bytes of the real tools/list answer. Screenshots at 1280 and 375 px.
import { createServer, type Server } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { expectedSignedOut, portalInChromium, shoot, signUpInBrowser, watchConsole } from "./browser";

const portal = portalInChromium();
const consoleErrors: string[] = [];
// GET …/auth-config and …/deployment answer 404 before they exist.
const expected = (text: string, url: string) =>
  expectedSignedOut(text, url) || (text.includes("404") && (url.endsWith("/auth-config") || url.endsWith("/deployment")));
const GOOD_KEY = "pet-key-2468";

/** The API: every request needs X-API-Key; the answer echoes the request. */
let upstream: { server: Server; origin: string };
let closedOrigin = "";
beforeAll(async () => {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.headers["x-api-key"] !== GOOD_KEY)
        return void res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid api key" }));
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ method: req.method, path: url.pathname, query: url.search, body: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
  // A port that was free a moment ago and is closed now: nothing answers there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedOrigin = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  upstream?.server.closeAllConnections();
  await new Promise<void>((resolve) => (upstream ? upstream.server.close(() => resolve()) : resolve()));
});

const description = (serverUrl: string, title: string) => ({
  openapi: "3.0.3",
  info: { title, version: "1.0.0" },
  servers: [{ url: serverUrl }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-API-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/pets": { get: { operationId: "listPets", summary: "List pets", responses: { 200: { description: "ok" } } } },
    "/pets/{petId}": {
      put: {
        operationId: "updatePet",
        summary: "Update a pet",
        parameters: [
          { name: "petId", in: "path", required: true, schema: { type: "integer" } },
          { name: "status", in: "query", schema: { type: "string", enum: ["available", "pending", "sold"] } },
        ],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  name: { type: "string" },
                  owner: { type: "object", properties: { name: { type: "string" }, email: { type: "string" } } },
                },
              },
            },
          },
        },
        responses: { 200: { description: "ok" } },
      },
    },
  },
});

/** A server of the signed-in user from a description, with an access token and its API key saved; deployed when asked. */
async function serverOf(page: Page, serverUrl: string, title: string, deploy: boolean) {
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`${portal.url}${path}`, { headers: { origin: portal.url }, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()).data;
  };
  const created = await page.request.post(`${portal.url}/api/servers`, {
    headers: { origin: portal.url },
    multipart: {
      file: { name: "pets.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(description(serverUrl, title))) },
    },
  });
  expect(created.status()).toBe(201);
  const server = (await created.json()).data;
  const token = await post("/api/access-tokens", { name: "Claude desktop", serverIds: [server.id] });
  const saveKey = (key: string) =>
    post(`/api/servers/${server.id}/auth-config`, { authType: "apiKey", authStrategy: "managed", exposeToPublic: false, secrets: { key } });
  await saveKey(GOOD_KEY);
  if (deploy) {
    await post(`/api/servers/${server.id}/deploy/cloudflare`, { apiConfig: {} });
    const status = async () => (await (await page.request.get(`${portal.url}/api/servers/${server.id}/deployment`)).json()).data?.status;
    await expect.poll(status, { timeout: 60_000, interval: 250 }).toBe("deployed");
  }
  return { server, token: token.token as string, saveKey };
}

/** A client's raw tools/call or tools/list on the server's MCP endpoint. */
async function mcp(slug: string, token: string, method: string, params?: unknown) {
  const res = await fetch(`${portal.url}/s/${slug}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params ? { params } : {}) }),
  });
  return res.text();
}

it("runs a tool from its form, shows a client's isError, logs the call as Try it, checks the API and measures the tools/list", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = watchConsole(await context.newPage(), consoleErrors, expected);
  await signUpInBrowser(page, portal.url, "Tina Tester", `tina-${Date.now()}@toolport.test`);
  await page.getByText("No servers found. Add your first server!").waitFor();
  const { server, token, saveKey } = await serverOf(page, upstream.origin, "Pet Store", true);

  // Try it: pick the tool by name, fill the form (path argument, enum, nested body), run.
  await page.goto(`${portal.url}/servers/${server.id}?tab=try-it`);
  await page.getByRole("tab", { name: "Try it", selected: true }).waitFor();
  await page.getByLabel("Search tools by name").fill("update");
  await page.getByRole("button", { name: "updatePet" }).click();
  await page.locator("#root_petId").fill("7");
  await page.locator("#root_status").selectOption("sold");
  await page.locator("#root_name").fill("Rex");
  await page.locator("#root_owner_name").fill("Ada");
  await shoot(page, "try-it-form");
  await page.getByRole("button", { name: "Run" }).click();
  const answer = page.getByRole("region", { name: "Answer" });
  await answer.getByText("isError: false").waitFor();
  const echoed = JSON.parse((await answer.getByTestId("answer-text").textContent())!);
  expect(echoed).toMatchObject({ method: "PUT", path: "/pets/7", query: "?status=sold", body: { name: "Rex", owner: { name: "Ada" } } });
  const timing = answer.getByRole("definition");
  expect(await answer.getByLabel("Timing").textContent()).toMatch(
    /Total\s*[\d.]+ m?s\s*API\s*[\d.]+ m?s\s*Gateway\s*[\d.]+ m?s\s*API status\s*HTTP 200/,
  );
  expect(await timing.count()).toBe(4);
  await shoot(page, "try-it");

  // A wrong-type value through the raw JSON: the same isError text a client gets.
  await page.getByRole("tab", { name: "Raw JSON" }).click();
  await page.getByLabel("Arguments as JSON").fill('{ "petId": "seven" }');
  await page.getByRole("button", { name: "Run" }).click();
  await answer.getByText("isError: true").waitFor();
  const client = JSON.parse(await mcp(server.slug, token, "tools/call", { name: "updatePet", arguments: { petId: "seven" } }));
  expect(client.result.isError).toBe(true);
  expect(await answer.getByTestId("answer-text").textContent()).toBe(client.result.content[0].text);
  expect(client.result.content[0].text).toContain("Invalid arguments for tool updatePet");
  await shoot(page, "try-it-error");

  // Check the API, both right: the answer is shown.
  await page.getByRole("button", { name: "Check the API" }).click();
  const result = page.getByRole("status", { name: "API check result" });
  await result.getByText("The API answered", { exact: true }).waitFor();
  expect(await result.textContent()).toContain("accepted the credential");
  expect(await result.textContent()).toContain('"path":"/pets"');
  await shoot(page, "check-api-ok");
  // A wrong key: refused (401).
  await saveKey("wrong-key-0000");
  await page.getByRole("button", { name: "Check the API" }).click();
  await result.getByText("The API refused the credential").waitFor();
  expect(await result.textContent()).toContain("HTTP 401");
  await shoot(page, "check-api-refused");
  await saveKey(GOOD_KEY);

  // The call log: the two Try it calls, under the user's name.
  await page.getByRole("tab", { name: "Calls" }).click();
  const recent = page.getByRole("table", { name: "Recent calls" });
  const tried = recent.getByText("Try it (Tina Tester)");
  for (let attempt = 0; attempt < 30 && (await tried.count()) < 2; attempt++) {
    await page.waitForTimeout(1000);
    await page.reload();
    await recent.or(page.getByText("No calls recorded yet.")).waitFor();
  }
  expect(await tried.count()).toBe(2);

  // The Model view: its byte count is the real tools/list answer's.
  await page.getByRole("tab", { name: "Model view" }).click();
  const listed = await mcp(server.slug, token, "tools/list");
  const result_ = listed.slice('{"result":'.length, -',"jsonrpc":"2.0","id":1}'.length);
  const bytes = Buffer.byteLength(result_, "utf8");
  expect(await page.getByTestId("direct-mode-bytes").textContent()).toBe(`${bytes.toLocaleString("en-US")} bytes`);
  await page.getByRole("table").first().waitFor();
  await shoot(page, "model-view");

  // Before deploying: a wrong base URL is a host that did not answer (the free plan holds one server: the first goes).
  expect((await page.request.delete(`${portal.url}/api/servers/${server.id}`, { headers: { origin: portal.url } })).status()).toBe(200);
  const { server: misplaced } = await serverOf(page, closedOrigin, "Lost Pets", false);
  await page.goto(`${portal.url}/servers/${misplaced.id}?tab=try-it`);
  await page.getByRole("button", { name: "Check the API" }).click();
  await result.getByText("The host did not answer").waitFor();
  expect(await result.textContent()).toContain(`The host ${new URL(closedOrigin).host} did not answer`);
  await shoot(page, "check-api-unreachable");
  await context.close();
  expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
});
