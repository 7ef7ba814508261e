// What the browser tests share: Debian's Chromium (with a portal under `npm run dev`), console-error
// watching, screenshots at 1280 and 375 px (with SCREENSHOTS=1), and signing up through the built-in form.
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { startDevServer, type DevServer } from "./dev-server";

const SHOTS = "tests/e2e/screenshots";

/**
 * Screenshots are for reading the pages by eye (`SCREENSHOTS=1 npx vitest run --project e2e`): a test run
 * asserts on the page, not on pictures, and two full-page pictures per step were a tenth of its time.
 */
const SCREENSHOTS = process.env.SCREENSHOTS === "1";

/**
 * How long one browser step (a click, a wait for an element, a request) may take: a bound on a hung
 * step, not a timing. Playwright's 30 s default failed steps that a shared, loaded CI machine only
 * took longer over; each test's whole budget is the e2e project's.
 */
const STEP_TIMEOUT_MS = 180_000;

/**
 * Headless Chromium keeps each window's address-bar popup (a WebUI page) loaded and busy even when
 * nothing happens: about half of Chromium's CPU in a browser test run. No test uses the address bar.
 */
const DISABLED_FEATURES = "WebUIOmniboxPopup,WebUIOmniboxAimPopup";

/** Debian's Chromium as the browser tests run it: global-setup.ts starts one per e2e run (launchServer). */
export const CHROMIUM_LAUNCH = {
  // chromium.sh merges this list with Playwright's own, which Chromium would otherwise drop.
  executablePath: fileURLToPath(new URL("./chromium.sh", import.meta.url)),
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", `--disable-features=${DISABLED_FEATURES}`],
};

/**
 * The e2e run's Chromium (one start for every file instead of one per file: a start is about 1.75 CPU-s);
 * every context (and page) it opens waits up to STEP_TIMEOUT_MS per step. Closing it closes this
 * file's contexts only.
 */
export async function connectChromium() {
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.connect(inject("e2eChromium"));
  // browser.newPage opens its context through newContext, so this covers both. Pages ask for reduced
  // motion, as a user may: a spinner then stands still instead of drawing frames while a test waits.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: "reduce", ...options });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    return context;
  };
  return browser;
}

/**
 * The accounts SUPERADMIN_EMAILS names on the shared portal, one per file that signs a superadmin in
 * (each file makes its account itself; an operator still has to mark its email verified).
 */
export const SUPERADMIN_EMAILS = { portal: "admin-portal@toolport.test", callLog: "admin-calls@toolport.test" };

/** The portal under `npm run dev` that the e2e files share (started by global-setup.ts). */
export const sharedPortal = (): Pick<DevServer, "url" | "persistTo" | "output"> => {
  const { url, persistTo, output } = inject("e2ePortal");
  return { url, persistTo, output: () => output };
};

/**
 * A portal under `npm run dev` and Chromium, started before the file's tests and stopped after them;
 * tests read `portal.url` and `portal.browser`. Without wrangler args the file uses the shared portal;
 * with some (a setting of its own) it starts its own.
 */
export function portalInChromium(wranglerArgs: string[] = []) {
  let server: Pick<DevServer, "url" | "persistTo"> | undefined;
  let own: DevServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (wranglerArgs.length > 0) server = own = await startDevServer(wranglerArgs);
    else server = sharedPortal();
    browser = await connectChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
  });
  return {
    get url() {
      return server!.url;
    },
    get persistTo() {
      return server!.persistTo;
    },
    get browser() {
      return browser!;
    },
  };
}

/** Signed out, the profile check answers 401 by design (the SPA then shows sign-in); Chromium logs that response. */
export const expectedSignedOut = (text: string, url: string) => text.includes("401") && url.endsWith("/api/auth/profile");

/** Records the page's errors and error-level console messages in `errors`, except the `expected` ones. */
export function watchConsole(page: Page, errors: string[], expected: (text: string, url: string) => boolean = expectedSignedOut) {
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !expected(msg.text(), msg.location().url)) errors.push(`${msg.text()} (${msg.location().url})`);
  });
  return page;
}

/** With SCREENSHOTS=1, screenshots the page at 1280 px and at 375 px wide (or `widths`), as `{name}-{width}.png`. */
export async function shoot(page: Page, name: string, widths: readonly (1280 | 375)[] = [1280, 375]) {
  if (!SCREENSHOTS) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Signs up through the built-in email-and-password form, starting signed out at the portal's root. */
export async function signUpInBrowser(page: Page, origin: string, name: string, email: string) {
  await page.goto(origin + "/");
  await page.waitForURL(/\/login/);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/method=password/);
  await page.getByRole("button", { name: "Sign up for free" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign Up" }).click();
}

/**
 * A local upstream answering every request with one pet, started before the file's tests and closed
 * after them, and the small Pet Store description that points at it.
 */
export function petsUpstream() {
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"name":"Rex"}'));
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  });
  return {
    description: () => ({
      openapi: "3.0.3",
      info: { title: "Pet Store", version: "1.0.0" },
      servers: [{ url: origin }],
      paths: { "/pets": { get: { operationId: "listPets", summary: "List pets", responses: { 200: { description: "ok" } } } } },
    }),
  };
}
