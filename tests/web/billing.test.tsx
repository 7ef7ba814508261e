// Usage & Billing: load states, current plan, usage bar colours, available plans.
import { act, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { usageColor } from "@/features/billing/usage-bar";
import * as fx from "./fixtures";
import { fail, mockApi, never, ok, renderApp } from "./helpers";

const base = { "GET /api/auth/profile": ok(fx.user), "GET /api/billing/plans": ok(fx.plans), "GET /api/servers": ok([fx.activeServer]) };

describe("usage bar colours", () => {
  it("is green up to 60 %, yellow above 60 %, red above 80 %", () => {
    expect(usageColor(0)).toBe("bg-green-500");
    expect(usageColor(60)).toBe("bg-green-500");
    expect(usageColor(60.1)).toBe("bg-yellow-500");
    expect(usageColor(80)).toBe("bg-yellow-500");
    expect(usageColor(80.1)).toBe("bg-red-500");
  });

  it("colours the rendered tool-call meter by its share of the plan; the servers meter, an allowance, never alarms", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": ok(fx.subscription(0, 850)) });
    renderApp("/usage");
    const meter = await screen.findByRole("meter", { name: "Tool calls" });
    expect(meter.firstElementChild).toHaveClass("bg-red-500");
    // Every server slot of the plan in use (1 / 1 on Free) is normal, not an alarm.
    expect(screen.getByRole("meter", { name: "Servers" }).firstElementChild).toHaveClass("bg-primary");
  });
});

describe("usage & billing page", () => {
  it("shows the loading state", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": never });
    renderApp("/usage");
    expect(await screen.findByText("Loading billing information...")).toBeInTheDocument();
  });

  it("shows 'Error Loading Billing Information'", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": { status: 500, body: {} } });
    renderApp("/usage");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error Loading Billing Information");
    expect(alert).toHaveTextContent("Unable to load billing data at this time.");
  });

  it("shows 'No Billing Information Available' when there is none", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": ok(null) });
    renderApp("/usage");
    expect(await screen.findByText("No Billing Information Available")).toBeInTheDocument();
  });

  it("shows the free plan: no Manage button, usage, Most Popular, Contact Support, upgrades", async () => {
    mockApi({
      ...base,
      "GET /api/billing/subscription": ok(fx.subscription(0, 120)),
      "GET /api/billing/usage/servers": ok({ srv_1: 120 }),
    });
    renderApp("/usage");
    expect(await screen.findByText("Usage This Month")).toBeInTheDocument();
    expect(screen.getByText("Usage resets on the 1st of each month.")).toBeInTheDocument();
    expect(screen.getByText("120 / 1,000")).toBeInTheDocument();
    expect(screen.getByRole("meter", { name: "Tool calls" }).firstElementChild).toHaveClass("bg-green-500");
    expect(screen.queryByRole("button", { name: "Manage" })).not.toBeInTheDocument();
    expect(screen.queryByText("Billing History")).not.toBeInTheDocument();
    expect(screen.getByText("Most Popular")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact Support" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade to Sprout" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade to Growth" })).toBeInTheDocument();
    expect(within(await screen.findByRole("list", { name: "Tool calls by server" })).getByText("120 calls")).toBeInTheDocument();
  });

  it("shows a paid plan with Manage, the Current badge, a yellow bar and Billing History", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": ok(fx.subscription(1, 16_000)) });
    renderApp("/usage");
    expect(await screen.findByRole("button", { name: "Manage" })).toBeInTheDocument();
    expect(screen.getByText("Current")).toBeInTheDocument();
    expect(screen.getAllByText("$19")).toHaveLength(2);
    expect(screen.getByRole("meter", { name: "Tool calls" }).firstElementChild).toHaveClass("bg-yellow-500");
    expect(screen.getByText("Billing History")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  });

  it("offers the cheaper plan as a downgrade, not an upgrade, on growth", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": ok(fx.subscription(2, 0)) });
    renderApp("/usage");
    const button = await screen.findByRole("button", { name: "Downgrade to Sprout" });
    expect(button).toHaveTextContent("Downgrade");
    expect(screen.queryByRole("button", { name: "Upgrade to Sprout" })).not.toBeInTheDocument();
  });

  it("says the servers failed to load instead of 'No servers yet.' in Tool Calls by Server", async () => {
    mockApi({ ...base, "GET /api/servers": { status: 500, body: {} }, "GET /api/billing/subscription": ok(fx.subscription(0, 120)) });
    renderApp("/usage");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load servers");
    expect(screen.queryByText("No servers yet.")).not.toBeInTheDocument();
  });

  it("offers Reactivate and shows Canceled for a canceled plan", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": ok(fx.subscription(2, 0, 1, "canceled")) });
    renderApp("/usage");
    expect(await screen.findByRole("button", { name: "Reactivate" })).toBeInTheDocument();
    expect(screen.getByText("Canceled")).toBeInTheDocument();
  });

  it("says so in a toast when the portal takes no payments, and keeps the free plan", async () => {
    const refusal =
      "Payments are not set up on this portal yet, so plans cannot be changed now. Your current plan stays active; please contact support to upgrade.";
    const calls = mockApi({
      ...base,
      "GET /api/billing/subscription": ok(fx.subscription(0, 0)),
      "POST /api/billing/checkout": fail(503, refusal),
    });
    const { router } = renderApp("/usage");
    (await screen.findByRole("button", { name: "Upgrade to Growth" })).click();
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ planType: "growth" });
    expect(router.state.location.pathname).toBe("/usage");
    expect(screen.getByRole("button", { name: "Upgrade to Growth" })).toBeEnabled();
  });

  it("prefers the server's error text", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": fail(503, "Billing provider unreachable") });
    renderApp("/usage");
    expect(await screen.findByRole("alert")).toHaveTextContent("Billing provider unreachable");
  });
});

