// Superadmin: states, tiles, Quick Actions counts, filters, the table and redeploy.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { fail, mockApi, never, ok, renderApp } from "./helpers";

const base = { "GET /api/auth/profile": ok(fx.superUser) };
const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("superadmin", () => {
  it("shows the loading and error states", async () => {
    mockApi({ ...base, "GET /api/superadmin/servers": never });
    const first = renderApp("/superadmin");
    expect(await screen.findByText("Loading servers...")).toBeInTheDocument();
    first.unmount();
    mockApi({ ...base, "GET /api/superadmin/servers": { status: 500, body: {} } });
    renderApp("/superadmin");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch servers");
  });

  it("shows the empty table", async () => {
    mockApi({ ...base, "GET /api/superadmin/servers": ok([]) });
    renderApp("/superadmin");
    expect(await screen.findByText("No servers found.")).toBeInTheDocument();
  });

  it("shows tiles, Quick Actions with counts, the table columns and filters", async () => {
    mockApi({ ...base, "GET /api/superadmin/servers": ok(fx.adminServers) });
    renderApp("/superadmin");
    expect(await screen.findByRole("button", { name: "Redeploy All Failed (1)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Redeploy All Active (2)" })).toBeInTheDocument();
    for (const h of ["Server Name", "Owner", "Organization", "Status", "Deployment", "Endpoints", "Created", "Actions"]) {
      expect(screen.getByRole("columnheader", { name: h })).toBeInTheDocument();
    }
    expect(screen.getByText("Total Servers").nextSibling).toHaveTextContent("2");
    expect(screen.getByText("Organizations").nextSibling).toHaveTextContent("2");
    expect(rows()).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Failed" }));
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText("Weather")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Deployed" }));
    expect(within(rows()[0]!).getByText("Petstore")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Deployed" })).toHaveAttribute("aria-pressed", "true");
  });

  it("redeploys a server and says so", async () => {
    mockApi({
      ...base,
      "GET /api/superadmin/servers": ok(fx.adminServers),
      "POST /api/superadmin/servers/srv_1/redeploy": ok({}),
      "POST /api/superadmin/servers/srv_2/redeploy": fail(500, "Hosting provider down"),
    });
    renderApp("/superadmin");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Redeploy Petstore" }));
    expect(await screen.findByText('Redeployment initiated for "Petstore"')).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Redeploy Weather" }));
    expect(await screen.findByText("Hosting provider down")).toBeInTheDocument();
  });
});
