// The server wizard: source validation, each step's messages, the step-navigation rules in create and
// edit mode, passthrough, the tool-limit messages and the deploy step.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import * as fx from "./fixtures";
import { renderApp } from "./helpers";
import {
  analysis,
  createRoutes,
  fail,
  manyArgs,
  mappings,
  mockWizardApi,
  ok,
  savedConfig,
  subscriptionWithLimit,
  wizardToken,
  type WizardRoutes,
} from "./wizard-fixtures";

const file = () => new File([JSON.stringify({ openapi: "3.1.0" })], "notes.json", { type: "application/json" });
const stepButton = (name: string) =>
  within(screen.getByRole("navigation", { name: "Wizard steps" })).getByRole("button", { name: new RegExp(name) });

async function openCreate(routes: WizardRoutes = createRoutes()) {
  const calls = mockWizardApi(routes);
  const user = userEvent.setup();
  renderApp("/servers");
  await user.click(await screen.findByRole("button", { name: "Add Server" }));
  expect(await screen.findByRole("heading", { name: "Add New Server" })).toBeInTheDocument();
  return { user, calls };
}

async function uploadAndContinue(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
  await user.upload(screen.getByLabelText("Upload a file (.json, .yaml, .yml)"), file());
  await user.click(screen.getByRole("button", { name: "Next: Configure Authentication" }));
  await screen.findByText("Detected authentication");
}

/** From the Authentication step: assigns the wizard's token, gives the static workspaceId and opens Credentials. */
async function continueToCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("checkbox", { name: "Wizard token" }));
  await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
  await user.type(await screen.findByLabelText("Value for workspaceId"), "ws_42");
  await user.click(screen.getByRole("button", { name: "Next: Configure Credentials" }));
}

