// The crawl flow: map → page selection (or the site's own OpenAPI description) → crawl
// (live updates, polling) → extraction job → server from the spec. Any failure resets the flow and
// keeps the message for the 'Crawl Failed' box.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError, errorMessage } from "@/api/client";
import {
  cancelCrawl,
  CRAWL_POLL,
  CRAWL_TIMEOUT_MESSAGE,
  EXTRACT_POLL,
  EXTRACT_TIMEOUT_MESSAGE,
  getCrawlStatus,
  getExtractionJob,
  mapSite,
  poll,
  startCrawl,
  startExtraction,
  type CrawlStatus,
  type MapSource,
  type OpenApiOffer,
} from "@/api/crawl";
import { createServer, createServerFromSpec, serversQuery, type Server } from "@/api/servers";
import { subscribeCrawl } from "@/api/crawl-live";

const NO_PAGES_MESSAGE = "No pages found at the provided URL";

export type CrawlPhase = "idle" | "mapping" | "selecting" | "crawling" | "generating" | "creating";
export type CrawlFlow = ReturnType<typeof useCrawlFlow>;
/** What the map found beside the pages: the site's own description, offered as the exact source. */
export type Discovery = { openapi: OpenApiOffer | null; source: MapSource | null; pending: boolean; error: string | null; onUse: () => void };

export const NOT_CONVERTIBLE_MESSAGE =
  "The crawled content could not be converted to an OpenAPI specification. Please ensure the documentation contains API endpoint information.";

class FlowError extends Error {}
const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";
const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : "Unknown error");



