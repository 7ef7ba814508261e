// Access Tokens: states, badges, show-once after generating, and the confirmations.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as fx from "./fixtures";
import { fail, mockApi, never, ok, renderApp } from "./helpers";

const base = { "GET /api/auth/profile": ok(fx.user), "GET /api/servers": ok([fx.activeServer]), "GET /api/oauth/grants": ok([]) };

describe("access tokens: listing and generating", () => {
  it("shows loading, error and empty states", async () => {
    mockApi({ ...base, "GET /api/access-tokens": never });
    const first = renderApp("/tokens");
    expect(await screen.findByText("Loading tokens...")).toBeInTheDocument();
    first.unmount();

    mockApi({ ...base, "GET /api/access-tokens": { status: 500, body: {} } });
    const second = renderApp("/tokens");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load tokens");
    second.unmount();

    mockApi({ ...base, "GET /api/access-tokens": ok([]) });
    renderApp("/tokens");
    expect(await screen.findByText(/No access tokens yet/)).toBeInTheDocument();
  });

  it("lists tokens with badges, assigned servers, and actions only for usable ones", async () => {
    mockApi({ ...base, "GET /api/access-tokens": ok([fx.token, fx.revokedToken, fx.expiredToken]) });
    renderApp("/tokens");
    const list = await screen.findByRole("list", { name: "Access tokens" });
    const rows = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    expect(within(rows[0]!).getByText("CI token")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Petstore")).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("button", { name: "Revoke CI token" })).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Unnamed Token")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Revoked")).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText("Expired")).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("generates a token and shows it once with the warning", async () => {
    const calls = mockApi({
      ...base,
      "GET /api/access-tokens": ok([]),
      "POST /api/access-tokens": ok({ token: "tp_secret_value", tokenInfo: fx.token }),
    });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Generate Token" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Name (optional)"), "CI token");
    await user.type(within(dialog).getByLabelText("Expires in (days)"), "30");
    await user.click(within(dialog).getByRole("checkbox", { name: "Petstore" }));
    await user.click(within(dialog).getByRole("button", { name: "Generate Token" }));
    expect(await screen.findByText("Save this token now. You won't be able to see it again!")).toBeInTheDocument();
    expect(screen.getByLabelText("New access token")).toHaveTextContent("tp_secret_value");
    expect(await screen.findByText("Token generated successfully")).toBeInTheDocument();
    const body = calls.find((c) => c.method === "POST")!.body as { name: string; expiresAt: string; serverIds: string[] };
    expect(body.name).toBe("CI token");
    expect(body.serverIds).toEqual(["srv_1"]);
    const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText("tp_secret_value")).not.toBeInTheDocument());
  });
});

