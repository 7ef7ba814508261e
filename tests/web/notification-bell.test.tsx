// The top bar's bell: the unread count, opening a notification marks it read and goes to its link,
// query included (a server page's tab).
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { mockApi, never, ok, renderApp } from "./helpers";

const held = {
  id: "ntf_1",
  kind: "update_available",
  title: "Petstore: update held for review",
  message: "The description changed in a way that breaks calls.",
  link: "/servers/srv_1?tab=automation",
  createdAt: "2026-11-26T10:00:00.000Z",
  read: false,
};

describe("notification bell", () => {
  it("shows the unread count, marks an opened notification read and goes to its page and tab", async () => {
    const calls = mockApi({
      "GET /api/auth/profile": ok(fx.user),
      "GET /api/access-tokens": ok([]),
      "GET /api/notifications": ok({ notifications: [held], unread: 1 }),
      "POST /api/notifications/read": ok({ unread: 0 }),
      "GET /api/servers/srv_1": never,
    });
    const user = userEvent.setup();
    const { router } = renderApp("/tokens");
    await user.click(await screen.findByRole("button", { name: "Notifications (1 unread)" }));
    const item = (await screen.findByRole("menu")).querySelector('[role="menuitem"]')!;
    expect(item).toHaveTextContent("Petstore: update held for review (unread)");
    await user.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe("/servers/srv_1"));
    expect(router.state.location.search).toEqual({ tab: "automation" });
    expect(calls.find((c) => c.method === "POST" && c.path === "/api/notifications/read")?.body).toEqual({ ids: ["ntf_1"] });
  });

  it("says what will show up when there is nothing yet", async () => {
    mockApi({
      "GET /api/auth/profile": ok(fx.user),
      "GET /api/access-tokens": ok([]),
      "GET /api/notifications": ok({ notifications: [], unread: 0 }),
    });
    const user = userEvent.setup();
    renderApp("/tokens");
    await user.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(
      await screen.findByText("Nothing yet: deploys, updates, crawls, imports, plan limits and custom domains show up here."),
    ).toBeInTheDocument();
  });
});
