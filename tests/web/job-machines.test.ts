// The deploy and crawl flows' state machines on their own: late answers of an older run, crawl or
// job are ignored, each poll's progress shows, and waiting ends after the last poll.
import { describe, expect, it } from "vitest";
import type { CrawlStatus, ExtractionJob } from "@/api/crawl";
import type { DeploymentView } from "@/api/deployment";
import { crawlReducer, initialCrawlState, type CrawlEvent, type CrawlState } from "@/features/crawl/crawl-machine";
import { deployReducer, initialDeployState, TIMEOUT_MESSAGE, type DeployEvent, type DeployState } from "@/features/deploy/deploy-machine";

const view = (deploymentId: string, status: DeploymentView["status"], log: string[] = []): DeploymentView => ({
  id: deploymentId,
  deploymentId,
  provider: "loader",
  activeDeploymentId: null,
  redeployNeeded: false,
  status,
  deploymentUrl: null,
  mcpUrl: null,
  error: status === "failed" ? "Upload refused" : null,
  updatedAt: "2026-11-02T10:00:00.000Z",
  cloudflareDeploymentId: null,
  cloudflareProjectId: null,
  startedAt: "2026-11-02T10:00:00.000Z",
  log: log.map((message) => ({ at: "2026-11-02T10:00:00.000Z", message })),
});
const deployAll = (events: DeployEvent[], from: DeployState = initialDeployState(0)) => events.reduce(deployReducer, from);
const crawlAll = (events: CrawlEvent[], from: CrawlState = initialCrawlState) => events.reduce(crawlReducer, from);

describe("deploy machine", () => {
  it("ignores the answers of an older run", () => {
    const state = deployAll([
      { type: "opened", run: 1, now: 0 },
      { type: "deployRequested", run: 2, now: 0 },
      { type: "loaded", run: 1, view: view("dep_1", "deployed"), now: 0 },
      { type: "deployAnswered", run: 2, view: view("dep_2", "deploying") },
    ]);
    expect(state).toMatchObject({ step: "deploying", requesting: false, view: { deploymentId: "dep_2" } });
  });

  it("takes a finished poll for the previous deployment while the deploy call is in flight", () => {
    const inFlight = deployAll([
      { type: "deployRequested", run: 1, now: 0 },
      { type: "polled", run: 1, view: view("dep_1", "deployed") },
    ]);
    expect(inFlight).toMatchObject({ step: "deploying", polls: 1 });
    const answered = deployAll(
      [
        { type: "deployAnswered", run: 1, view: view("dep_2", "deploying") },
        { type: "polled", run: 1, view: view("dep_2", "failed") },
      ],
      inFlight,
    );
    expect(answered).toMatchObject({ step: "config", error: "Upload refused", finished: 1 });
  });

  it("shows the progress log of each poll of the deployment under way, and nothing of an older run", () => {
    const running = deployAll([
      { type: "opened", run: 1, now: 0 },
      { type: "loaded", run: 1, view: view("dep_2", "deploying", ["Deployment started"]), now: 0 },
    ]);
    const polled = (run: number, log: string[]): DeployEvent => ({ type: "polled", run, view: view("dep_2", "deploying", log) });
    expect(deployAll([polled(1, ["Deployment started", "Uploading"])], running).view!.log.map((l) => l.message)).toEqual([
      "Deployment started",
      "Uploading",
    ]);
    expect(deployAll([polled(0, ["Other"])], running)).toBe(running);
  });

  it("stops waiting after the last poll with the time-out message, failed polls included", () => {
    const running = deployAll([
      { type: "opened", run: 1, now: 0 },
      { type: "loaded", run: 1, view: view("dep_2", "deploying"), now: 0 },
    ]);
    const polls: DeployEvent[] = Array.from({ length: 180 }, (_, i) =>
      i % 3 ? { type: "polled", run: 1, view: view("dep_2", "deploying") } : { type: "pollFailed", run: 1 },
    );
    expect(deployAll(polls.slice(0, 179), running)).toMatchObject({ step: "deploying", polls: 179 });
    expect(deployAll(polls, running)).toMatchObject({ step: "config", error: TIMEOUT_MESSAGE });
  });
});