describe("access tokens: the generate dialog", () => {
  it("refuses an expiry of 0 days, which would already be past", async () => {
    const calls = mockApi({
      ...base,
      "GET /api/access-tokens": ok([]),
      "POST /api/access-tokens": ok({ token: "tp_x", tokenInfo: fx.token }),
    });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Generate Token" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Expires in (days)"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Generate Token" }));
    expect(await within(dialog).findByText("Enter a whole number of days from 1 to 9999")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("opens Generate Token empty again after Cancel", async () => {
    mockApi({ ...base, "GET /api/access-tokens": ok([]) });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Generate Token" }));
    let dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Name (optional)"), "Draft");
    await user.type(within(dialog).getByLabelText("Expires in (days)"), "abc");
    await user.click(within(dialog).getByRole("button", { name: "Generate Token" }));
    expect(await within(dialog).findByText("Enter a whole number of days from 1 to 9999")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Generate Token" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Name (optional)")).toHaveValue("");
    expect(within(dialog).getByLabelText("Expires in (days)")).toHaveValue("");
    expect(within(dialog).queryByText("Enter a whole number of days from 1 to 9999")).not.toBeInTheDocument();
  });

  it("says so when the token cannot be copied", async () => {
    mockApi({
      ...base,
      "GET /api/access-tokens": ok([]),
      "POST /api/access-tokens": ok({ token: "tp_secret_value", tokenInfo: fx.token }),
    });
    renderApp("/tokens");
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("Write permission denied.", "NotAllowedError"));
    await user.click(await screen.findByRole("button", { name: "Generate Token" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generate Token" }));
    await user.click(await screen.findByRole("button", { name: "Copy token" }));
    expect(await screen.findByText("Could not copy the token. Select it and copy it by hand.")).toBeInTheDocument();
    expect(screen.queryByText("Token copied to clipboard")).not.toBeInTheDocument();
    expect(screen.getByLabelText("New access token")).toHaveTextContent("tp_secret_value");
  });

  it("keeps the token shown once open when the user clicks beside it", async () => {
    mockApi({
      ...base,
      "GET /api/access-tokens": ok([]),
      "POST /api/access-tokens": ok({ token: "tp_secret_value", tokenInfo: fx.token }),
    });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Generate Token" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generate Token" }));
    expect(await screen.findByLabelText("New access token")).toHaveTextContent("tp_secret_value");
    await user.click(document.querySelector('[data-slot="dialog-overlay"]')!);
    expect(screen.getByLabelText("New access token")).toHaveTextContent("tp_secret_value");
  });
});

describe("access tokens: servers, revoking and rotating", () => {
  it("says the servers failed to load instead of 'No servers yet.'", async () => {
    mockApi({ ...base, "GET /api/servers": { status: 500, body: {} }, "GET /api/access-tokens": ok([fx.token]) });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Manage server access for CI token" }));
    const dialog = await screen.findByRole("dialog", { name: "Manage Server Access" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to load servers");
    expect(within(dialog).queryByText("No servers yet.")).not.toBeInTheDocument();
  });

  it("asks before revoking, then revokes", async () => {
    const calls = mockApi({ ...base, "GET /api/access-tokens": ok([fx.token]), "DELETE /api/access-tokens/tok_1": ok() });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke CI token" }));
    expect(await screen.findByText("Are you sure you want to revoke this token?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Token revoked successfully")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/access-tokens/tok_1")).toBe(true);
  });

  it("asks before rotating and shows the new token once", async () => {
    mockApi({ ...base, "GET /api/access-tokens": ok([fx.token]), "POST /api/access-tokens/tok_1/rotate": ok({ token: "tp_rotated" }) });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Rotate CI token" }));
    expect(await screen.findByText("This will revoke the current token and generate a new one. Continue?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Rotate" }));
    expect(await screen.findByLabelText("New access token")).toHaveTextContent("tp_rotated");
  });

  it("shows the server's error text when revoking fails", async () => {
    mockApi({
      ...base,
      "GET /api/access-tokens": ok([fx.token]),
      "DELETE /api/access-tokens/tok_1": fail(409, "This token has been revoked and can no longer be changed"),
    });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke CI token" }));
    await user.click(await screen.findByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("This token has been revoked and can no longer be changed")).toBeInTheDocument();
  });
});

describe("access tokens: server access and connected apps", () => {
  it("updates a token's server access", async () => {
    const calls = mockApi({ ...base, "GET /api/access-tokens": ok([fx.token]), "POST /api/access-tokens/tok_1/servers": ok() });
    renderApp("/tokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Manage server access for CI token" }));
    const dialog = await screen.findByRole("dialog", { name: "Manage Server Access" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Petstore" }));
    await user.click(within(dialog).getByRole("button", { name: "Update Access" }));
    expect(await screen.findByText("Server assignments updated successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/access-tokens/tok_1/servers")?.body).toEqual({ serverIds: [] });
  });

  it("lists connected apps and revokes one after confirmation", async () => {
    const app = {
      id: "g1",
      clientId: "c1",
      clientName: "Claude",
      serverId: "srv_1",
      serverName: "Petstore",
      userEmail: "ada@example.com",
      userName: "Ada",
      createdAt: "2026-11-20T10:00:00.000Z",
      lastUsedAt: null,
    };
    let revoked = false;
    const calls = mockApi({
      ...base,
      "GET /api/access-tokens": ok([]),
      "GET /api/oauth/grants": () => Promise.resolve(Response.json({ success: true, data: revoked ? [] : [app] })),
      "DELETE /api/oauth/grants/g1": () => ((revoked = true), Promise.resolve(Response.json({ success: true }))),
    });
    renderApp("/tokens");
    const table = await screen.findByRole("table", { name: "Connected apps" });
    expect(within(table).getByText("Ada (ada@example.com)")).toBeInTheDocument();
    expect(within(table).getByText("Never")).toBeInTheDocument();
    await userEvent.click(within(table).getByRole("button", { name: "Revoke Claude" }));
    await userEvent.click(await screen.findByRole("button", { name: "Revoke access" }));
    expect(await screen.findByText("No apps connected yet.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/oauth/grants/g1")).toBe(true);
  });
});