describe("the return from checkout", () => {
  // Sonner keeps its toasts in one module-wide store: each test starts without the last one's.
  beforeEach(() => toast.dismiss());
  it("says a completed checkout, drops it from the URL and rechecks the plan until the payment is confirmed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // The provider confirms the payment (webhook) a moment after the browser is back.
      let confirmed = false;
      mockApi({ ...base, "GET /api/billing/subscription": async () => Response.json(ok(fx.subscription(confirmed ? 2 : 0)).body) });
      const { router } = renderApp("/usage?checkout=success");
      expect(await screen.findByText("Checkout completed. Your plan changes as soon as the payment is confirmed.")).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.search).toEqual({}));
      expect(await screen.findByRole("button", { name: "Upgrade to Growth" })).toBeInTheDocument();
      confirmed = true;
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(await screen.findByRole("button", { name: "Downgrade to Sprout" })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the plan bought is in effect when it already is on the return, and never that it will change", async () => {
    sessionStorage.setItem("toolport.checkout.plan", "growth");
    mockApi({ ...base, "GET /api/billing/subscription": ok(fx.subscription(2)) });
    renderApp("/usage?checkout=success");
    expect(await screen.findByText("Checkout completed. You are now on the Growth plan.")).toBeInTheDocument();
    expect(screen.queryByText(/changes as soon as the payment is confirmed/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem("toolport.checkout.plan")).toBeNull();
  });

  it("tells when the plan bought comes into effect after the return", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sessionStorage.setItem("toolport.checkout.plan", "growth");
      let confirmed = false;
      mockApi({ ...base, "GET /api/billing/subscription": async () => Response.json(ok(fx.subscription(confirmed ? 2 : 0)).body) });
      renderApp("/usage?checkout=success");
      expect(await screen.findByText("Checkout completed. Your plan changes as soon as the payment is confirmed.")).toBeInTheDocument();
      confirmed = true;
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(await screen.findByText("Checkout completed. You are now on the Growth plan.")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says a cancelled checkout left the plan as it was", async () => {
    mockApi({ ...base, "GET /api/billing/subscription": ok(fx.subscription(0, 0)) });
    const { router } = renderApp("/usage?checkout=cancelled");
    expect(await screen.findByText("Checkout cancelled. Your plan is unchanged.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