export function useCrawlFlow({ onCreated }: { onCreated: (server: Server) => void }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<CrawlPhase>("idle");
  const [url, setUrl] = useState("");
  const [links, setLinks] = useState<string[]>([]);
  const [openapi, setOpenapi] = useState<OpenApiOffer | null>(null);
  const [source, setSource] = useState<MapSource | null>(null);
  const [usingOpenApi, setUsingOpenApi] = useState(false);
  const [openApiError, setOpenApiError] = useState<string | null>(null);
  const [status, setStatus] = useState<CrawlStatus | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const crawlId = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const meta = useRef<{ name?: string; description?: string }>({});

  const stop = () => {
    abort.current?.abort();
    abort.current = null;
  };
  useEffect(() => stop, []);

  const reset = useCallback((message: string | null) => {
    stop();
    crawlId.current = null;
    setPhase("idle");
    setLinks([]);
    setOpenapi(null);
    setSource(null);
    setUsingOpenApi(false);
    setOpenApiError(null);
    setStatus(null);
    setMessages([]);
    setProgress(0);
    setError(message);
  }, []);

  /** Maps the documentation URL and opens the page selection. */
  const begin = async (docUrl: string, details: { name?: string; description?: string } = {}) => {
    if (!docUrl.trim()) return setError("Please provide documentation URL to crawl");
    meta.current = Object.fromEntries(Object.entries(details).filter(([, v]) => v?.trim()).map(([k, v]) => [k, v!.trim()]));
    setUrl(docUrl.trim());
    setError(null);
    setPhase("mapping");
    try {
      const found = await mapSite(docUrl.trim());
      if (!found.links.length && !found.openapi) return reset(NO_PAGES_MESSAGE);
      setLinks(found.links);
      setOpenapi(found.openapi);
      setSource(found.source);
      setPhase("selecting");
    } catch (e) {
      // An empty site (the spec's own message) and a plan's server limit are said as the portal writes them.
      const why = reason(e);
      const plain = why === NO_PAGES_MESSAGE || (e instanceof ApiError && e.status === 403);
      reset(plain ? why : `Failed to map documentation: ${why}`);
    }
  };

  /** Creates the server from the site's own description, as the OpenAPI-URL source does; a refusal stays in the dialog. */
  const acceptOpenApi = async () => {
    if (!openapi || usingOpenApi) return;
    setUsingOpenApi(true);
    setOpenApiError(null);
    let server: Server;
    try {
      server = await createServer({ url: openapi.url, ...meta.current });
    } catch (e) {
      setUsingOpenApi(false);
      return setOpenApiError(errorMessage(e, "Failed to create server"));
    }
    await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
    reset(null);
    onCreated(server);
  };

  /** Crawls the chosen pages, then generates the spec and creates the server. */
  const crawl = async (selected: string[]) => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase("crawling");
    let id: string;
    try {
      const started = await startCrawl(url, selected);
      if (!started?.crawlId) return reset("Failed to start crawl - no crawl ID returned");
      id = started.crawlId;
      crawlId.current = id;
      setStatus({ status: "crawling", completed: 0, total: started.total ?? selected.length, pageDetails: selected.map((u) => ({ url: u, status: "pending" })) });
      toast.success(`Crawl started! Processing ${started.total ?? selected.length} pages...`);
    } catch (e) {
      return reset(`Failed to start crawl: ${reason(e)}`);
    }
    // Pushed statuses render (and finish the crawl) at once; polling runs beside them every 5 s, as the
    // fallback when the socket is missing or drops, and to give up after 120 polls.
    const polling = new AbortController();
    controller.signal.addEventListener("abort", () => polling.abort(), { once: true });
    const onStatus = (s: CrawlStatus) => {
      setStatus(s);
      if (s.status === "failed") throw new FlowError(`Crawl failed: ${s.error || "Unknown error"}`);
      return s.status === "completed";
    };
    let settle!: { resolve: (s: CrawlStatus) => void; reject: (e: unknown) => void };
    const pushed = new Promise<CrawlStatus>((resolve, reject) => (settle = { resolve, reject }));
    const unsubscribe = subscribeCrawl(id, (s) => {
      if (controller.signal.aborted) return;
      try {
        if (onStatus(s)) settle.resolve(s);
      } catch (e) {
        settle.reject(e);
      }
    });
    const polled = poll(() => getCrawlStatus(id), { ...CRAWL_POLL, signal: polling.signal, timeoutMessage: CRAWL_TIMEOUT_MESSAGE, onValue: onStatus });
    const stopWatching = () => {
      unsubscribe?.();
      polling.abort();
      // The loser of the race ends with an abort or a late status: nothing to report.
      polled.catch(() => {});
      pushed.catch(() => {});
    };
    try {
      const done = await Promise.race([polled, pushed]).finally(stopWatching);
      await generate(id, done.completed, controller.signal);
    } catch (e) {
      if (isAbort(e)) return;
      reset(reason(e));
    }
  };

  const generate = async (id: string, pages: number, signal: AbortSignal) => {
    setPhase("generating");
    setMessages(["Analyzing crawled documentation..."]);
    let jobId: string | undefined;
    try {
      jobId = (await startExtraction(id))?.jobId;
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) throw new FlowError(NOT_CONVERTIBLE_MESSAGE);
      throw new FlowError(`Failed to generate OpenAPI specification: ${reason(e)}`);
    }
    if (!jobId) throw new FlowError("Failed to start OpenAPI extraction job");
    setMessages([`Successfully crawled ${pages} pages`, "Now analyzing content to generate OpenAPI specification..."]);
    const job = await poll(() => getExtractionJob(jobId), {
      ...EXTRACT_POLL,
      signal,
      timeoutMessage: EXTRACT_TIMEOUT_MESSAGE,
      onValue: (j, attempt) => {
        setProgress(Math.min(attempt * 2, 90));
        // The job's "nothing API-like" outcome reads as the spec's text for HTTP 400, not as a failed extraction.
        if (j.status === "failed") throw new FlowError(j.error === NOT_CONVERTIBLE_MESSAGE ? j.error : `OpenAPI extraction failed: ${j.error || "Unknown error"}`);
        return j.status === "completed";
      },
    });
    if (!job.specId) throw new FlowError("Failed to generate OpenAPI specification from crawled documentation");
    setPhase("creating");
    setProgress(100);
    let server: Server;
    try {
      server = await createServerFromSpec({ specId: job.specId, ...meta.current });
    } catch (e) {
      throw new FlowError(`Failed to create server from specification: ${reason(e)}`);
    }
    await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
    reset(null);
    onCreated(server);
  };

  /** Cancels a running crawl; the flow goes back to the source step. */
  const cancel = async () => {
    const id = crawlId.current;
    stop();
    if (!id) return reset(null);
    try {
      await cancelCrawl(id);
      reset(null);
    } catch (e) {
      reset(`Failed to cancel crawl: ${errorMessage(e, "Unknown error")}`);
    }
  };

  const discovery: Discovery = { openapi, source, pending: usingOpenApi, error: openApiError, onUse: acceptOpenApi };
  return { phase, url, links, discovery, status, messages, progress, error, setError, begin, crawl, cancel, closeSelection: () => reset(null) };
}
