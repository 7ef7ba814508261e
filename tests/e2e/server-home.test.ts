// In Chromium against `npm run dev`: a server's page (state, endpoint, Configure / Edit details /
// Deploy / Delete, the Calls tab), a deploy from it that the bell then shows unread and marks read, and
// Escape returning focus to the control that opened a dialog. Screenshots at 1280 and 375 px; no console errors.
import { expect, it } from "vitest";
import { expectedSignedOut, portalInChromium, shoot, signUpInBrowser, watchConsole, petsUpstream } from "./browser";

const portal = portalInChromium();
const consoleErrors: string[] = [];
const expected = (text: string, url: string) =>
  expectedSignedOut(text, url) || (text.includes("404") && (url.endsWith("/auth-config") || url.endsWith("/deployment")));

const pets = petsUpstream();

const description = pets.description;

it("is a server's home: edit its details, deploy from it, see the bell's notification, read it, and delete the server", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = watchConsole(await context.newPage(), consoleErrors, expected);
  await signUpInBrowser(page, portal.url, "Hana Home", `hana-${Date.now()}@toolport.test`);
  await page.getByText("No servers found. Add your first server!").waitFor();
  expect(await page.title()).toBe("MCP Servers · Toolport");
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

  // The page: state, no endpoint yet, actions, the Calls tab.
  await page.goto(`${portal.url}/servers/${server.id}`);
  await page.getByRole("heading", { name: "Pet Store", level: 1 }).waitFor();
  await page.getByText("Not deployed", { exact: true }).waitFor();
  await page.getByRole("tab", { name: "Calls", selected: true }).waitFor();
  expect(await page.title()).toBe("Pet Store · Toolport");
  await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();

  // Configure opens the wizard; Escape closes it and gives focus back to Configure.
  await page.getByRole("button", { name: "Configure" }).click();
  await page.getByRole("dialog", { name: "Configure Pet Store" }).waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await expect
    .poll(() =>
      page
        .locator(":focus")
        .textContent()
        .then((t) => t?.trim()),
    )
    .toBe("Configure");

  // Edit details: before the first deploy the endpoint's slug can still change.
  const slug = `pets-home-${Date.now()}`;
  await page.getByRole("button", { name: "Edit details" }).click();
  const details = page.getByRole("dialog", { name: "Edit details" });
  await details.getByLabel("Endpoint slug").fill(slug);
  await details.getByText(`MCP clients will call /s/${slug}/mcp.`, { exact: false }).waitFor();
  await details.getByRole("button", { name: "Save" }).click();
  await details.waitFor({ state: "detached" });
  await page.getByText("Server details saved").waitFor();

  // Deploy from the page.
  await page.getByRole("button", { name: "Deploy", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Deploy Pet Store" });
  await dialog.getByRole("button", { name: "Deploy MCP Server" }).click();
  await dialog.getByText("Successfully Deployed!").waitFor({ timeout: 60_000 });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await expect
    .poll(() =>
      page
        .locator(":focus")
        .textContent()
        .then((t) => t?.trim()),
    )
    .toBe("Redeploy");
  await page.getByText("Deployed", { exact: true }).waitFor();
  await page.getByText(`/s/${slug}/mcp`).waitFor();
  // Deployed, the endpoint stays: the slug can no longer be edited.
  await page.getByRole("button", { name: "Edit details" }).click();
  expect(await page.getByRole("dialog", { name: "Edit details" }).getByLabel("Endpoint slug").isDisabled()).toBe(true);
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });

  // The bell: one unread notification of the deploy that just finished; opening it marks it read.
  const bell = page.getByRole("button", { name: "Notifications (1 unread)" });
  await bell.waitFor();
  await shoot(page, "server-home");
  await bell.click();
  const item = page.getByRole("menuitem", { name: /Pet Store deployed \(unread\)/ });
  await item.waitFor();
  await shoot(page, "notifications");
  await item.click();
  await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
  await page.getByRole("button", { name: "Notifications", exact: true }).click();
  await page.getByRole("menuitem", { name: /^Pet Store deployed/ }).waitFor();
  expect(await page.getByRole("menuitem", { name: /\(unread\)/ }).count()).toBe(0);
  await page.keyboard.press("Escape");

  // Delete, after the specification's confirmation: back to the empty list.
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByText('Are you sure you want to delete "Pet Store"?', { exact: false }).waitFor();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await page.waitForURL(/\/servers$/);
  await page.getByText("No servers found. Add your first server!").waitFor();
  await context.close();
  expect(consoleErrors).toEqual([]);
});

it("keeps or discards an abandoned setup as a draft, so two abandoned tries on Free still leave room for a server", async () => {
  const context = await portal.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = watchConsole(await context.newPage(), consoleErrors, expected);
  await signUpInBrowser(page, portal.url, "Dora Draft", `dora-${Date.now()}@toolport.test`);
  await page.getByText("No servers found. Add your first server!").waitFor();
  const file = { name: "pets.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(description())) };
  const startSetup = async () => {
    await page.getByRole("button", { name: "Add Server" }).click();
    const wizard = page.getByRole("dialog", { name: "Add New Server" });
    await wizard.getByRole("button", { name: /OpenAPI Spec/ }).click();
    return wizard;
  };
  const createIn = async (wizard: ReturnType<typeof page.getByRole>) => {
    await wizard.getByLabel("Upload a file (.json, .yaml, .yml)").setInputFiles(file);
    await wizard.getByRole("button", { name: "Next: Configure Authentication" }).click();
    await wizard
      .getByRole("button", { name: "Next: Configure Parameters" })
      .or(wizard.getByText("Analyzing authentication..."))
      .first()
      .waitFor({ timeout: 60_000 });
  };

  // First try: left after Source, kept as a draft.
  let wizard = await startSetup();
  await createIn(wizard);
  await page.keyboard.press("Escape");
  const leave = page.getByRole("alertdialog", { name: "Leave setup?" });
  await leave.getByText('"Pet Store" is not configured yet.', { exact: false }).waitFor();
  await shoot(page, "leave-setup");
  await leave.getByRole("button", { name: "Keep draft" }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Resume setup of Pet Store" }).waitFor();
  await expect
    .poll(() =>
      page
        .locator(":focus")
        .textContent()
        .then((t) => t?.trim()),
    )
    .toContain("Add Server");
  await shoot(page, "draft-card");

  // Second try on Free: the draft holds the only slot, and discarding it is offered at Source.
  wizard = await startSetup();
  await wizard.getByText('the draft "Pet Store" holds the last one', { exact: false }).waitFor();
  await wizard.getByRole("button", { name: "Discard draft" }).click();
  await wizard.getByText("holds the last one", { exact: false }).waitFor({ state: "detached" });
  await createIn(wizard);
  await wizard.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("alertdialog", { name: "Leave setup?" }).getByRole("button", { name: "Discard" }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await page.getByText("No servers found. Add your first server!").waitFor();

  // A third try creates the server: the plan's one slot was never lost.
  wizard = await startSetup();
  await createIn(wizard);
  await wizard.getByRole("button", { name: "Next: Configure Parameters" }).waitFor({ timeout: 60_000 });
  await context.close();
  expect(consoleErrors).toEqual([]);
});
