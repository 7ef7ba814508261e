// The OAuth consent page: a member sees the tools and approves; someone who cannot approve sees only the
// server's public facts, why they cannot approve, and a way back that tells the app no.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { mockApi, ok, renderApp } from "./helpers";

const client = { id: "client-1", name: "Claude", uri: null, logoUri: null, redirectHost: "claude.ai" };
const endpoint = "https://toolport.example/s/payroll/mcp";
const user = { email: fx.user.email, name: fx.user.name };
const forMember = {
  id: "r1",
  client,
  server: {
    id: "srv_1",
    name: "Payroll",
    slug: "payroll",
    endpoint,
    organizationName: "Acme",
    toolCount: 1,
    tools: [{ name: "export_payroll", description: "Exports the ledger", readOnly: true }],
  },
  user,
  canApprove: true,
  reason: null,
};
const reason = "Only members of the organization that owns this server can connect apps to it: ask a member to invite you.";
/** The first render loads the router's pages: a budget for a loaded machine. */
const loaded = { timeout: 10_000 };
const forOutsider = {
  ...forMember,
  server: { id: null, name: "Payroll", slug: "payroll", endpoint, organizationName: null, toolCount: 1, tools: [] },
  canApprove: false,
  reason,
};

describe("OAuth consent page", () => {
  it("shows a member the organization and the tools, and approves", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.user), "GET /api/oauth/requests/r1": ok(forMember) });
    renderApp("/oauth/consent?request=r1");
    expect(await screen.findByRole("heading", { name: "Claude wants to use Payroll" }, loaded)).toBeInTheDocument();
    expect(screen.getByText(`Acme · ${endpoint}`)).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Tools" })).toHaveTextContent("export_payroll");
    expect(screen.getByRole("button", { name: "Approve" })).toBeEnabled();
  });

  it("tells someone who cannot approve why, shows no tools, and sends the app back refused", async () => {
    const calls = mockApi({
      "GET /api/auth/profile": ok(fx.user),
      "GET /api/oauth/requests/r1": ok(forOutsider),
      "POST /api/oauth/requests/r1": ok({ redirectTo: "about:blank" }),
    });
    renderApp("/oauth/consent?request=r1");
    expect(await screen.findByRole("heading", { name: "You cannot approve this request" }, loaded)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(reason);
    expect(screen.getByText(endpoint)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Tools" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Back to the app" }));
    await waitFor(() => expect(calls).toContainEqual({ method: "POST", path: "/api/oauth/requests/r1", body: { approve: false } }));
  });
});
