// The server page: header (name, state, MCP endpoint), Configure / Edit details / Redeploy / Delete, the Calls tab, and a not-found page for an unknown id.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { fail, mockApi, never, ok, renderApp } from "./helpers";

const base = {
  "GET /api/auth/profile": ok(fx.user),
  "GET /api/servers/srv_1/stats": never,
  "GET /api/servers/srv_1/calls": never,
  "GET /api/servers/srv_1/call-log": never,
};

describe("server page", () => {
  it("shows the server's name, state, endpoint and actions, with the Calls tab first", async () => {
    mockApi({ ...base, "GET /api/servers/srv_1": ok(fx.activeServer) });
    renderApp("/servers/srv_1");
    expect(await screen.findByRole("heading", { name: "Petstore", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Deployed")).toBeInTheDocument();
    expect(screen.getByText("http://localhost:8787/s/petstore-ab12/mcp")).toBeInTheDocument();
    for (const name of ["Configure", "Edit details", "Redeploy", "Delete"]) expect(screen.getByRole("button", { name })).toBeEnabled();
    expect(screen.getAllByRole("tab")[0]).toHaveAccessibleName("Calls");
    expect(screen.getByRole("tab", { name: "Calls" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(document.title).toBe("Petstore · Toolport"));
  });

  it("says a server that was never deployed has no endpoint yet and offers Deploy", async () => {
    mockApi({ ...base, "GET /api/servers/srv_1": ok({ ...fx.activeServer, deployment: null }) });
    renderApp("/servers/srv_1");
    expect(await screen.findByText("Not deployed")).toBeInTheDocument();
    expect(screen.getByText(/It appears here after the first deploy/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Deploy" })).toBeEnabled();
  });

  it("edits the name, description and (before the first deploy) the endpoint slug, checked before sending", async () => {
    const draft = { ...fx.activeServer, deployment: null };
    const calls = mockApi({
      ...base,
      "GET /api/servers/srv_1": ok(draft),
      "PATCH /api/servers/srv_1": ok({ ...draft, name: "Pet Shop", slug: "pet-shop" }),
    });
    const user = userEvent.setup();
    renderApp("/servers/srv_1");
    await user.click(await screen.findByRole("button", { name: "Edit details" }));
    const slug = screen.getByLabelText("Endpoint slug");
    expect(slug).toBeEnabled();
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "Pet Shop");
    await user.clear(slug);
    await user.type(slug, "Pet_Shop");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        "A slug may only contain lower-case letters, digits and '-', start and end with a letter or digit, and be 1 to 48 characters long.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await user.clear(slug);
    await user.type(slug, "pet-shop");
    expect(screen.getByText("MCP clients will call /s/pet-shop/mcp. It can change until the first deployment.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Server details saved")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ name: "Pet Shop", slug: "pet-shop" });
  });

  it("keeps a deployed server's endpoint slug fixed and says why, and shows the API's refusal in the dialog", async () => {
    const calls = mockApi({
      ...base,
      "GET /api/servers/srv_1": ok(fx.activeServer),
      "PATCH /api/servers/srv_1": fail(409, 'A server named "Orders" already exists in your organization. Choose another name.'),
    });
    const user = userEvent.setup();
    renderApp("/servers/srv_1");
    await user.click(await screen.findByRole("button", { name: "Edit details" }));
    expect(screen.getByLabelText("Endpoint slug")).toBeDisabled();
    expect(
      screen.getByText(
        "The endpoint of a server that has been deployed cannot change: MCP clients and their sign-ins use it. Add a new server for a new endpoint.",
      ),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "Orders");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      'A server named "Orders" already exists in your organization. Choose another name.',
    );
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ name: "Orders" });
  });

  it("deletes after the specification's confirmation and goes back to the servers list", async () => {
    const calls = mockApi({
      ...base,
      "GET /api/servers/srv_1": ok(fx.activeServer),
      "DELETE /api/servers/srv_1": ok({ id: "srv_1" }),
      "GET /api/servers": ok([]),
    });
    const { router } = renderApp("/servers/srv_1");
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(
      screen.getByText(
        'Are you sure you want to delete "Petstore"? This action cannot be undone and will permanently remove the server and all its configurations.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/servers"));
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/servers/srv_1")).toBe(true);
    expect(await screen.findByText("Server deleted successfully")).toBeInTheDocument();
  });

  it("answers an unknown id with a not-found page, asked once", async () => {
    const calls = mockApi({ ...base, "GET /api/servers/nope": fail(404, "Server not found") });
    renderApp("/servers/nope");
    expect(await screen.findByRole("heading", { name: "Server not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to servers" })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/servers/nope")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });
});

describe("Try it on a passthrough server", () => {
  const listing = [{ name: "list_pets", description: "List pets", inputSchema: { type: "object", properties: {} } }];
  const measured = {
    bytes: 100,
    tokens: 25,
    toolCount: 1,
    tools: [{ name: "list_pets", bytes: 100, tokens: 25, large: false, largeBecause: [] }],
    listing,
  };
  const view = {
    source: "deployment",
    deploymentId: "dep_1",
    mode: "direct",
    bytesPerToken: 4,
    largeToolBytes: 4000,
    direct: measured,
    search: { ...measured, describe: [] },
  };
  const passthrough = {
    ...fx.activeServer,
    authConfig: { ...fx.activeServer.authConfig, authStrategy: "passthrough" as const, authType: "apiKey" as const },
  };

  it("asks for the caller's own API credential and sends it with the call only", async () => {
    const calls = mockApi({
      ...base,
      "GET /api/servers/srv_1": ok(passthrough),
      "GET /api/servers/srv_1/model-view": ok(view),
      "GET /api/servers/srv_1/check-api": never,
      "POST /api/servers/srv_1/try-it": never,
    });
    const user = userEvent.setup();
    renderApp("/servers/srv_1?tab=try-it");
    const credential = await screen.findByLabelText("Your API credential");
    expect(credential).toHaveAttribute("type", "password");
    await user.type(credential, "key_of_mine");
    await user.click(await screen.findByRole("button", { name: /list_pets/ }));
    await user.click(await screen.findByRole("button", { name: "Run" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.path === "/api/servers/srv_1/try-it")?.body).toEqual({
        tool: "list_pets",
        arguments: {},
        upstreamCredential: "key_of_mine",
      }),
    );
  });

  it("asks for nothing on a managed server", async () => {
    mockApi({
      ...base,
      "GET /api/servers/srv_1": ok(fx.activeServer),
      "GET /api/servers/srv_1/model-view": ok(view),
      "GET /api/servers/srv_1/check-api": never,
    });
    renderApp("/servers/srv_1?tab=try-it");
    expect(await screen.findByRole("button", { name: /list_pets/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("Your API credential")).not.toBeInTheDocument();
  });
});
