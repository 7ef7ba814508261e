// The crawl flow: the state machine of ./crawl-machine driven by the API. While crawling, React Query
// polls the crawl's status every 5 s; the extraction job is polled the same way.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useEffect, useReducer, useRef } from "react";
import { toast } from "sonner";
import { ApiError, errorMessage } from "@/api/client";
import {
  cancelCrawl,
  CRAWL_POLL,
  EXTRACT_POLL,
  getCrawlStatus,
  getExtractionJob,
  mapSite,
  startCrawl,
  startExtraction,
  type MapSource,
  type OpenApiOffer,
} from "@/api/crawl";
import { createServer, createServerFromSpec, serversQuery, type Server } from "@/api/servers";
import {
  type CrawlEvent,
  crawlReducer,
  type CrawlState,
  initialCrawlState,
  NO_PAGES_MESSAGE,
  NOT_CONVERTIBLE_MESSAGE,
} from "./crawl-machine";

export { NOT_CONVERTIBLE_MESSAGE };
export type { CrawlPhase } from "./crawl-machine";
export type CrawlFlow = ReturnType<typeof useCrawlFlow>;
/** What the map found beside the pages: the site's own description, offered as the exact source. */
export type Discovery = {
  openapi: OpenApiOffer | null;
  source: MapSource | null;
  pending: boolean;
  error: string | null;
  onUse: () => void;
};

const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : "Unknown error");
/** A poll failure that asking again will not mend (signed out, or the crawl or job is gone); null for one to retry. */
const fatal = (error: unknown) => (error instanceof ApiError && (error.status === 401 || error.status === 404) ? reason(error) : null);

/** Polling of a job's status with React Query: no read on start, one every `intervalMs` while enabled. */
const pollOptions = (intervalMs: number, enabled: boolean) =>
  ({
    enabled,
    initialData: null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: true,
  }) as const;

export function useCrawlFlow({ onCreated }: { onCreated: (server: Server) => void }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(crawlReducer, initialCrawlState);
  const meta = useRef<{ name?: string; description?: string }>({});
  // Each crawl's extraction and each spec's server are requested once, whatever renders happen.
  const requested = useRef(new Set<string>());
  const { phase, crawlId } = state;

  /** Maps the documentation URL and opens the page selection. */
  const begin = async (docUrl: string, details: { name?: string; description?: string } = {}) => {
    if (!docUrl.trim()) return dispatch({ type: "errorShown", error: "Please provide documentation URL to crawl" });
    meta.current = Object.fromEntries(
      Object.entries(details)
        .filter(([, v]) => v?.trim())
        .map(([k, v]) => [k, v!.trim()]),
    );
    dispatch({ type: "mapRequested", url: docUrl.trim() });
    try {
      dispatch({ type: "mapped", ...(await mapSite(docUrl.trim())) });
    } catch (e) {
      // An empty site and a plan's server limit are said as the portal writes them.
      const why = reason(e);
      const plain = why === NO_PAGES_MESSAGE || (e instanceof ApiError && e.status === 403);
      dispatch({ type: "reset", error: plain ? why : `Failed to map documentation: ${why}` });
    }
  };

  /** Creates the server from the site's own description, as the OpenAPI-URL source does; a refusal stays in the dialog. */
  const acceptOpenApi = async () => {
    if (!state.openapi || state.usingOpenApi) return;
    dispatch({ type: "offerRequested" });
    let server: Server;
    try {
      server = await createServer({ url: state.openapi.url, ...meta.current });
    } catch (e) {
      return dispatch({ type: "offerFailed", error: errorMessage(e, "Failed to create server") });
    }
    await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
    dispatch({ type: "reset", error: null });
    onCreated(server);
  };

  /** Crawls the chosen pages; the spec and the server follow as the crawl's status allows. */
  const crawl = async (selected: string[]) => {
    dispatch({ type: "crawlRequested" });
    try {
      const started = await startCrawl(state.url, selected);
      if (!started?.crawlId) return dispatch({ type: "reset", error: "Failed to start crawl - no crawl ID returned" });
      const total = started.total ?? selected.length;
      dispatch({ type: "crawlStarted", crawlId: started.crawlId, total, selected });
      toast.success(`Crawl started! Processing ${total} pages...`);
    } catch (e) {
      dispatch({ type: "reset", error: `Failed to start crawl: ${reason(e)}` });
    }
  };

  useCrawlWatch(state, dispatch);
  useExtraction(state, dispatch, requested.current);
  useServerFromSpec(state, dispatch, requested.current, meta, onCreated);

  /** Cancels a running crawl; the flow goes back to the source step. */
  const cancel = async () => {
    if (!crawlId) return dispatch({ type: "reset", error: null });
    dispatch({ type: "reset", error: null });
    try {
      await cancelCrawl(crawlId);
    } catch (e) {
      dispatch({ type: "reset", error: `Failed to cancel crawl: ${errorMessage(e, "Unknown error")}` });
    }
  };

  const setError = useCallback((error: string | null) => dispatch({ type: "errorShown", error }), []);
  const discovery: Discovery = {
    openapi: state.openapi,
    source: state.source,
    pending: state.usingOpenApi,
    error: state.openApiError,
    onUse: acceptOpenApi,
  };
  return {
    phase,
    url: state.url,
    links: state.links,
    discovery,
    status: state.status,
    messages: state.messages,
    progress: state.progress,
    error: state.error,
    setError,
    begin,
    crawl,
    cancel,
    closeSelection: () => dispatch({ type: "reset", error: null }),
  };
}

