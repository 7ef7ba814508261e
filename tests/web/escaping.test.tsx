// Text from imported descriptions and crawled pages is shown as text, never as markup: a server's
// name and description on its card, and crawled page titles and URLs in the crawl progress.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CrawlStatus } from "@/api/crawl";
import { CrawlProgress } from "@/features/crawl/crawl-progress";
import * as fx from "./fixtures";
import { mockApi, ok, renderApp } from "./helpers";

const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;
const injected = (root: HTMLElement) => root.querySelectorAll("img[src='x'], script, iframe");

describe("escaping", () => {
  it("shows an imported server's name and description as text on its card", async () => {
    mockApi({
      "GET /api/auth/profile": ok(fx.user),
      "GET /api/access-tokens": ok([fx.token]),
      "GET /api/servers": ok([{ ...fx.activeServer, name: `API ${HOSTILE}`, description: `Docs ${HOSTILE}` }]),
      "GET /api/billing/usage/servers": ok({}),
    });
    const { container } = renderApp("/servers");
    expect(await screen.findByText(`API ${HOSTILE}`)).toBeInTheDocument();
    expect(screen.getByText(`Docs ${HOSTILE}`)).toBeInTheDocument();
    expect(injected(container)).toHaveLength(0);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("shows crawled page titles as text and never links a script URL", () => {
    const status: CrawlStatus = {
      success: true,
      status: "crawling",
      completed: 1,
      total: 2,
      pageDetails: [
        { url: "https://docs.example.com/a", status: "completed", title: `Notes ${HOSTILE}` },
        { url: "javascript:window.__pwned=3", status: "pending", title: null },
      ],
      currentProcessing: { currentUrl: "https://docs.example.com/b", errorCount: 0 },
      selectedUrls: ["https://docs.example.com/a", "javascript:window.__pwned=3"],
      error: null,
      refresh: null,
    };
    const { container } = render(<CrawlProgress phase="crawling" status={status} messages={[]} progress={50} onCancel={() => {}} />);
    expect(screen.getByText(`Notes ${HOSTILE}`)).toBeInTheDocument();
    expect(injected(container)).toHaveLength(0);
    for (const link of container.querySelectorAll("a")) expect(link.getAttribute("href")).not.toBe("javascript:window.__pwned=3");
  });
});
