// The servers list: loading, error, empty and populated states, and the paused card.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { fail, mockApi, never, ok, renderApp } from "./helpers";

const base = { "GET /api/auth/profile": ok(fx.user), "GET /api/access-tokens": ok([fx.token]) };

describe("servers list", () => {
  it("shows the loading state", async () => {
    mockApi({ ...base, "GET /api/servers": never });
    renderApp("/servers");
    expect(await screen.findByText("Loading servers...")).toBeInTheDocument();
  });

  it("shows the server's error text", async () => {
    mockApi({ ...base, "GET /api/servers": fail(500, "Database unavailable") });
    renderApp("/servers");
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
  });

  it("falls back to 'Failed to load servers' when the server sends no text", async () => {
    mockApi({ ...base, "GET /api/servers": { status: 500, body: null } });
    renderApp("/servers");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load servers");
  });

  it("shows the empty state", async () => {
    mockApi({ ...base, "GET /api/servers": ok([]) });
    renderApp("/");
    expect(await screen.findByText("No servers found. Add your first server!")).toBeInTheDocument();
  });

  it("shows a card with every field, usage from the usage map and the auth badge tooltip", async () => {
    mockApi({
      ...base,
      "GET /api/servers": ok([fx.activeServer]),
      "GET /api/billing/usage/servers": ok({ srv_1: 1234 }),
    });
    renderApp("/servers");
    const card = (await screen.findByRole("heading", { name: "Petstore" })).closest("[data-slot=card]") as HTMLElement;
    const c = within(card);
    expect(c.getByText("The pet store API")).toBeInTheDocument();
    expect(c.getByText("1.0.0")).toBeInTheDocument();
    expect(c.getByText("3")).toBeInTheDocument();
    expect(c.getByText("Active")).toBeInTheDocument();
    expect(await c.findByText("1,234 calls")).toBeInTheDocument();
    expect(c.getByText("Deployed")).toBeInTheDocument();
    expect(c.getByRole("link", { name: /petstore-ab12\/mcp/ })).toHaveAttribute("href", "http://localhost:8787/s/petstore-ab12/mcp");
    expect(c.getByRole("button", { name: "Access tokens for Petstore: 1 assigned" })).toBeInTheDocument();
    await userEvent.setup().hover(c.getByLabelText("Authentication: Bearer Token"));
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent("managed");
    expect(tooltip).toHaveTextContent("configured");
    expect(tooltip).toHaveTextContent("Access token required");
  });

  it("says on the card when the live deployment needs a redeploy", async () => {
    const message =
      "This MCP server was deployed with an earlier Toolport runtime that is no longer available: redeploy it from the portal";
    mockApi({ ...base, "GET /api/servers": ok([{ ...fx.activeServer, deployment: { ...fx.activeServer.deployment, error: message } }]) });
    renderApp("/servers");
    const card = (await screen.findByRole("heading", { name: "Petstore" })).closest("[data-slot=card]") as HTMLElement;
    expect(within(card).getByText("Deployed")).toBeInTheDocument();
    expect(within(card).getByText(message)).toBeInTheDocument();
  });

  it("wraps a long name between words instead of cutting it off, with the description under the name and badges", async () => {
    const name = "Acme Notes API for Teams and Workspaces";
    mockApi({ ...base, "GET /api/servers": ok([{ ...fx.activeServer, name }]) });
    renderApp("/servers");
    // jsdom lays nothing out: the classes are what a narrow card (three columns at 1280 px) renders with.
    const title = (await screen.findByRole("heading", { name })).closest("[data-slot=card-title]")!;
    expect(title).not.toHaveClass("truncate");
    // break-words wraps between words and breaks only a word longer than the card (anywhere broke mid-word beside the badges).
    expect(title).toHaveClass("break-words");
    expect(title).not.toHaveClass("[overflow-wrap:anywhere]");
    expect(screen.getByText("The pet store API")).toHaveClass("col-span-2");
  });

  it("says the tokens failed to load in the access-token control instead of claiming there are none", async () => {
    mockApi({ ...base, "GET /api/servers": ok([fx.activeServer]), "GET /api/access-tokens": fail(500, "nope") });
    renderApp("/servers");
    await userEvent.setup().click(await screen.findByRole("button", { name: /Access tokens for Petstore/ }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("alert")).toHaveTextContent("Failed to load tokens");
    expect(within(menu).queryByText(/No active tokens/)).not.toBeInTheDocument();
  });

  it("says the tokens are loading in the access-token control while they load", async () => {
    mockApi({ ...base, "GET /api/servers": ok([fx.activeServer]), "GET /api/access-tokens": never });
    renderApp("/servers");
    await userEvent.setup().click(await screen.findByRole("button", { name: /Access tokens for Petstore/ }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("status")).toHaveTextContent("Loading tokens...");
    expect(within(menu).queryByText(/No active tokens/)).not.toBeInTheDocument();
  });

  it("falls back to 0 calls when the usage map fails to load", async () => {
    mockApi({ ...base, "GET /api/servers": ok([fx.activeServer]), "GET /api/billing/usage/servers": fail(500, "nope") });
    renderApp("/servers");
    expect(await screen.findByText("0 calls")).toBeInTheDocument();
  });

  it("shows a hibernated server as paused with the orange notice and a disabled Paused button", async () => {
    mockApi({ ...base, "GET /api/servers": ok([fx.pausedServer]) });
    renderApp("/servers");
    expect(await screen.findByText("Paused (Plan Limit)")).toBeInTheDocument();
    expect(screen.getByText("No description")).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("This server has been paused due to plan limits. Upgrade your plan to resume.");
    expect(screen.getByRole("button", { name: "Paused" })).toBeDisabled();
  });
});
