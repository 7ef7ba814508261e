// The call-log page's states (loading, error with Retry, empty), its filters in the URL, payload
// settings saved with PATCH (sensitive fields checked before they are sent), and Access Denied for a member on the superadmin view.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as fx from "./fixtures";
import { fail, mockApi, never, ok, renderApp } from "./helpers";

const server = "srv_1";
const base = { "GET /api/auth/profile": ok(fx.user), [`GET /api/servers/${server}`]: ok(fx.activeServer) };
const statsPath = `GET /api/servers/${server}/stats`;
const callsPath = `GET /api/servers/${server}/calls`;
const settingsPath = `GET /api/servers/${server}/call-log`;
const settings = ok({ recordPayloads: false, sensitiveFields: [], retentionDays: 7 });
const emptyStats = {
  server: { id: server, name: "Pet Store" },
  window: "24h",
  from: "2026-11-24T20:00:00.000Z",
  to: "2026-11-25T20:00:00.000Z",
  bucketMs: 3_600_000,
  totals: { calls: 0, errors: 0, errorRate: 0 },
  buckets: [],
  tools: [],
  topErrors: [],
  callers: [],
};

describe("call log page", () => {
  it("shows its loading states", async () => {
    mockApi({ ...base, [statsPath]: never, [callsPath]: never, [settingsPath]: never });
    renderApp(`/servers/${server}`);
    expect(await screen.findByText("Loading call statistics...")).toBeInTheDocument();
    expect(screen.getByText("Loading calls...")).toBeInTheDocument();
    expect(screen.getByText("Loading settings...")).toBeInTheDocument();
  });

  it("shows the server's errors with Retry", async () => {
    mockApi({ ...base, [statsPath]: fail(500, "D1 is unavailable"), [callsPath]: { status: 500, body: {} }, [settingsPath]: settings });
    renderApp(`/servers/${server}`);
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining("D1 is unavailable"),
      expect.stringContaining("Failed to load calls"),
    ]);
    expect(within(alerts[0]).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("shows the empty state, keeps filters in the URL and saves payload recording", async () => {
    const calls = mockApi({
      ...base,
      [statsPath]: ok(emptyStats),
      [callsPath]: ok({ calls: [], nextCursor: null }),
      [settingsPath]: settings,
      [`PATCH /api/servers/${server}/call-log`]: ok({ recordPayloads: true, sensitiveFields: [], retentionDays: 7 }),
    });
    const { router } = renderApp(`/servers/${server}`);
    expect(await screen.findByText("No calls in the last 24 hours")).toBeInTheDocument();
    expect(await screen.findByText("No calls recorded yet.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Outcome", { selector: "select" }), "api");
    expect(await screen.findByText("No calls match these filters.")).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ outcome: "api" });
    await user.click(screen.getByRole("button", { name: "7 d" }));
    expect(router.state.location.search).toMatchObject({ outcome: "api", window: "7d" });
    expect(await screen.findByText("No calls in the last 7 days")).toBeInTheDocument();
    await user.click(await screen.findByRole("switch", { name: "Record payloads" }));
    expect(await screen.findByText("Payloads are recorded from the next call")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      { method: "PATCH", path: `/api/servers/${server}/call-log`, body: { recordPayloads: true } },
    ]);
  });

  it("saves sensitive fields trimmed and once each, and refuses more than the API takes without calling it", async () => {
    const calls = mockApi({
      ...base,
      [statsPath]: ok(emptyStats),
      [callsPath]: ok({ calls: [], nextCursor: null }),
      [settingsPath]: ok({ recordPayloads: true, sensitiveFields: ["ssn"], retentionDays: 30 }),
      [`PATCH /api/servers/${server}/call-log`]: ok({ recordPayloads: true, sensitiveFields: ["ssn", "email"], retentionDays: 30 }),
    });
    renderApp(`/servers/${server}`);
    const input = await screen.findByLabelText("Sensitive fields");
    await vi.waitFor(() => expect(input).toHaveValue("ssn"));
    const user = userEvent.setup();
    await user.clear(input);
    await user.click(input);
    await user.paste(Array.from({ length: 51 }, (_, i) => `f${i}`).join(", "));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("At most 50 field names")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);
    await user.clear(input);
    await user.type(input, " ssn, email ,ssn,");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Sensitive fields saved")).toBeInTheDocument();
    expect(screen.queryByText("At most 50 field names")).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      { method: "PATCH", path: `/api/servers/${server}/call-log`, body: { sensitiveFields: ["ssn", "email"] } },
    ]);
  });

  it("is Access Denied on the superadmin view for members", async () => {
    mockApi(base);
    renderApp(`/superadmin/servers/${server}`);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
  });
});
