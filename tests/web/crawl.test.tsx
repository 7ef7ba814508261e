// The crawl flow in the wizard: map, page selection, progress with polling every 5 s, extraction job,
// server from the spec; and its failure messages.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Server } from "@/api/servers";
import { renderApp } from "./helpers";
import * as fx from "./fixtures";
import { analysis, createRoutes, fail, mockWizardApi, newServer, ok, savedConfig, type WizardRoutes } from "./wizard-fixtures";

const DOCS = "https://docs.example.com";
const links = [`${DOCS}/`, `${DOCS}/notes/list`, `${DOCS}/notes/create`, `${DOCS}/guide/intro`];
const status = (completed: number, state = "crawling", error: string | null = null) => ({
  success: true,
  status: state,
  completed,
  total: 2,
  pageDetails: [
    { url: `${DOCS}/notes/list`, status: completed >= 1 ? "completed" : "processing", title: "List notes" },
    { url: `${DOCS}/notes/create`, status: completed >= 2 ? "completed" : "pending", title: null },
  ],
  currentProcessing: { currentUrl: `${DOCS}/notes/create`, errorCount: 0 },
  selectedUrls: links.slice(1, 3),
  error,
});

const crawlRoutes = (overrides: WizardRoutes = {}): WizardRoutes => ({
  ...createRoutes(),
  "POST /api/crawl/map": { body: { success: true, links } },
  "POST /api/crawl/crawl": { body: { success: true, crawlId: "crawl_1", total: 2 } },
  "GET /api/crawl/crawl_1": (_c, n) => ({ body: n === 0 ? status(1) : status(2, "completed") }),
  "POST /api/crawl/crawl_1/extract": { body: { success: true, jobId: "job_1", message: "OpenAPI extraction started" } },
  "GET /api/crawl/extract/job/job_1": (_c, n) => ({
    body: {
      success: true,
      job: n === 0 ? { status: "processing", specId: null, error: null } : { status: "completed", specId: "spec_1", error: null },
    },
  }),
  "POST /api/servers/from-spec": { status: 201, body: { success: true, data: { ...newServer, originalCrawlUrl: DOCS } } },
  "DELETE /api/crawl/crawl_1/cancel": { body: { success: true, status: "cancelled" } },
  ...overrides,
});

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