describe("crawl machine", () => {
  const crawling = crawlAll([
    { type: "mapRequested", url: "https://docs.example.com" },
    { type: "mapped", links: ["https://docs.example.com/a"], openapi: null, source: "links" },
    { type: "crawlRequested" },
    { type: "crawlStarted", crawlId: "c1", total: 1, selected: ["https://docs.example.com/a"] },
  ]);
  const status = (state: CrawlStatus["status"], completed = 0): CrawlStatus => ({
    success: true,
    status: state,
    completed,
    total: 1,
    pageDetails: [],
    currentProcessing: { currentUrl: null, errorCount: 0 },
    selectedUrls: ["https://docs.example.com/a"],
    error: state === "failed" ? "Site answered 500" : null,
    refresh: null,
  });
  const job = (state: ExtractionJob["status"], extra: Partial<ExtractionJob> = {}): ExtractionJob => ({
    status: state,
    specId: null,
    error: null,
    skippedPages: [],
    ...extra,
  });

  it("ignores the status of another crawl, and counts answered and failed polls toward the limit", () => {
    expect(crawlAll([{ type: "crawlStatus", crawlId: "c0", status: status("completed", 1) }], crawling)).toBe(crawling);
    expect(crawlAll([{ type: "crawlStatus", crawlId: "c1", status: status("crawling") }], crawling).crawlPolls).toBe(1);
    const polls: CrawlEvent[] = Array.from({ length: 120 }, (_, i) =>
      i % 2 ? { type: "crawlPollFailed", crawlId: "c1", fatal: null } : { type: "crawlStatus", crawlId: "c1", status: status("crawling") },
    );
    expect(crawlAll(polls, crawling)).toMatchObject({
      phase: "idle",
      error: "Crawl timed out after 10 minutes. Please try again or use a smaller documentation site.",
      url: "https://docs.example.com",
    });
  });

  it("goes from a completed crawl to the extraction job, then to the server's creation", () => {
    const generating = crawlAll([{ type: "crawlStatus", crawlId: "c1", status: status("completed", 1) }], crawling);
    expect(generating).toMatchObject({ phase: "generating", messages: ["Analyzing crawled documentation..."] });
    const started = crawlAll([{ type: "extractionStarted", crawlId: "c1", jobId: "j1" }], generating);
    expect(started.messages).toEqual(["Successfully crawled 1 pages", "Now analyzing content to generate OpenAPI specification..."]);
    const done = crawlAll(
      [
        { type: "jobStatus", jobId: "j1", job: job("processing") },
        { type: "jobStatus", jobId: "j1", job: job("completed", { specId: "s1" }) },
      ],
      started,
    );
    expect(done).toMatchObject({ phase: "creating", specId: "s1", progress: 100 });
  });

  it("resets with the reason: a failed crawl, a poll that cannot succeed, a failed job", () => {
    expect(crawlAll([{ type: "crawlStatus", crawlId: "c1", status: status("failed") }], crawling)).toMatchObject({
      phase: "idle",
      error: "Crawl failed: Site answered 500",
    });
    expect(crawlAll([{ type: "crawlPollFailed", crawlId: "c1", fatal: "Crawl not found" }], crawling)).toMatchObject({
      phase: "idle",
      error: "Crawl not found",
    });
    const generating = crawlAll(
      [
        { type: "crawlStatus", crawlId: "c1", status: status("completed", 1) },
        { type: "extractionStarted", crawlId: "c1", jobId: "j1" },
      ],
      crawling,
    );
    expect(crawlAll([{ type: "jobStatus", jobId: "j1", job: job("failed", { error: "No operations" }) }], generating)).toMatchObject({
      phase: "idle",
      error: "OpenAPI extraction failed: No operations",
    });
  });
});
