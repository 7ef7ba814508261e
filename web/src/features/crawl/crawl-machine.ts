// The crawl flow's state machine: idle → mapping → selecting → crawling → generating → creating,
// back to idle on success (the server is handed on), cancel, or any failure (its message kept for the
// 'Crawl Failed' box). Answers name the crawl or job they belong to, so late ones are ignored.
import { NO_PAGES_MESSAGE, NOT_CONVERTIBLE_MESSAGE } from "@/api/messages";
import {
  CRAWL_POLL,
  CRAWL_TIMEOUT_MESSAGE,
  EXTRACT_POLL,
  EXTRACT_TIMEOUT_MESSAGE,
  type CrawlStatus,
  type ExtractionJob,
  type MapSource,
  type OpenApiOffer,
} from "@/api/crawl";

export type CrawlPhase = "idle" | "mapping" | "selecting" | "crawling" | "generating" | "creating";

export { NO_PAGES_MESSAGE, NOT_CONVERTIBLE_MESSAGE };

export type CrawlState = {
  phase: CrawlPhase;
  url: string;
  links: string[];
  openapi: OpenApiOffer | null;
  source: MapSource | null;
  usingOpenApi: boolean;
  openApiError: string | null;
  crawlId: string | null;
  status: CrawlStatus | null;
  /** Status polls made for this crawl (answered or failed). */
  crawlPolls: number;
  jobId: string | null;
  jobPolls: number;
  specId: string | null;
  messages: string[];
  progress: number;
  error: string | null;
};

export type CrawlEvent =
  | { type: "mapRequested"; url: string }
  | { type: "mapped"; links: string[]; openapi: OpenApiOffer | null; source: MapSource | null }
  | { type: "offerRequested" }
  | { type: "offerFailed"; error: string }
  | { type: "crawlRequested" }
  | { type: "crawlStarted"; crawlId: string; total: number; selected: string[] }
  | { type: "crawlStatus"; crawlId: string; status: CrawlStatus }
  | { type: "crawlPollFailed"; crawlId: string; fatal: string | null }
  | { type: "extractionStarted"; crawlId: string; jobId: string }
  | { type: "jobStatus"; jobId: string; job: ExtractionJob }
  | { type: "jobPollFailed"; jobId: string; fatal: string | null }
  | { type: "errorShown"; error: string | null }
  | { type: "reset"; error: string | null };

export const initialCrawlState: CrawlState = {
  phase: "idle",
  url: "",
  links: [],
  openapi: null,
  source: null,
  usingOpenApi: false,
  openApiError: null,
  crawlId: null,
  status: null,
  crawlPolls: 0,
  jobId: null,
  jobPolls: 0,
  specId: null,
  messages: [],
  progress: 0,
  error: null,
};

/** Back to the source step, keeping the URL typed and `error` for the 'Crawl Failed' box. */
const reset = (state: CrawlState, error: string | null): CrawlState => ({ ...initialCrawlState, url: state.url, error });

/** Polls (answered or failed) after which waiting stops with `message`. */
const crawlTimedOut = (state: CrawlState) => (state.crawlPolls >= CRAWL_POLL.maxAttempts ? reset(state, CRAWL_TIMEOUT_MESSAGE) : state);
const jobTimedOut = (state: CrawlState) => (state.jobPolls >= EXTRACT_POLL.maxAttempts ? reset(state, EXTRACT_TIMEOUT_MESSAGE) : state);

function onCrawlStatus(state: CrawlState, event: Extract<CrawlEvent, { type: "crawlStatus" }>): CrawlState {
  if (state.phase !== "crawling" || state.crawlId !== event.crawlId) return state;
  const next = { ...state, status: event.status, crawlPolls: state.crawlPolls + 1 };
  if (event.status.status === "failed") return reset(state, `Crawl failed: ${event.status.error || "Unknown error"}`);
  if (event.status.status === "completed") return { ...next, phase: "generating", messages: ["Analyzing crawled documentation..."] };
  return crawlTimedOut(next);
}

function onJobStatus(state: CrawlState, { jobId, job }: Extract<CrawlEvent, { type: "jobStatus" }>): CrawlState {
  if (state.phase !== "generating" || state.jobId !== jobId) return state;
  const jobPolls = state.jobPolls + 1;
  const next = { ...state, jobPolls, progress: Math.min(jobPolls * 2, 90) };
  // The job's "nothing API-like" outcome reads as the portal's own text for it, not as a failed extraction.
  if (job.status === "failed")
    return reset(state, job.error === NOT_CONVERTIBLE_MESSAGE ? job.error : `OpenAPI extraction failed: ${job.error || "Unknown error"}`);
  if (job.status === "completed") {
    if (!job.specId) return reset(state, "Failed to generate OpenAPI specification from crawled documentation");
    return { ...next, phase: "creating", progress: 100, specId: job.specId };
  }
  return jobTimedOut(next);
}

export function crawlReducer(state: CrawlState, event: CrawlEvent): CrawlState {
  switch (event.type) {
    case "mapRequested":
      return { ...state, url: event.url, error: null, phase: "mapping" };
    case "mapped":
      if (!event.links.length && !event.openapi) return reset(state, NO_PAGES_MESSAGE);
      return { ...state, phase: "selecting", links: event.links, openapi: event.openapi, source: event.source };
    case "offerRequested":
      return { ...state, usingOpenApi: true, openApiError: null };
    case "offerFailed":
      return { ...state, usingOpenApi: false, openApiError: event.error };
    case "crawlRequested":
      return { ...state, phase: "crawling" };
    case "crawlStarted": {
      if (state.phase !== "crawling") return state;
      // Until the first answer, the selected pages shown pending, in the answer's own shape.
      const pageDetails = event.selected.map((url) => ({ url, status: "pending" as const, title: null }));
      const status: CrawlStatus = {
        success: true,
        status: "crawling",
        completed: 0,
        total: event.total,
        pageDetails,
        currentProcessing: { currentUrl: null, errorCount: 0 },
        selectedUrls: event.selected,
        error: null,
        refresh: null,
      };
      return { ...state, crawlId: event.crawlId, crawlPolls: 0, status };
    }
    case "crawlStatus":
      return onCrawlStatus(state, event);
    case "crawlPollFailed":
      if (state.phase !== "crawling" || state.crawlId !== event.crawlId) return state;
      // A 401 or a vanished crawl will not get better by asking again; anything else is retried at the next poll.
      return event.fatal ? reset(state, event.fatal) : crawlTimedOut({ ...state, crawlPolls: state.crawlPolls + 1 });
    case "extractionStarted": {
      if (state.phase !== "generating" || state.crawlId !== event.crawlId) return state;
      const pages = state.status?.completed ?? 0;
      return {
        ...state,
        jobId: event.jobId,
        jobPolls: 0,
        messages: [`Successfully crawled ${pages} pages`, "Now analyzing content to generate OpenAPI specification..."],
      };
    }
    case "jobStatus":
      return onJobStatus(state, event);
    case "jobPollFailed":
      if (state.phase !== "generating" || state.jobId !== event.jobId) return state;
      return event.fatal ? reset(state, event.fatal) : jobTimedOut({ ...state, jobPolls: state.jobPolls + 1 });
    case "errorShown":
      return { ...state, error: event.error };
    case "reset":
      return reset(state, event.error);
  }
}
