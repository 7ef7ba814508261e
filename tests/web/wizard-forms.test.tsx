// The wizard's auth steps as one form: a refused Next keeps everything typed, on this step and the
// others, and Next waits (disabled) while the draft is saved.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { renderApp } from "./helpers";
import { createRoutes, mappings, mockWizardApi, ok, savedConfig, type WizardRoutes } from "./wizard-fixtures";

/** Adds a server from a URL, chooses the wizard's token and opens the Parameters step. */
async function toParameters(routes: WizardRoutes) {
  const calls = mockWizardApi(routes);
  const user = userEvent.setup();
  renderApp("/servers");
  await user.click(await screen.findByRole("button", { name: "Add Server" }));
  await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
  await user.type(screen.getByLabelText("OpenAPI URL"), "https://api.example.com/openapi.json");
  await user.click(screen.getByRole("button", { name: "Next: Configure Authentication" }));
  await user.click(await screen.findByRole("checkbox", { name: "Wizard token" }));
  await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
  return { calls, user };
}

it("keeps what was typed through refusals and step changes, and disables Next while saving", async () => {
  const routes = createRoutes();
  let answerSave: (() => void) | undefined;
  routes["POST /api/servers/srv_new/auth-config"] = (call) =>
    new Promise((resolve) => (answerSave = () => resolve(ok({ ...savedConfig, ...(call.body as object) }))));
  const { calls, user } = await toParameters(routes);

  await user.type(await screen.findByLabelText("Value for workspaceId"), "ws_42");
  await user.click(screen.getByRole("button", { name: "Make apiVersion static" }));
  await user.click(screen.getByRole("button", { name: "Next: Configure Credentials" }));
  expect(screen.getByRole("alert")).toHaveTextContent("Please provide values for all static parameters: apiVersion");
  expect(screen.getByLabelText("Value for workspaceId")).toHaveValue("ws_42");

  // Back to Authentication and forward again: the token choice and the values are still there.
  await user.click(screen.getByRole("button", { name: "Back" }));
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(screen.getByRole("checkbox", { name: "Wizard token" })).toBeChecked();
  await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
  expect(await screen.findByLabelText("Value for workspaceId")).toHaveValue("ws_42");
  await user.type(screen.getByLabelText("Value for apiVersion"), "2024-01");
  await user.click(screen.getByRole("button", { name: "Next: Configure Credentials" }));

  await user.type(await screen.findByLabelText("Bearer Token"), " ");
  await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
  expect(screen.getByRole("alert")).toHaveTextContent(
    "Managed authentication requires API credentials. Please provide the Bearer Token for the target API.",
  );
  expect(screen.getByLabelText("Bearer Token")).toHaveValue(" ");
  await user.clear(screen.getByLabelText("Bearer Token"));
  await user.type(screen.getByLabelText("Bearer Token"), "sk_live_secret");
  await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
  const saving = await screen.findByRole("button", { name: "Saving..." });
  expect(saving).toBeDisabled();
  expect(within(saving.parentElement!).getByRole("button", { name: "Back" })).toBeDisabled();
  answerSave!();
  expect(await screen.findByRole("list", { name: "Tools" })).toBeInTheDocument();
  expect(calls.find((c) => c.method === "POST" && c.path === "/api/servers/srv_new/auth-config")!.body).toMatchObject({
    secrets: { token: "sk_live_secret" },
    authContextValues: { workspaceId: "ws_42", apiVersion: "2024-01" },
  });
});

it("gives a static value the input its argument takes: a select for an enum, a number field for an integer", async () => {
  const routes = createRoutes();
  const withTypes = mappings.map((t, i) =>
    i === 0
      ? {
          ...t,
          inputSchema: {
            ...t.inputSchema,
            properties: { ...t.inputSchema.properties, sort: { type: "string", enum: ["newest", "oldest"] } },
          },
        }
      : t,
  );
  routes["GET /api/servers/srv_new/mappings"] = ok(withTypes);
  const { calls, user } = await toParameters(routes);

  await user.type(await screen.findByLabelText("Value for workspaceId"), "ws_42");
  await user.click(await screen.findByRole("button", { name: "Make sort static" }));
  const sort = screen.getByRole("combobox", { name: "Value for sort" });
  expect(
    within(sort)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["Choose a value…", "newest", "oldest"]);
  await user.click(screen.getByRole("button", { name: "Make limit static" }));
  expect(screen.getByLabelText("Value for limit")).toHaveAttribute("type", "number");
  await user.type(screen.getByLabelText("Value for limit"), "25");
  // An enum left unchosen is a missing value, named like any other.
  await user.click(screen.getByRole("button", { name: "Next: Configure Credentials" }));
  expect(screen.getByRole("alert")).toHaveTextContent("Please provide values for all static parameters: sort");
  await user.selectOptions(sort, "oldest");
  await user.click(screen.getByRole("button", { name: "Next: Configure Credentials" }));
  await user.type(await screen.findByLabelText("Bearer Token"), "sk_live_secret");
  await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
  expect(await screen.findByRole("list", { name: "Tools" })).toBeInTheDocument();
  expect(calls.find((c) => c.method === "POST" && c.path === "/api/servers/srv_new/auth-config")!.body).toMatchObject({
    authContextValues: { workspaceId: "ws_42", sort: "oldest", limit: "25" },
  });
});
