// A server card's custom domain dialog: the Growth upgrade prompt, adding a hostname (and its error),
// DNS records and status, a re-check that activates it, and removal with confirmation.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { fail, mockApi, never, ok, renderApp } from "./helpers";

const growth = fx.subscription(2);
const base = { "GET /api/auth/profile": ok(fx.user), "GET /api/access-tokens": ok([fx.token]), "GET /api/servers": ok([fx.activeServer]) };
const pending = {
  hostname: "mcp.example.com",
  status: "pending",
  failureReason: null,
  dnsRecords: [
    { type: "CNAME", name: "mcp.example.com", value: "domains.toolport.dev", purpose: "Routes the hostname to Toolport" },
    { type: "TXT", name: "_cf-custom-hostname.mcp.example.com", value: "verify-1", purpose: "Proves you own the hostname" },
  ],
  mcpUrl: "https://mcp.example.com/mcp",
  served: false,
  notServedReason: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  checkedAt: "2026-11-20T10:00:00.000Z",
};

async function openDialog() {
  renderApp("/servers");
  await userEvent.click(await screen.findByRole("button", { name: "Custom domain for Petstore" }));
  return screen.findByRole("dialog");
}

describe("custom domain dialog", () => {
  it("shows its loading state", async () => {
    mockApi({ ...base, "GET /api/servers/srv_1/domain": never, "GET /api/billing/subscription": ok(fx.subscription(0)) });
    const dialog = await openDialog();
    expect(within(dialog).getByRole("status")).toHaveTextContent("Loading custom domain...");
  });

  it("offers the upgrade when the plan lacks custom domains", async () => {
    mockApi({ ...base, "GET /api/servers/srv_1/domain": ok(null), "GET /api/billing/subscription": ok(fx.subscription(0)) });
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/Custom domains are part of the Growth plan/)).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute("href", "/usage");
  });

  it("adds a hostname, shows the server's refusal, then the DNS records, and checks until active", async () => {
    let added = false;
    const calls = mockApi({
      ...base,
      "GET /api/billing/subscription": ok(growth),
      "GET /api/servers/srv_1/domain": ok(null),
      "PUT /api/servers/srv_1/domain": () =>
        Promise.resolve(
          added
            ? Response.json({ success: true, data: pending }, { status: 201 })
            : ((added = true),
              Response.json(
                {
                  success: false,
                  error: "Use a subdomain such as mcp.example.com: an apex domain cannot point a CNAME record at Toolport",
                },
                { status: 400 },
              )),
        ),
      "POST /api/servers/srv_1/domain/check": ok({ ...pending, status: "active", served: true }),
    });
    const dialog = await openDialog();
    const input = await within(dialog).findByLabelText("Hostname");
    await userEvent.type(input, "example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Domain" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Use a subdomain such as mcp.example.com");
    expect(input).toHaveValue("example.com");

    await userEvent.clear(input);
    await userEvent.type(input, "mcp.example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Domain" }));
    const records = await within(dialog).findByRole("list", { name: "DNS records" });
    expect(within(records).getAllByRole("listitem")).toHaveLength(2);
    expect(within(records).getByText("_cf-custom-hostname.mcp.example.com")).toBeInTheDocument();
    expect(within(dialog).getByText("Pending DNS")).toBeInTheDocument();
    expect(within(dialog).getByText("https://mcp.example.com/mcp")).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: /Check Status/ }));
    expect(await within(dialog).findByText("Active")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")[1]?.body).toEqual({ hostname: "mcp.example.com" });
  });

  it("shows a failure's reason and why a configured hostname is not served, and removes it after confirmation", async () => {
    const calls = mockApi({
      ...base,
      "GET /api/billing/subscription": ok(fx.subscription(0)),
      "GET /api/servers/srv_1/domain": ok({
        ...pending,
        status: "failed",
        failureReason: "custom hostname does not CNAME to this zone.",
        notServedReason: "The organization's plan no longer includes custom domains (Growth)",
      }),
      "DELETE /api/servers/srv_1/domain": ok(),
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText("custom hostname does not CNAME to this zone.")).toBeInTheDocument();
    expect(within(dialog).getByRole("note")).toHaveTextContent("no longer includes custom domains");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove Domain" }));
    expect(await within(dialog).findByText(/Custom domains are part of the Growth plan/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/servers/srv_1/domain")).toBe(true);
  });

  it("shows a load failure", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": ok(growth), "GET /api/servers/srv_1/domain": fail(500, "Database unavailable") });
    const dialog = await openDialog();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Database unavailable");
  });
});
