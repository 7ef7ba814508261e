// An MCP client that signs in with OAuth, with no token pasted by hand: mcp-remote (the stdio bridge
// Claude Desktop and others use for remote servers) against a portal under `wrangler dev`. It finds
// the portal from the server's 401, registers itself, and prints the authorization URL; Chromium
// opens it as the signed-in user and approves on the consent page; mcp-remote's callback gets the
// code, and tools/list answers through the bridge.
// Without an origin it starts `wrangler dev` on a free port with throw-away local state, and stops it.
//   node scripts/oauth-client-check.mjs [http://localhost:8787]
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { deployFixture, env, withLocalPortal } from "./local-portal.mjs";

const WAIT_MS = 90_000;

/** Resolves once `predicate(text)` holds for the stream's text so far; rejects after WAIT_MS. */
function waitForOutput(stream, predicate, what, log) {
  let text = "";
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`No ${what} within ${WAIT_MS / 1000} s:\n${log()}`)), WAIT_MS);
    stream.on("data", (chunk) => {
      text += chunk;
      const found = predicate(text);
      if (found) {
        clearTimeout(timer);
        done(found);
      }
    });
  });
}

async function approveInChromium(origin, cookie, authorizationUrl, callbackPort) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: origin })),
    );
    const page = await context.newPage();
    await page.goto(authorizationUrl);
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((url) => url.port === String(callbackPort), { timeout: WAIT_MS });
    console.log(`Approved on ${origin}/oauth/consent; the browser went back to mcp-remote's callback`);
  } finally {
    await browser.close();
  }
}

const check = async (origin) => {
  const { mcpUrl, cookie } = await deployFixture(origin);
  const callbackPort = 20_000 + Math.floor(Math.random() * 10_000);
  const bridge = spawn(resolve("node_modules/.bin/mcp-remote"), [mcpUrl, String(callbackPort)], {
    // BROWSER=true: mcp-remote prints the URL instead of opening a desktop browser; Chromium opens it below.
    env: { ...env, MCP_REMOTE_CONFIG_DIR: mkdtempSync(join(tmpdir(), "mcp-remote-")), BROWSER: "true" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  bridge.stderr.on("data", (d) => (stderr += d));
  const log = () => stderr.slice(-3000);
  try {
    const authorization = waitForOutput(
      bridge.stderr,
      (text) => text.split(/\s/).find((word) => word.startsWith(`${origin}/oauth/authorize?`)),
      "authorization URL",
      log,
    );
    const send = (message) => bridge.stdin.write(`${JSON.stringify(message)}\n`);
    const answer = (id) =>
      waitForOutput(bridge.stdout, (text) => text.split("\n").find((line) => line.includes(`"id":${id}`)), `answer ${id}`, log);
    const initialized = answer(1);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "oauth-client-check", version: "1" } },
    });
    const url = await authorization;
    console.log(`mcp-remote registered and asks the user to open ${url.slice(0, 100)}…`);
    await approveInChromium(origin, cookie, url, callbackPort);
    await initialized;
    const listed = answer(2);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    const tools = JSON.parse(await listed).result.tools.map((t) => t.name);
    console.log(`tools/list through mcp-remote, signed in with OAuth: ${tools.length} tools (${tools.join(", ")})`);
    return tools.length > 0;
  } finally {
    bridge.kill();
  }
};

try {
  const origin = process.argv[2]?.replace(/\/+$/, "");
  process.exit((origin ? await check(origin) : await withLocalPortal(check)) ? 0 : 1);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
