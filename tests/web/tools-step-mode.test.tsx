// The Tools step's tool mode: the saved mode is checked, choosing search mode saves it through the API.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToolsStep } from "@/features/wizard/tools-step";
import { mockApi, ok } from "./helpers";
import { mappings } from "./wizard-fixtures";

describe("Tools step tool mode", () => {
  it("shows the saved mode and switches to search mode with its help text", async () => {
    const calls = mockApi({
      "GET /api/servers/srv_1/mappings": ok(mappings),
      "GET /api/billing/subscription": ok(null),
      "GET /api/servers/srv_1/tool-mode": ok({ toolMode: "direct" }),
      "PATCH /api/servers/srv_1/tool-mode": ok({ toolMode: "search" }),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToolsStep serverId="srv_1" />
      </QueryClientProvider>,
    );
    const direct = await screen.findByRole("radio", { name: /Each tool directly/ });
    await screen.findByRole("list", { name: "Tools" });
    expect(direct).toBeChecked();
    expect(screen.getByText(/For large APIs \(hundreds of operations\)/)).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Search mode/ }));
    expect(await screen.findByRole("radio", { name: /Search mode/ })).toBeChecked();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ toolMode: "search" });
  });
});