describe("source step", () => {
  it("keeps Next disabled until a URL or a file is given, then creates the server from a multipart upload", async () => {
    const { user, calls } = await openCreate();
    await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
    const next = screen.getByRole("button", { name: "Next: Configure Authentication" });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText("OpenAPI URL"), "   ");
    expect(next).toBeDisabled();
    await user.clear(screen.getByLabelText("OpenAPI URL"));
    await user.type(screen.getByLabelText("Name (optional)"), "Notes API");
    await user.upload(screen.getByLabelText("Upload a file (.json, .yaml, .yml)"), file());
    expect(next).toBeEnabled();
    await user.click(next);
    await screen.findByText("Detected authentication");
    const create = calls.find((c) => c.method === "POST" && c.path === "/api/servers")!;
    expect(create.body).toMatchObject({ name: "Notes API" });
    expect((create.body as { file: File }).file.name).toBe("notes.json");
  });

  it("says a name already used by another server of the organization before uploading, and the API's refusal if it comes anyway", async () => {
    const routes = {
      ...createRoutes(),
      "GET /api/servers": ok([fx.activeServer]),
      "GET /api/billing/subscription": ok(fx.subscription(2)),
    };
    const { user, calls } = await openCreate(routes);
    await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
    await user.type(screen.getByLabelText("Name (optional)"), " petstore ");
    await user.upload(screen.getByLabelText("Upload a file (.json, .yaml, .yml)"), file());
    await user.click(screen.getByRole("button", { name: "Next: Configure Authentication" }));
    expect(
      await screen.findByText('A server named "petstore" already exists in your organization. Choose another name.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Name (optional)")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    // Typing clears it; another name is sent.
    await user.type(screen.getByLabelText("Name (optional)"), " 2");
    expect(screen.queryByText(/already exists in your organization/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next: Configure Authentication" }));
    await screen.findByText("Detected authentication");
    expect(calls.find((c) => c.method === "POST" && c.path === "/api/servers")!.body).toMatchObject({ name: "petstore  2" });
  });

  it("shows the server's refusal in the 'Crawl Failed' box", async () => {
    const { user } = await openCreate({ ...createRoutes(), "POST /api/servers": fail(400, 'Unsupported file type "notes.json"') });
    await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
    await user.upload(screen.getByLabelText("Upload a file (.json, .yaml, .yml)"), file());
    await user.click(screen.getByRole("button", { name: "Next: Configure Authentication" }));
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("Crawl Failed");
    expect(box).toHaveTextContent('Unsupported file type "notes.json"');
  });

  it("refuses other file types", async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
    // The picker's accept filter can be bypassed (drag and drop, "All files"): the step checks again.
    fireEvent.change(screen.getByLabelText("Upload a file (.json, .yaml, .yml)"), {
      target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] },
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Please choose a .json, .yaml or .yml file");
    expect(screen.getByRole("button", { name: "Next: Configure Authentication" })).toBeDisabled();
  });

  it("replaces an earlier refusal with the file-type message when another file is chosen", async () => {
    const { user } = await openCreate({
      ...createRoutes(),
      "POST /api/servers": fail(502, "URL not reachable: https://api.example.com/openapi.json"),
    });
    await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
    await user.type(screen.getByLabelText("OpenAPI URL"), "https://api.example.com/openapi.json");
    await user.click(screen.getByRole("button", { name: "Next: Configure Authentication" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("URL not reachable");
    await user.clear(screen.getByLabelText("OpenAPI URL"));
    fireEvent.change(screen.getByLabelText("Upload a file (.json, .yaml, .yml)"), {
      target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] },
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Please choose a .json, .yaml or .yml file");
    expect(screen.getByRole("alert")).not.toHaveTextContent("URL not reachable");
  });

  it("stops the name and description at the server's limits of 200 and 2000 characters", async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole("button", { name: /OpenAPI Spec/ }));
    await user.click(screen.getByLabelText("Name (optional)"));
    await user.paste("N".repeat(205));
    expect(screen.getByLabelText("Name (optional)")).toHaveValue("N".repeat(200));
    await user.click(screen.getByLabelText("Description (optional)"));
    await user.paste("D".repeat(2005));
    expect(screen.getByLabelText("Description (optional)")).toHaveValue("D".repeat(2000));
  });

  it("needs a documentation URL before 'Start crawling' and offers a way back to the method choice", async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole("button", { name: /Crawl Documentation/ }));
    expect(screen.getByRole("button", { name: "Start crawling" })).toBeDisabled();
    await user.type(screen.getByLabelText("Documentation URL"), "https://docs.example.com");
    expect(screen.getByRole("button", { name: "Start crawling" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Back to method choice" }));
    expect(screen.getByRole("button", { name: /OpenAPI Spec/ })).toBeInTheDocument();
  });
});

describe("create mode: authentication type, tokens and parameters", () => {
  it("preselects the first detected type with managed, shows Credentials, and only allows current, completed or earlier steps", async () => {
    const { user } = await openCreate();
    await uploadAndContinue(user);
    expect(screen.getByRole("radio", { name: /Bearer Token/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Managed" })).toBeChecked();
    const labels = within(screen.getByRole("navigation", { name: "Wizard steps" }))
      .getAllByRole("button")
      .map((b) => b.textContent?.replace(/^\d/, ""));
    expect(labels).toEqual(["Source", "Authentication", "Parameters", "Credentials", "Tools", "Deploy"]);
    expect(stepButton("Source")).toBeEnabled();
    for (const later of ["Parameters", "Credentials", "Tools", "Deploy"]) expect(stepButton(later)).toBeDisabled();
    await user.click(stepButton("Source"));
    expect(screen.getByText(/was created from this source/)).toHaveTextContent("Notes API was created from this source.");
    await user.click(screen.getByRole("button", { name: "Next: Configure Authentication" }));
    expect(screen.getByRole("radio", { name: /Bearer Token/ })).toBeChecked();
  });

  it("requires an access token for managed authentication", async () => {
    const { user } = await openCreate();
    await uploadAndContinue(user);
    await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Managed authentication requires at least one access token of Toolport. Please select existing tokens or create a new one.",
    );
    // Choosing a token clears the refusal at once: its condition no longer holds.
    await user.click(screen.getByRole("checkbox", { name: "Wizard token" }));
    expect(screen.queryByText(/requires at least one access token/)).not.toBeInTheDocument();
  });

  it("creates a token in the dialog, assigned to the server and selected", async () => {
    const routes = createRoutes();
    routes["POST /api/access-tokens"] = {
      status: 201,
      body: {
        success: true,
        data: { token: "tp_secret_value_123456789", tokenInfo: { ...wizardToken, id: "tok_new", name: "Notes API Token" } },
      },
    };
    const { user, calls } = await openCreate(routes);
    await uploadAndContinue(user);
    routes["GET /api/access-tokens"] = ok([wizardToken, { ...wizardToken, id: "tok_new", name: "Notes API Token" }]);
    await user.click(screen.getByRole("button", { name: "+ Create New Token" }));
    expect(screen.getByPlaceholderText("Notes API Token")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Leave empty for no expiration")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Token" }));
    expect(await screen.findByText("Token created and assigned to server")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/access-tokens" && c.method === "POST")!.body).toEqual({
      name: "Notes API Token",
      expiresAt: null,
      serverIds: ["srv_new"],
    });
    expect(await screen.findByLabelText("New access token")).toHaveTextContent("tp_secret_value_123456789");
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(await screen.findByRole("checkbox", { name: "Notes API Token" })).toBeChecked();
  });

  it("validates static parameter values, lists 10 dynamic ones, and moves parameters between static and dynamic", async () => {
    const routes = createRoutes();
    routes["GET /api/servers/srv_new/mappings"] = ok([
      { ...mappings[0], inputSchema: { type: "object", properties: { ...mappings[0].inputSchema.properties, ...manyArgs } } },
      ...mappings.slice(1),
    ]);
    const { user } = await openCreate(routes);
    await uploadAndContinue(user);
    await user.click(screen.getByRole("checkbox", { name: "Wizard token" }));
    await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
    expect(await screen.findByText("workspaceId")).toBeInTheDocument();
    expect(screen.getByText("95% confidence")).toBeInTheDocument();
    expect(screen.getByText("Account-level identifier repeated in 3 of 3 operations")).toBeInTheDocument();
    // apiVersion, limit, noteId and 12 fieldNN arguments are dynamic: 15, of which 10 are listed.
    expect(screen.getByText("... and 5 more parameters")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Make apiVersion static" }));
    await user.click(screen.getByRole("button", { name: "Next: Configure Credentials" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please provide values for all static parameters: workspaceId, apiVersion");
    await user.type(screen.getByLabelText("Value for workspaceId"), "ws_42");
    const apiVersion = screen.getByLabelText("Value for apiVersion").closest("li")!;
    await user.click(within(apiVersion).getByRole("button", { name: "Make Dynamic" }));
    await user.click(screen.getByRole("button", { name: "Next: Configure Credentials" }));
    expect(await screen.findByLabelText("Bearer Token")).toBeInTheDocument();
  });
});

describe("create mode: saving and going back to steps", () => {
  it("requires the bearer token, then assigns tokens, saves and goes to Tools; earlier steps stay reachable", async () => {
    const { user, calls } = await openCreate();
    await uploadAndContinue(user);
    await continueToCredentials(user);
    await user.click(await screen.findByRole("button", { name: "Next: Manage Tools" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Managed authentication requires API credentials. Please provide the Bearer Token for the target API.",
    );
    await user.type(screen.getByLabelText("Bearer Token"), "sk_live_secret");
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(await screen.findByText("Authentication updated")).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Tools" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/access-tokens/tok_w/servers")!.body).toEqual({ serverIds: ["srv_new"] });
    expect(calls.find((c) => c.path === "/api/servers/srv_new/auth-config" && c.method === "POST")!.body).toEqual({
      authType: "bearer",
      authStrategy: "managed",
      requireToolportLogin: false,
      exposeToPublic: false,
      secrets: { token: "sk_live_secret" },
      authContextValues: { workspaceId: "ws_42" },
      authContextMetadata: [analysis.authContext[0]],
    });
    expect(stepButton("Authentication")).toBeEnabled();
    expect(stepButton("Deploy")).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next: Deploy Server" }));
    expect(await screen.findByRole("button", { name: "Finish" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Server" })).not.toBeInTheDocument();
  });

  it("keeps a toggle made while the Tools step is still re-reading the tools", async () => {
    const routes = createRoutes();
    // The auth steps' read and the auth save's re-read answer at once; the Tools step's own re-read
    // on opening answers only when told to.
    let answerReread: (() => void) | undefined;
    routes["GET /api/servers/srv_new/mappings"] = (_call, n) =>
      n < 2 ? ok(mappings) : new Promise((resolve) => (answerReread = () => resolve(ok(mappings))));
    routes["PATCH /api/servers/srv_new/tools"] = ok({ activeToolCount: 1 });
    const { user } = await openCreate(routes);
    await uploadAndContinue(user);
    await continueToCredentials(user);
    await user.type(await screen.findByLabelText("Bearer Token"), "sk_live_secret");
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    await screen.findByRole("list", { name: "Tools" });
    await waitFor(() => expect(answerReread).toBeDefined());
    expect(screen.getByText("2/10")).toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "Toggle get_note" }));
    expect(await screen.findByText("1/10")).toBeInTheDocument();
    answerReread!();
    // The re-read was read before the toggle: its answer must not bring the tool back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText("1/10")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Toggle get_note" })).not.toBeChecked();
  });

  it("shows the saved secret masked after going back to Credentials, and a blank field keeps it", async () => {
    const { user, calls } = await openCreate();
    await uploadAndContinue(user);
    await continueToCredentials(user);
    await user.type(await screen.findByLabelText("Bearer Token"), "sk_live_secret");
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(await screen.findByRole("list", { name: "Tools" })).toBeInTheDocument();
    await user.click(stepButton("Credentials"));
    expect(screen.getByText("sk_l…cret")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(await screen.findByRole("list", { name: "Tools" })).toBeInTheDocument();
    const saves = calls.filter((c) => c.path === "/api/servers/srv_new/auth-config" && c.method === "POST");
    expect(saves).toHaveLength(2);
    expect(saves[1]!.body).toMatchObject({ secrets: {} });
    expect(await screen.findByText("Authentication configuration updated successfully")).toBeInTheDocument();
    // Toasts outlive the rendered app; the edit-mode tests look for this very text.
    toast.dismiss();
  });
});

describe("create mode: credentials by type, passthrough and public APIs", () => {
  it.each([
    ["API Key", "API Key", ["API Key"]],
    ["Basic Auth", "Username and Password", ["Username", "Password"]],
    ["OAuth2", "OAuth2 Client ID and Secret", ["Client ID", "Client Secret"]],
  ])("asks for the %s credentials with the spec's message", async (type, label, fields) => {
    const { user } = await openCreate();
    await uploadAndContinue(user);
    await user.click(screen.getByRole("radio", { name: new RegExp(type) }));
    await continueToCredentials(user);
    for (const field of fields) expect(await screen.findByLabelText(field)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      `Managed authentication requires API credentials. Please provide the ${label} for the target API.`,
    );
    expect(screen.getByLabelText(fields.at(-1)!)).toHaveAttribute("type", "password");
  });

  it("passthrough hides Credentials, clears the chosen tokens and saves from the parameters step", async () => {
    const { user, calls } = await openCreate();
    await uploadAndContinue(user);
    await user.click(screen.getByRole("checkbox", { name: "Wizard token" }));
    await user.click(screen.getByRole("radio", { name: "Passthrough" }));
    expect(screen.queryByRole("checkbox", { name: "Wizard token" })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("navigation", { name: "Wizard steps" })).queryByRole("button", { name: /Credentials/ }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Managed" }));
    expect(screen.getByRole("checkbox", { name: "Wizard token" })).not.toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Passthrough" }));
    await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
    await user.type(await screen.findByLabelText("Value for workspaceId"), "ws_1");
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(await screen.findByRole("list", { name: "Tools" })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith("/api/access-tokens/"))).toBe(false);
    expect(calls.find((c) => c.path === "/api/servers/srv_new/auth-config" && c.method === "POST")!.body).toMatchObject({
      authStrategy: "passthrough",
    });
    expect(calls.find((c) => c.path === "/api/servers/srv_new/auth-config" && c.method === "POST")!.body).not.toHaveProperty("secrets");
  });

  it("shows 'Public API' when nothing is detected and needs no credentials for type none", async () => {
    const routes = {
      ...createRoutes(),
      "POST /api/servers/srv_new/analyse-auth": ok({ ...analysis, authCandidates: [], authContext: [] }),
    };
    const { user } = await openCreate(routes);
    await uploadAndContinue(user);
    expect(screen.getByText("Public API")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "None" })).toBeChecked();
    expect(
      within(screen.getByRole("navigation", { name: "Wizard steps" })).queryByRole("button", { name: /Credentials/ }),
    ).not.toBeInTheDocument();
  });
});

const editRoutes = (): WizardRoutes => ({
  ...createRoutes(),
  "GET /api/servers": ok([{ ...fx.activeServer }]),
  "POST /api/servers/srv_1/analyse-auth": ok(analysis),
  "GET /api/servers/srv_1/auth-config": ok(savedConfig),
  "GET /api/servers/srv_1/assigned-tokens": ok(["tok_1"]),
  "GET /api/servers/srv_1/mappings": ok(mappings),
  "GET /api/access-tokens": ok([fx.token]),
  "POST /api/servers/srv_1/auth-config": ok(savedConfig),
  "DELETE /api/servers/srv_1": ok({ id: "srv_1" }),
});

async function openEdit(routes = editRoutes()) {
  const calls = mockWizardApi(routes);
  const user = userEvent.setup();
  renderApp("/servers");
  await user.click(await screen.findByRole("button", { name: "Configure Petstore" }));
  expect(await screen.findByRole("heading", { name: "Configure Petstore" })).toBeInTheDocument();
  await screen.findByText("Detected authentication");
  return { user, calls };
}

describe("edit mode: restoring the saved config", () => {
  it("starts at auth without a source step, restores the saved config and lets every step be jumped to", async () => {
    const { user } = await openEdit();
    const nav = screen.getByRole("navigation", { name: "Wizard steps" });
    expect(within(nav).queryByRole("button", { name: /Source/ })).not.toBeInTheDocument();
    expect(stepButton("Authentication")).toHaveAttribute("aria-current", "step");
    expect(screen.getByRole("checkbox", { name: "CI token" })).toBeChecked();
    for (const step of ["Parameters", "Credentials", "Tools", "Deploy"]) expect(stepButton(step)).toBeEnabled();
    await user.click(stepButton("Deploy"));
    expect(await screen.findByRole("button", { name: "Deploy Server" })).toBeInTheDocument();
    // The footer's Close beside the dialog's own close button; create mode says Finish instead.
    expect(screen.getAllByRole("button", { name: "Close" })).toHaveLength(2);
    await user.click(stepButton("Parameters"));
    expect(screen.getByLabelText("Value for workspaceId")).toHaveValue("ws_42");
  });

  it("passthrough in edit mode keeps the saved token assignment", async () => {
    const { user } = await openEdit();
    await user.click(screen.getByRole("checkbox", { name: "CI token" }));
    await user.click(screen.getByRole("radio", { name: "Passthrough" }));
    await user.click(screen.getByRole("radio", { name: "Managed" }));
    expect(screen.getByRole("checkbox", { name: "CI token" })).toBeChecked();
  });

  it("keeps the assigned tokens selected when the server's authentication was never saved", async () => {
    const routes = editRoutes();
    routes["GET /api/servers/srv_1/auth-config"] = fail(404, "Authentication is not configured for this server");
    const { user } = await openEdit(routes);
    expect(screen.getByRole("radio", { name: /Bearer Token/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "CI token" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(stepButton("Parameters")).toHaveAttribute("aria-current", "step");
  });

  it("keeps the title clear of the close button", async () => {
    await openEdit();
    // jsdom lays nothing out: the header's side padding is what leaves the corner's close button room.
    expect(screen.getByRole("heading", { name: "Configure Petstore" }).closest("[data-slot=dialog-header]")).toHaveClass("px-6");
  });

  it("checks the skipped steps when saving after a jump, and goes back to the one to fix", async () => {
    const { user, calls } = await openEdit();
    await user.click(screen.getByRole("checkbox", { name: "CI token" }));
    await user.click(stepButton("Credentials"));
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "For managed authentication, you must assign at least one access token to this server. Please select existing tokens or create a new one.",
    );
    expect(stepButton("Authentication")).toHaveAttribute("aria-current", "step");
    await user.click(screen.getByRole("checkbox", { name: "CI token" }));
    await user.click(stepButton("Parameters"));
    await user.clear(screen.getByLabelText("Value for workspaceId"));
    await user.click(stepButton("Credentials"));
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please provide values for all static parameters: workspaceId");
    expect(stepButton("Parameters")).toHaveAttribute("aria-current", "step");
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/servers/srv_1/auth-config")).toBe(false);
  });
});

describe("edit mode: secrets, errors and deletion", () => {
  it("keeps the current bearer token when the field is left blank", async () => {
    const { user, calls } = await openEdit();
    await user.click(stepButton("Credentials"));
    expect(screen.getByText("sk_l…cret")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(await screen.findByRole("list", { name: "Tools" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/servers/srv_1/auth-config" && c.method === "POST")!.body).toMatchObject({ secrets: {} });
    expect(await screen.findByText("Authentication configuration updated successfully")).toBeInTheDocument();
  });

  it("words the edit mode's token requirement (assign at least one access token) and a failed update", async () => {
    const routes = editRoutes();
    routes["POST /api/servers/srv_1/auth-config"] = { status: 500, body: {} };
    const { user } = await openEdit(routes);
    await user.click(screen.getByRole("checkbox", { name: "CI token" }));
    await user.click(screen.getByRole("button", { name: "Next: Configure Parameters" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "For managed authentication, you must assign at least one access token to this server. Please select existing tokens or create a new one.",
    );
    await user.click(screen.getByRole("checkbox", { name: "CI token" }));
    await user.click(stepButton("Credentials"));
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update authentication");
  });

  it("deletes the saved secrets", async () => {
    const routes = editRoutes();
    routes["DELETE /api/servers/srv_1/auth-config/secrets"] = ok();
    const { user, calls } = await openEdit(routes);
    await user.click(stepButton("Credentials"));
    await user.click(screen.getByRole("button", { name: "Delete saved secrets" }));
    expect(await screen.findByText("Secrets deleted")).toBeInTheDocument();
    expect(screen.getByText("Authentication secrets have been removed")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/servers/srv_1/auth-config/secrets")).toBe(true);
    expect(screen.queryByText("sk_l…cret")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next: Manage Tools" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Managed authentication requires API credentials. Please provide the Bearer Token for the target API.",
    );
  });

  it("deletes the server after the confirmation", async () => {
    const { user, calls } = await openEdit();
    await user.click(stepButton("Deploy"));
    await user.click(await screen.findByRole("button", { name: "Delete Server" }));
    expect(
      screen.getByText(
        'Are you sure you want to delete "Petstore"? This action cannot be undone and will permanently remove the server and all its configurations.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Server deleted successfully")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/servers/srv_1")).toBe(true);
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Configure Petstore" })).not.toBeInTheDocument());
  });
});

describe("edit mode: crawls, updates and deploying", () => {
  it("opens the upgrade modal when automated crawls need a paid plan", async () => {
    const routes = editRoutes();
    routes["GET /api/servers"] = ok([{ ...fx.activeServer, originalCrawlUrl: "https://docs.example.com" }]);
    routes["PATCH /api/servers/srv_1/automated-crawl"] = fail(
      403,
      "Automated crawls are available on paid plans. Upgrade your plan to enable them.",
      { requiresUpgrade: true },
    );
    const { user } = await openEdit(routes);
    await user.click(stepButton("Deploy"));
    await user.click(await screen.findByRole("switch", { name: "Automated crawls" }));
    expect(await screen.findByRole("heading", { name: "Upgrade Required" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Maybe Later" }));
    expect(screen.getByRole("switch", { name: "Automated crawls" })).not.toBeChecked();
  });

  it("saves automated crawls and a frequency change while enabled", async () => {
    const routes = editRoutes();
    routes["GET /api/servers"] = ok([{ ...fx.activeServer, originalCrawlUrl: "https://docs.example.com" }]);
    routes["PATCH /api/servers/srv_1/automated-crawl"] = (call) => ok(call.body);
    const { user, calls } = await openEdit(routes);
    await user.click(stepButton("Deploy"));
    await user.click(await screen.findByRole("switch", { name: "Automated crawls" }));
    expect(await screen.findByText("Automated weekly crawls enabled")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Crawl frequency"), "monthly");
    expect(await screen.findByText("Automated crawl frequency updated to monthly")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { enabled: true, frequency: "weekly" },
      { enabled: true, frequency: "monthly" },
    ]);
  });

  it("shows crawl management only for a source that can be fetched again", async () => {
    // Imported from a file: nothing to crawl or fetch again, so no section, and no disabled button.
    const { user } = await openEdit();
    await user.click(stepButton("Deploy"));
    await screen.findByRole("heading", { name: "Next steps" });
    expect(screen.queryByRole("heading", { name: "Crawl management" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Restart Crawl" })).not.toBeInTheDocument();
    expect(screen.queryByText("This server was not created from a crawl and cannot be recrawled")).not.toBeInTheDocument();
  });

  it("offers a server imported from a URL automated updates from it, without crawl actions", async () => {
    const routes = editRoutes();
    routes["GET /api/servers"] = ok([{ ...fx.activeServer, sourceUrl: "https://petstore.example.com/openapi.json" }]);
    routes["PATCH /api/servers/srv_1/automated-crawl"] = (call) => ok(call.body);
    const { user, calls } = await openEdit(routes);
    await user.click(stepButton("Deploy"));
    const section = await screen.findByRole("region", { name: "Updates from the description URL" });
    expect(section).toHaveTextContent("Description: https://petstore.example.com/openapi.json");
    expect(within(section).queryByRole("button", { name: "Restart Crawl" })).not.toBeInTheDocument();
    await user.click(within(section).getByRole("switch", { name: "Automated updates from the URL" }));
    expect(await screen.findByText("Automated weekly updates enabled")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ enabled: true, frequency: "weekly" }]);
  });

  it("says where a deployed server answers, and opens the deploy flow inside the wizard, not in a second dialog", async () => {
    const routes = editRoutes();
    routes["GET /api/servers/srv_1/deployment"] = ok(fx.activeServer.deployment);
    routes["GET /api/servers/srv_1/api-config"] = ok({
      baseUrl: "https://petstore.example.com",
      authType: "bearer",
      authStrategy: "managed",
      headers: {},
    });
    const { user } = await openEdit(routes);
    await user.click(stepButton("Deploy"));
    expect(
      await screen.findByText(
        "Deployed: MCP clients call http://localhost:8787/s/petstore-ab12/mcp. Deploy again to publish the changes made here.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Deploy Server" }));
    expect(await screen.findByRole("heading", { name: "Deploy Petstore" })).toBeInTheDocument();
    expect(await screen.findByText("Successfully Deployed!")).toBeInTheDocument();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    // Close ends the flow and brings the panel back, inside the same wizard.
    await user.click(within(screen.getByRole("region", { name: "Deploy Petstore" })).getByRole("button", { name: "Close" }));
    expect(await screen.findByRole("button", { name: "Deploy Server" })).toBeInTheDocument();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});

async function openTools(routes: WizardRoutes) {
  const calls = mockWizardApi(routes);
  const user = userEvent.setup();
  renderApp("/servers");
  await user.click(await screen.findByRole("button", { name: "Configure Petstore" }));
  await user.click(await screen.findByRole("button", { name: /Tools/ }));
  await screen.findByRole("list", { name: "Tools" });
  return { user, calls };
}
const toolsStepRoutes = (max: number, tools = mappings): WizardRoutes => ({
  "GET /api/auth/profile": ok(fx.user),
  "GET /api/servers": ok([fx.activeServer]),
  "GET /api/access-tokens": ok([fx.token]),
  "GET /api/billing/subscription": ok(subscriptionWithLimit(max)),
  "POST /api/servers/srv_1/analyse-auth": ok(analysis),
  "GET /api/servers/srv_1/auth-config": ok(savedConfig),
  "GET /api/servers/srv_1/assigned-tokens": ok(["tok_1"]),
  "GET /api/servers/srv_1/mappings": ok(tools),
  "PATCH /api/servers/srv_1/tools": ok({ activeToolCount: 0 }),
});

describe("tools step: limits and bulk actions", () => {
  it("shows the active/limit counter, cards with their schema, and blocks enabling at the limit", async () => {
    const { user, calls } = await openTools(toolsStepRoutes(2));
    expect(screen.getByText("2/2")).toBeInTheDocument();
    const card = screen.getByText("delete_note", { selector: "code" }).closest("li")!;
    expect(within(card).getByText("Inactive")).toBeInTheDocument();
    expect(within(card).getByText(/Input schema \(3 parameters\)/)).toBeInTheDocument();
    await user.click(within(card).getByRole("switch", { name: "Toggle delete_note" }));
    expect(
      await screen.findByText(
        "Tool limit reached: your current plan allows 2 active tools per server. Please disable other tools first or upgrade your plan.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    // The refusal is a banner that stays, with the way to more tools, not a toast that vanishes.
    const banner = screen.getByRole("alert");
    expect(within(banner).getByRole("link", { name: "Upgrade plan" })).toHaveAttribute("href", "/usage");
    // Disabling a tool frees a slot: the banner goes.
    await user.click(
      within(screen.getByText("list_notes", { selector: "code" }).closest("li")!).getByRole("switch", { name: "Toggle list_notes" }),
    );
    expect(await screen.findByText("1/2")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("enables all tools when they fit the limit", async () => {
    const { user } = await openTools(
      toolsStepRoutes(
        3,
        mappings.map((t) => ({ ...t, active: false })),
      ),
    );
    expect(screen.getByText("0/3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enable All" }));
    // Three tools fit three slots: enabling all works.
    expect(await screen.findByText("3/3")).toBeInTheDocument();
  });

  it("refuses a bulk enable that would exceed the limit", async () => {
    const { user } = await openTools(
      toolsStepRoutes(
        2,
        mappings.map((t) => ({ ...t, active: false })),
      ),
    );
    await user.click(screen.getByRole("button", { name: "Enable All" }));
    expect(
      await screen.findByText(
        "Cannot enable all tools: your current plan allows 2 active tools per server. You have 2 slots available. Please upgrade your plan or enable tools individually.",
      ),
    ).toBeInTheDocument();
  });

  it("turns the bulk buttons into Enable/Disable Filtered while searching and updates only the matches", async () => {
    const { user, calls } = await openTools(toolsStepRoutes(10));
    await user.type(screen.getByLabelText("Search tools"), "delete");
    expect(screen.getByRole("button", { name: "Enable Filtered" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Disable Filtered" }));
    await user.click(screen.getByRole("button", { name: "Enable Filtered" }));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ toolNames: ["delete_note"], active: true }]);
    expect(await screen.findByText("3/10")).toBeInTheDocument();
  });
});

describe("tools step: unknown plans and failures", () => {
  it("uses 10 as the limit when the plan is unknown and offers Retry when the tools fail to load", async () => {
    const r = toolsStepRoutes(5);
    r["GET /api/billing/subscription"] = fail(500, "Billing down");
    let failing = true;
    r["GET /api/servers/srv_1/mappings"] = () => (failing ? fail(500, "Failed to fetch tools") : ok(mappings));
    mockWizardApi(r);
    const user = userEvent.setup();
    renderApp("/servers");
    await user.click(await screen.findByRole("button", { name: "Configure Petstore" }));
    await user.click(await screen.findByRole("button", { name: /Tools/ }));
    expect(await screen.findByText("Failed to fetch tools")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("2/10")).toBeInTheDocument();
  });

  it("reports a failed toggle with the server's text and restores the switch", async () => {
    const r = toolsStepRoutes(10);
    r["PATCH /api/servers/srv_1/tools"] = fail(409, "This server is paused due to plan limits. Upgrade your plan to resume.");
    const { user } = await openTools(r);
    const toggle = screen.getByRole("switch", { name: "Toggle list_notes" });
    await user.click(toggle);
    expect(await screen.findByText("This server is paused due to plan limits. Upgrade your plan to resume.")).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