async function startCrawling(routes: WizardRoutes) {
  const calls = mockWizardApi(routes);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp("/servers");
  await user.click(await screen.findByRole("button", { name: "Add Server" }));
  await user.click(await screen.findByRole("button", { name: /Crawl Documentation/ }));
  await user.type(screen.getByLabelText("Documentation URL"), DOCS);
  await user.click(screen.getByRole("button", { name: "Start crawling" }));
  return { user, calls };
}
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("crawl flow: mapping and crawling", () => {
  it("selects pages, shows progress, generates the spec and continues to authentication", async () => {
    const { user, calls } = await startCrawling(crawlRoutes());
    const selection = await screen.findByRole("dialog", { name: "Select pages to crawl" });
    const s = within(selection);
    expect(s.getByRole("button", { name: "Start Crawl (4 pages)" })).toBeEnabled();
    expect(s.getByRole("link", { name: `Open ${DOCS}/guide/intro` })).toHaveAttribute("href", `${DOCS}/guide/intro`);
    await user.click(s.getByRole("button", { name: "Deselect All" }));
    expect(s.getByRole("button", { name: "Start Crawl (0 pages)" })).toBeDisabled();
    await user.type(s.getByLabelText("Search pages"), "notes");
    expect(s.getAllByRole("checkbox")).toHaveLength(2);
    await user.click(s.getByRole("button", { name: "Select Filtered" }));
    expect(s.getByRole("button", { name: "Deselect Filtered" })).toBeInTheDocument();
    await user.click(s.getByRole("button", { name: "Start Crawl (2 pages)" }));
    expect(calls.find((c) => c.path === "/api/crawl/crawl")!.body).toEqual({ url: DOCS, selectedUrls: links.slice(1, 3) });
    expect(await screen.findByText("Crawl started! Processing 2 pages...")).toBeInTheDocument();
    expect(screen.getByText("0 of 2 pages")).toBeInTheDocument();

    await tick(5000);
    expect(await screen.findByText("1 of 2 pages")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Crawl progress" })).toHaveAttribute("aria-valuenow", "50");
    const pages = within(screen.getByRole("list", { name: "Crawled pages" }));
    expect(pages.getByText("List notes")).toBeInTheDocument();
    expect(pages.getByRole("link", { name: `Open ${DOCS}/notes/list` })).toBeInTheDocument();
    expect(pages.getByText("pending")).toBeInTheDocument();

    await tick(5000);
    expect(await screen.findByText("Successfully crawled 2 pages")).toBeInTheDocument();
    expect(screen.getByText("Now analyzing content to generate OpenAPI specification...")).toBeInTheDocument();
    await tick(5000);
    await tick(5000);
    expect(await screen.findByText("Detected authentication")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/servers/from-spec")!.body).toEqual({ specId: "spec_1" });
  });

  it("says so when the map finds no pages", async () => {
    await startCrawling(crawlRoutes({ "POST /api/crawl/map": { body: { success: true, links: [] } } }));
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("Crawl Failed");
    expect(box).toHaveTextContent("No pages found at the provided URL");
  });

  it("says the portal's 'No pages found' as the spec writes it, not as a failed map", async () => {
    await startCrawling(crawlRoutes({ "POST /api/crawl/map": fail(404, "No pages found at the provided URL") }));
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("No pages found at the provided URL");
    expect(box).not.toHaveTextContent("Failed to map documentation");
  });

  it("says the plan's server limit as the portal writes it, before any page is crawled", async () => {
    const limit = "Server limit reached: your current plan allows 1 server. Please upgrade your plan to add more.";
    await startCrawling(crawlRoutes({ "POST /api/crawl/map": fail(403, limit) }));
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent(limit);
    expect(box).not.toHaveTextContent("Failed to map documentation");
  });

  it("reports a failed map with its message", async () => {
    await startCrawling(crawlRoutes({ "POST /api/crawl/map": fail(502, "URL not reachable") }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to map documentation: URL not reachable");
  });

  it("reports a start without a crawl id", async () => {
    const { user } = await startCrawling(crawlRoutes({ "POST /api/crawl/crawl": { body: { success: true } } }));
    await user.click(await screen.findByRole("button", { name: "Start Crawl (4 pages)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to start crawl - no crawl ID returned");
  });

  it("resets with 'Crawl failed: …' when the crawl fails", async () => {
    const { user } = await startCrawling(crawlRoutes({ "GET /api/crawl/crawl_1": { body: status(0, "failed", "Site answered 500") } }));
    await user.click(await screen.findByRole("button", { name: "Start Crawl (4 pages)" }));
    await screen.findByText("0 of 2 pages");
    await tick(5000);
    expect(await screen.findByRole("alert")).toHaveTextContent("Crawl failed: Site answered 500");
    expect(screen.getByRole("button", { name: "Start crawling" })).toBeEnabled();
  });
});

describe("crawl flow: polls, extraction and cancelling", () => {
  it("tolerates failed polls and gives up after 120 attempts", async () => {
    const { user, calls } = await startCrawling(
      crawlRoutes({ "GET /api/crawl/crawl_1": (_c, n) => (n % 2 ? fail(503, "busy") : { body: status(0) }) }),
    );
    await user.click(await screen.findByRole("button", { name: "Start Crawl (4 pages)" }));
    await screen.findByText("0 of 2 pages");
    await tick(120 * 5000);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Crawl timed out after 10 minutes. Please try again or use a smaller documentation site.",
    );
    expect(calls.filter((c) => c.path === "/api/crawl/crawl_1")).toHaveLength(120);
  });

  it("shows the spec's message when the pages cannot be converted", async () => {
    const { user } = await startCrawling(
      crawlRoutes({
        "GET /api/crawl/crawl_1": { body: status(2, "completed") },
        "POST /api/crawl/crawl_1/extract": fail(400, "not convertible"),
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Start Crawl (4 pages)" }));
    await tick(5000);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The crawled content could not be converted to an OpenAPI specification. Please ensure the documentation contains API endpoint information.",
    );
  });

  it("shows the spec's message when the extraction job finds nothing API-like", async () => {
    const message =
      "The crawled content could not be converted to an OpenAPI specification. Please ensure the documentation contains API endpoint information.";
    const { user } = await startCrawling(
      crawlRoutes({
        "GET /api/crawl/crawl_1": { body: status(2, "completed") },
        "GET /api/crawl/extract/job/job_1": { body: { success: true, job: { status: "failed", specId: null, error: message } } },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Start Crawl (4 pages)" }));
    await tick(5000);
    await tick(5000);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent("OpenAPI extraction failed");
  });

  it("reports a failed extraction job", async () => {
    const { user } = await startCrawling(
      crawlRoutes({
        "GET /api/crawl/crawl_1": { body: status(2, "completed") },
        "GET /api/crawl/extract/job/job_1": { body: { success: true, job: { status: "failed", specId: null, error: "No operations" } } },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Start Crawl (4 pages)" }));
    await tick(5000);
    await tick(5000);
    expect(await screen.findByRole("alert")).toHaveTextContent("OpenAPI extraction failed: No operations");
  });

  it("cancels a running crawl", async () => {
    const { user, calls } = await startCrawling(crawlRoutes({ "GET /api/crawl/crawl_1": { body: status(0) } }));
    await user.click(await screen.findByRole("button", { name: "Start Crawl (4 pages)" }));
    await screen.findByText("0 of 2 pages");
    await user.click(within(screen.getByRole("region", { name: "Crawl progress" })).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/crawl/crawl_1/cancel")).toBe(true);
    expect(await screen.findByRole("button", { name: "Start crawling" })).toBeEnabled();
    expect(screen.queryByText("0 of 2 pages")).not.toBeInTheDocument();
  });
});

describe("re-crawls on the deploy step", () => {
  /** Opens a crawled server's wizard at the Deploy step, with `routes` added to the API's answers. */
  async function openDeployStep(server: Partial<Server>, routes: WizardRoutes = {}) {
    const calls = mockWizardApi({
      ...createRoutes(),
      "GET /api/servers": ok([{ ...fx.activeServer, originalCrawlUrl: DOCS, ...server }]),
      "GET /api/access-tokens": ok([fx.token]),
      "POST /api/servers/srv_1/analyse-auth": ok(analysis),
      "GET /api/servers/srv_1/auth-config": ok(savedConfig),
      "GET /api/servers/srv_1/assigned-tokens": ok(["tok_1"]),
      ...routes,
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp("/servers");
    await user.click(await screen.findByRole("button", { name: "Configure Petstore" }));
    await user.click(await screen.findByRole("button", { name: /Deploy$/ }));
    return { user, calls };
  }

  it("restarts a crawl and polls it every 3 s until the tools are refreshed", async () => {
    const refresh = (state: string, error: string | null = null) => ({ ...status(2, "completed"), refresh: { status: state, error } });
    const { user, calls } = await openDeployStep(
      {},
      {
        "POST /api/servers/srv_1/restart-crawl": ok({ crawlId: "crawl_9", urlCount: 2 }),
        "GET /api/crawl/crawl_9": (_c, n) => ({
          body: [{ ...status(1), refresh: { status: "pending", error: null } }, refresh("pending"), refresh("done")][n],
        }),
      },
    );
    await user.click(await screen.findByRole("button", { name: "Restart Crawl" }));
    expect(await screen.findByText("Crawl restarted successfully! Processing 2 pages.")).toBeInTheDocument();
    await tick(3000);
    expect(await screen.findByText("1 of 2 pages")).toBeInTheDocument();
    // The crawl is over, but the toast waits for the tools to be refreshed from it.
    await tick(3000);
    expect(await screen.findByText("Refreshing the tools…")).toBeInTheDocument();
    expect(screen.queryByText(/Crawl completed successfully/)).not.toBeInTheDocument();
    await tick(3000);
    expect(
      await screen.findByText("Crawl completed successfully! Tools have been refreshed with the latest documentation."),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/crawl/crawl_9")).toHaveLength(3);
    expect(screen.queryByText("Refreshing the tools…")).not.toBeInTheDocument();
  });

  it("says why the tools were kept when the re-crawl could not refresh them", async () => {
    const kept = "The re-crawled pages documented no API endpoints, so the tools were kept as they were";
    const { user } = await openDeployStep(
      {},
      {
        "POST /api/servers/srv_1/restart-crawl": ok({ crawlId: "crawl_7", urlCount: 2 }),
        "GET /api/crawl/crawl_7": { body: { ...status(2, "completed"), refresh: { status: "failed", error: kept } } },
      },
    );
    await user.click(await screen.findByRole("button", { name: "Restart Crawl" }));
    await tick(3000);
    expect(await screen.findByText(kept)).toBeInTheDocument();
    expect(screen.queryByText("Refreshing the tools…")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Restart Crawl" })).toBeEnabled();
  });

  it("shows when the tools were last crawled and why the last re-crawl kept them", async () => {
    await openDeployStep({ lastCrawledAt: "2026-11-01T09:30:00.000Z", lastCrawlError: "The re-crawl failed: Site answered 500" });
    expect(await screen.findByText(/^Last crawled: /)).not.toHaveTextContent("Never");
    expect(screen.getByText("Last re-crawl: The re-crawl failed: Site answered 500")).toBeInTheDocument();
  });

  it("says a failed re-crawl with the spec's short form when the crawl gives no reason", async () => {
    const { user } = await openDeployStep(
      {},
      {
        "POST /api/servers/srv_1/restart-crawl": ok({ crawlId: "crawl_8", urlCount: 2 }),
        "GET /api/crawl/crawl_8": { body: status(0, "failed") },
      },
    );
    await user.click(await screen.findByRole("button", { name: "Restart Crawl" }));
    await tick(3000);
    expect(await screen.findByText("Crawl failed. Please try again.")).toBeInTheDocument();
  });
});
