// The Tools step names the documentation page a crawled tool's endpoint was read from, as a link.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToolsStep } from "@/features/wizard/tools-step";
import { mockApi, ok } from "./helpers";
import { mappings } from "./wizard-fixtures";

const page = "https://docs.example.com/reference/notes#list";
const crawled = mappings.map((t) => (t.name === "list_notes" ? { ...t, endpoint: { ...t.endpoint, page } } : t));

describe("Tools step source pages", () => {
  it("links each crawled tool to the page its endpoint came from, and names no page for the others", async () => {
    mockApi({ "GET /api/servers/srv_1/mappings": ok(crawled), "GET /api/billing/subscription": ok(null) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ToolsStep serverId="srv_1" />
      </QueryClientProvider>,
    );
    const link = await screen.findByRole("link", { name: "docs.example.com/reference/notes" }, { timeout: 10_000 });
    expect(link).toHaveAttribute("href", page);
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getAllByText(/^Found on/)).toHaveLength(1);
  });
});
