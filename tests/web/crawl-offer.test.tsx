// A documentation site that publishes its own OpenAPI description: the wizard offers it before the
// page list; using it creates the server from that URL, or the pages are crawled anyway.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "./helpers";
import { createRoutes, fail, mockWizardApi, newServer, type WizardRoutes } from "./wizard-fixtures";

const DOCS = "https://docs.example.com";
const SPEC = `${DOCS}/api/openapi.yaml`;
const links = [`${DOCS}/`, `${DOCS}/reference`, `${DOCS}/guide`];
const openapi = { url: SPEC, title: "Notes API", operationCount: 4 };
const OFFER = "This site publishes an OpenAPI description";

const routes = (overrides: WizardRoutes = {}): WizardRoutes => ({
  ...createRoutes(),
  "POST /api/crawl/map": { body: { success: true, links, openapi, source: "links" } },
  "POST /api/crawl/crawl": { body: { success: true, crawlId: "crawl_1", total: 3 } },
  "GET /api/crawl/crawl_1": { body: { success: true, status: "crawling", completed: 0, total: 3, pageDetails: [] } },
  ...overrides,
});

async function mapSite(overrides: WizardRoutes = {}) {
  const calls = mockWizardApi(routes(overrides));
  const user = userEvent.setup();
  renderApp("/servers");
  await user.click(await screen.findByRole("button", { name: "Add Server" }));
  await user.click(await screen.findByRole("button", { name: /Crawl Documentation/ }));
  await user.type(screen.getByLabelText("Name (optional)"), "Notes");
  await user.type(screen.getByLabelText("Documentation URL"), DOCS);
  await user.click(screen.getByRole("button", { name: "Start crawling" }));
  const offer = await screen.findByRole("dialog", { name: OFFER });
  return { user, calls, offer: within(offer) };
}

describe("the site's own OpenAPI description", () => {
  it("is offered with its URL and operation count, and using it creates the server from that URL as the OpenAPI source does", async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    const { user, calls, offer } = await mapSite({
      "POST /api/servers": () => new Promise((resolve) => (answer = resolve)),
    });
    expect(offer.getByText("Notes API")).toBeInTheDocument();
    expect(offer.getByText("4 operations")).toBeInTheDocument();
    expect(offer.getByRole("link", { name: SPEC })).toHaveAttribute("href", SPEC);
    await user.click(offer.getByRole("button", { name: "Use this description" }));
    expect(await offer.findByRole("button", { name: "Creating server..." })).toBeDisabled();
    expect(offer.getByRole("button", { name: "Crawl 3 pages anyway" })).toBeDisabled();
    expect(calls.filter((c) => c.path === "/api/servers" && c.method === "POST").map((c) => c.body)).toEqual([
      { url: SPEC, name: "Notes" },
    ]);
    answer({ status: 201, body: { success: true, data: newServer } });
    expect(await screen.findByText("Detected authentication")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/crawl/crawl" || c.path === "/api/servers/from-spec")).toBe(false);
  });

  it("can be passed over to crawl the pages anyway", async () => {
    const { user, calls, offer } = await mapSite();
    await user.click(offer.getByRole("button", { name: "Crawl 3 pages anyway" }));
    const selection = within(await screen.findByRole("dialog", { name: "Select pages to crawl" }));
    await user.click(selection.getByRole("button", { name: "Start Crawl (3 pages)" }));
    expect(calls.find((c) => c.path === "/api/crawl/crawl")!.body).toEqual({ url: DOCS, selectedUrls: links });
    expect(calls.some((c) => c.path === "/api/servers" && c.method === "POST")).toBe(false);
  });

  it("stays offered with the refusal when the description cannot be imported, and the pages can still be crawled", async () => {
    const refusal = "The description has no 'paths': there are no operations to import";
    const { user, offer } = await mapSite({ "POST /api/servers": fail(400, refusal) });
    await user.click(offer.getByRole("button", { name: "Use this description" }));
    expect(await offer.findByRole("alert")).toHaveTextContent(refusal);
    expect(offer.getByRole("button", { name: "Use this description" })).toBeEnabled();
    await user.click(offer.getByRole("button", { name: "Crawl 3 pages anyway" }));
    expect(await screen.findByRole("dialog", { name: "Select pages to crawl" })).toBeInTheDocument();
  });

  it("is offered alone when the site has a description but no pages to crawl", async () => {
    const { offer } = await mapSite({ "POST /api/crawl/map": { body: { success: true, links: [], openapi, source: "links" } } });
    expect(offer.getByRole("button", { name: "Crawl 0 pages anyway" })).toBeDisabled();
    expect(offer.getByRole("button", { name: "Use this description" })).toBeEnabled();
  });

  it("says the pages come from llms.txt when they do, with no offer when there is no description", async () => {
    const mdLinks = [`${DOCS}/guide.md`, `${DOCS}/reference.md`];
    mockWizardApi(routes({ "POST /api/crawl/map": { body: { success: true, links: mdLinks, openapi: null, source: "llms.txt" } } }));
    const user = userEvent.setup();
    renderApp("/servers");
    await user.click(await screen.findByRole("button", { name: "Add Server" }));
    await user.click(await screen.findByRole("button", { name: /Crawl Documentation/ }));
    await user.type(screen.getByLabelText("Documentation URL"), DOCS);
    await user.click(screen.getByRole("button", { name: "Start crawling" }));
    const selection = await screen.findByRole("dialog", { name: "Select pages to crawl" });
    expect(selection).toHaveTextContent("Listed by the site's llms.txt");
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
  });
});
