// The Tools step's tool settings: the saved mode is checked and search mode saved through the API; the
// response limit is validated (whole KB, 1 to 1000) and saved in bytes; a large API starts from the
// tags the user chooses, within the plan's limit.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToolsStep } from "@/features/wizard/tools-step";
import { mockApi, ok } from "./helpers";
import { mappings, subscriptionWithLimit } from "./wizard-fixtures";

describe("Tools step tool mode: saved and recommended modes", () => {
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

  it("recommends search mode for a large API with its direct list's size, and switches to it", async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ ...mappings[0], name: `op_${i}`, description: "x".repeat(396) }));
    const calls = mockApi({
      "GET /api/servers/srv_1/mappings": ok(many),
      "GET /api/billing/subscription": ok(subscriptionWithLimit(1000)),
      "GET /api/servers/srv_1/tool-mode": ok({ toolMode: "direct" }),
      "PATCH /api/servers/srv_1/tool-mode": ok({ toolMode: "search" }),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToolsStep serverId="srv_1" toolCount={60} />
      </QueryClientProvider>,
    );
    const advice = await screen.findByRole("note", { name: "Search mode recommended" });
    // 60 active tools of about 550 bytes each: about 33 KB, a quarter of that in tokens.
    expect(advice).toHaveTextContent(
      /This API has 60 operations\. .* loads the active tools' list when it connects: 3\d KB \(about [89],\d{3} tokens\)/,
    );
    await user.click(screen.getByRole("button", { name: "Use search mode" }));
    expect(await screen.findByRole("radio", { name: /Search mode/ })).toBeChecked();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ toolMode: "search" });
    expect(screen.queryByRole("note", { name: "Search mode recommended" })).not.toBeInTheDocument();
  });

  it("recommends search mode for a few tools whose direct list is over 100 KB", async () => {
    const heavy = Array.from({ length: 12 }, (_, i) => ({ ...mappings[0], name: `op_${i}`, description: "x".repeat(9_000) }));
    mockApi({
      "GET /api/servers/srv_1/mappings": ok(heavy),
      "GET /api/billing/subscription": ok(subscriptionWithLimit(1000)),
      "GET /api/servers/srv_1/tool-mode": ok({ toolMode: "direct" }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToolsStep serverId="srv_1" toolCount={12} />
      </QueryClientProvider>,
    );
    const advice = await screen.findByRole("note", { name: "Search mode recommended" });
    expect(advice).toHaveTextContent(/This API has 12 operations\. .* connects: 1\d\d KB \(about 2\d,\d{3} tokens\)/);
  });
});

describe("Tools step tool mode: response limit and large APIs", () => {
  it("validates the response limit in KB and saves it in bytes", async () => {
    const calls = mockApi({
      "GET /api/servers/srv_1/mappings": ok(mappings),
      "GET /api/billing/subscription": ok(null),
      "GET /api/servers/srv_1/tool-mode": ok({ toolMode: "direct", maxResponseBytes: 100_000 }),
      "PATCH /api/servers/srv_1/tool-mode": ok({ toolMode: "direct", maxResponseBytes: 20_000 }),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToolsStep serverId="srv_1" />
      </QueryClientProvider>,
    );
    const input = await screen.findByLabelText("Largest answer per call (KB)");
    expect(input).toHaveValue(100);
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, "2000");
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a whole number of KB from 1 to 1000.");
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, "20");
    await user.click(save);
    await screen.findByRole("button", { name: "Save" });
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ maxResponseBytes: 20_000 });
    expect(await screen.findByLabelText("Largest answer per call (KB)")).toHaveValue(20);
  });

  it("starts a large API from the chosen tags: their tools on, every other tool off, within the plan's limit", async () => {
    const tagOf = (i: number) => (i < 30 ? "pulls" : i < 50 ? "issues" : "actions");
    const many = Array.from({ length: 80 }, (_, i) => ({
      ...mappings[0],
      name: `op_${i}`,
      active: i < 40,
      endpoint: { ...mappings[0].endpoint, tags: [tagOf(i)] },
    }));
    let saved = many;
    const calls = mockApi({
      "GET /api/servers/srv_1/mappings": async () => Response.json(ok(saved).body),
      "GET /api/billing/subscription": ok(subscriptionWithLimit(45)),
      "GET /api/servers/srv_1/tool-mode": ok({ toolMode: "direct" }),
      "PATCH /api/servers/srv_1/tools": async () => {
        const { toolNames, active } = calls.at(-1)!.body as { toolNames: string[]; active: boolean };
        saved = saved.map((t) => (toolNames.includes(t.name) ? { ...t, active } : t));
        return Response.json(ok({ toolNames, active }).body);
      },
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToolsStep serverId="srv_1" toolCount={80} />
      </QueryClientProvider>,
    );
    const start = await screen.findByRole("group", { name: "Start from tags" });
    expect(start).toHaveTextContent("This API has 80 operations in 3 tags.");
    const enable = screen.getByRole("button", { name: "Enable only these tags" });
    expect(enable).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: /pulls \(30\)/ }));
    await user.click(screen.getByRole("checkbox", { name: /issues \(20\)/ }));
    // 50 tools are more than the plan's 45: the step says so and does not send anything.
    expect(start).toHaveTextContent("50 tools in 2 tags: over your plan's limit of 45 active tools. Choose fewer tags.");
    expect(enable).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: /issues \(20\)/ }));
    expect(start).toHaveTextContent("30 tools in 1 tag.");
    await user.click(enable);
    await screen.findByText("30/45");
    // Off first (the 10 active tools outside "pulls"), then on (none: "pulls" was already active).
    const patches = calls.filter((c) => c.method === "PATCH").map((c) => c.body as { toolNames: string[]; active: boolean });
    expect(patches).toEqual([{ toolNames: many.slice(30, 40).map((t) => t.name), active: false }]);
    expect(saved.filter((t) => t.active).map((t) => t.name)).toEqual(many.slice(0, 30).map((t) => t.name));
  });
});