type Dispatch = (event: CrawlEvent) => void;

/** Follows a running crawl: its status polled every 5 s. */
function useCrawlWatch({ phase, crawlId }: CrawlState, dispatch: Dispatch) {
  const crawling = phase === "crawling" && crawlId !== null;
  useQuery({
    queryKey: ["crawl-status", crawlId],
    queryFn: async () => {
      try {
        const status = await getCrawlStatus(crawlId!);
        dispatch({ type: "crawlStatus", crawlId: crawlId!, status });
        return status;
      } catch (e) {
        dispatch({ type: "crawlPollFailed", crawlId: crawlId!, fatal: fatal(e) });
        throw e;
      }
    },
    ...pollOptions(CRAWL_POLL.intervalMs, crawling),
  });
}

/** Once the crawl is over, starts its extraction job (once per crawl) and polls the job. */
function useExtraction({ phase, crawlId, jobId }: CrawlState, dispatch: Dispatch, requested: Set<string>) {
  useEffect(() => {
    if (phase !== "generating" || !crawlId || jobId || requested.has(crawlId)) return;
    requested.add(crawlId);
    startExtraction(crawlId).then(
      (answer) =>
        answer?.jobId
          ? dispatch({ type: "extractionStarted", crawlId, jobId: answer.jobId })
          : dispatch({ type: "reset", error: "Failed to start OpenAPI extraction job" }),
      (e) => {
        const error =
          e instanceof ApiError && e.status === 400 ? NOT_CONVERTIBLE_MESSAGE : `Failed to generate OpenAPI specification: ${reason(e)}`;
        dispatch({ type: "reset", error });
      },
    );
  }, [phase, crawlId, jobId, dispatch, requested]);

  useQuery({
    queryKey: ["extraction-job", jobId],
    queryFn: async () => {
      try {
        const job = await getExtractionJob(jobId!);
        dispatch({ type: "jobStatus", jobId: jobId!, job });
        return job;
      } catch (e) {
        dispatch({ type: "jobPollFailed", jobId: jobId!, fatal: fatal(e) });
        throw e;
      }
    },
    ...pollOptions(EXTRACT_POLL.intervalMs, phase === "generating" && jobId !== null),
  });
}

/** Once the spec is ready, creates the server from it (once per spec) and hands it on. */
function useServerFromSpec(
  { phase, specId }: CrawlState,
  dispatch: Dispatch,
  requested: Set<string>,
  meta: RefObject<{ name?: string; description?: string }>,
  onCreated: (server: Server) => void,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (phase !== "creating" || !specId || requested.has(specId)) return;
    requested.add(specId);
    void (async () => {
      let server: Server;
      try {
        server = await createServerFromSpec({ specId, ...meta.current });
      } catch (e) {
        return dispatch({ type: "reset", error: `Failed to create server from specification: ${reason(e)}` });
      }
      await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
      dispatch({ type: "reset", error: null });
      onCreated(server);
    })();
  }, [phase, specId, queryClient, onCreated, dispatch, requested, meta]);
}
