// The Tools step's rename form: a tool renamed and described through PATCH /api/servers/{id}/tools,
// names MCP clients reject and names another tool has refused before saving, the API's refusal shown.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToolsStep } from "@/features/wizard/tools-step";
import { fail, mockApi, ok } from "./helpers";
import { mappings } from "./wizard-fixtures";

function renderStep() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToolsStep serverId="srv_1" />
    </QueryClientProvider>,
  );
}

const renamed = mappings.map((t) =>
  t.name === "list_notes" ? { ...t, customName: "find_notes", customDescription: "Finds notes by page." } : t,
);

describe("Tools step rename", () => {
  it("renames a tool and rewrites its description, then shows the new name", async () => {
    let saved = false;
    const calls = mockApi({
      "GET /api/servers/srv_1/mappings": () => Promise.resolve(Response.json({ success: true, data: saved ? renamed : mappings })),
      "GET /api/billing/subscription": ok(null),
      "PATCH /api/servers/srv_1/tools": () => (
        (saved = true),
        Promise.resolve(Response.json({ success: true, data: { toolName: "list_notes", name: "find_notes" } }))
      ),
    });
    const user = userEvent.setup();
    renderStep();
    await user.click(await screen.findByRole("button", { name: "Rename or describe list_notes" }));
    const form = screen.getByRole("form", { name: "Edit list_notes" });
    await user.clear(within(form).getByLabelText("Tool name"));
    await user.type(within(form).getByLabelText("Tool name"), "find_notes");
    await user.clear(within(form).getByLabelText("Description"));
    await user.type(within(form).getByLabelText("Description"), "Finds notes by page.");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("(renamed from list_notes)")).toBeInTheDocument();
    expect(screen.getByText("find_notes")).toBeInTheDocument();
    expect(screen.getByText("Finds notes by page.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      toolName: "list_notes",
      name: "find_notes",
      description: "Finds notes by page.",
    });
  });

  it("refuses invalid and taken names before saving, and shows the API's refusal", async () => {
    const calls = mockApi({
      "GET /api/servers/srv_1/mappings": ok(mappings),
      "GET /api/billing/subscription": ok(null),
      "PATCH /api/servers/srv_1/tools": fail(409, "This server is paused due to plan limits. Upgrade your plan to resume."),
    });
    const user = userEvent.setup();
    renderStep();
    await user.click(await screen.findByRole("button", { name: "Rename or describe list_notes" }));
    const form = screen.getByRole("form", { name: "Edit list_notes" });
    const name = within(form).getByLabelText("Tool name");
    await user.clear(name);
    await user.type(name, "list notes");
    expect(within(form).getByRole("alert")).toHaveTextContent(
      "A tool name may only contain letters, digits, '_' and '-', and be 1 to 64 characters long.",
    );
    expect(within(form).getByRole("button", { name: "Save" })).toBeDisabled();
    await user.clear(name);
    await user.type(name, "get_note");
    expect(within(form).getByRole("alert")).toHaveTextContent("Another tool of this server is already named get_note.");
    await user.clear(name);
    await user.type(name, "notes_list");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("This server is paused due to plan limits.");
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1);
  });
});
