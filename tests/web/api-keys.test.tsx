// Portal API keys page: states, badges, create with scopes and show once, revoke with confirmation, upgrade prompt.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { mockApi, never, ok, renderApp } from "./helpers";

const key = {
  id: "key_1",
  name: "GitHub Actions",
  prefix: "tpk_AbCdEf",
  scopes: ["read", "deploy"],
  createdAt: "2026-11-01T10:00:00.000Z",
  lastUsedAt: "2026-11-20T10:00:00.000Z",
  expiresAt: null,
  revokedAt: null,
};
const revokedKey = { ...key, id: "key_2", name: "Old CI", revokedAt: "2026-11-10T10:00:00.000Z" };
const expiredKey = { ...key, id: "key_3", name: "Expired CI", expiresAt: "2020-01-01T00:00:00.000Z" };
const base = { "GET /api/auth/profile": ok(fx.user), "GET /api/billing/subscription": ok(fx.subscription(1)) };

describe("portal API keys: listing", () => {
  it("is linked from the sidebar's Account group", async () => {
    mockApi({ ...base, "GET /api/api-keys": ok([]), "GET /api/servers": ok([]) });
    renderApp("/servers");
    const account = await screen.findByRole("group", { name: "Account" });
    expect(within(account).getByRole("link", { name: "API Keys" })).toHaveAttribute("href", "/api-keys");
  });

  it("shows loading, error and empty states", async () => {
    mockApi({ ...base, "GET /api/api-keys": never });
    const first = renderApp("/api-keys");
    expect(await screen.findByText("Loading API keys...")).toBeInTheDocument();
    first.unmount();

    mockApi({ ...base, "GET /api/api-keys": { status: 500, body: {} } });
    const second = renderApp("/api-keys");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load API keys");
    second.unmount();

    mockApi({ ...base, "GET /api/api-keys": ok([]) });
    renderApp("/api-keys");
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
  });

  it("lists keys with their scopes and times, revoked and expired badges, and Revoke only for usable ones", async () => {
    mockApi({ ...base, "GET /api/api-keys": ok([key, revokedKey, expiredKey]) });
    renderApp("/api-keys");
    const list = await screen.findByRole("list", { name: "API keys" });
    const rows = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    expect(within(rows[0]!).getByText("GitHub Actions")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("tpk_AbCdEf…")).toBeInTheDocument();
    expect(
      within(within(rows[0]!).getByRole("list", { name: "Scopes of GitHub Actions" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["read", "deploy"]);
    expect(within(rows[0]!).getByText(/Last used/)).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("button", { name: "Revoke GitHub Actions" })).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Revoked")).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText("Expired")).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("portal API keys: creating and revoking", () => {
  it("creates a key with a name, scopes and an expiry, then shows it once with the warning", async () => {
    const calls = mockApi({ ...base, "GET /api/api-keys": ok([]), "POST /api/api-keys": ok({ key: "tpk_secret_value", apiKey: key }) });
    renderApp("/api-keys");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create API key" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Name"), "GitHub Actions");
    await user.click(within(dialog).getByRole("checkbox", { name: /^deploy:/ }));
    await user.type(within(dialog).getByLabelText("Expires in (days)"), "30");
    await user.click(within(dialog).getByRole("button", { name: "Create API key" }));
    expect(await screen.findByText("Save this key now. You won't be able to see it again!")).toBeInTheDocument();
    expect(screen.getByLabelText("New API key")).toHaveTextContent("tpk_secret_value");
    expect(await screen.findByText("API key created successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ name: "GitHub Actions", scopes: ["read", "deploy"], expiresInDays: 30 });
    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText("tpk_secret_value")).not.toBeInTheDocument());
  });

  it("asks for a name and at least one scope before creating", async () => {
    const calls = mockApi({ ...base, "GET /api/api-keys": ok([]) });
    renderApp("/api-keys");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create API key" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("checkbox", { name: /^read:/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create API key" }));
    expect(await within(dialog).findByText("Give the key a name")).toBeInTheDocument();
    expect(within(dialog).getByText("Choose at least one scope")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the server's refusal as a toast", async () => {
    mockApi({
      ...base,
      "GET /api/api-keys": ok([]),
      "POST /api/api-keys": { status: 403, body: { success: false, error: "Your organization's plan does not include API access" } },
    });
    renderApp("/api-keys");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create API key" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Name"), "CI");
    await user.click(within(dialog).getByRole("button", { name: "Create API key" }));
    expect(await screen.findByText("Your organization's plan does not include API access")).toBeInTheDocument();
  });

  it("asks before revoking, then revokes", async () => {
    const calls = mockApi({
      ...base,
      "GET /api/api-keys": ok([key]),
      "DELETE /api/api-keys/key_1": ok({ ...key, revokedAt: "2026-11-23T00:00:00.000Z" }),
    });
    renderApp("/api-keys");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke GitHub Actions" }));
    expect(await screen.findByText('Scripts using "GitHub Actions" will be refused from now on. Revoke it?')).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("API key revoked successfully")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/api-keys/key_1")).toBe(true);
  });

  it("prompts an upgrade and disables creation when the plan has no API access", async () => {
    const noApi = { ...fx.subscription(0), plan: { ...fx.plans[0], features: { ...fx.plans[0]!.features, apiAccess: false } } };
    mockApi({ ...base, "GET /api/billing/subscription": ok(noApi), "GET /api/api-keys": ok([key]) });
    renderApp("/api-keys");
    expect(await screen.findByText("Your plan does not include API access.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View plans" })).toHaveAttribute("href", "/usage");
    expect(screen.getByRole("button", { name: "Create API key" })).toBeDisabled();
  });
});
