// Crawling (under /api/crawl): map, crawl, status (polled), cancel, extraction jobs.
import { createRoute, z } from "@hono/zod-openapi";
import { cancelCrawl, getCrawlStatus, MAX_CRAWL_PAGES, startCrawl } from "./crawls";
import { getExtractionJob, startExtraction } from "./jobs";
import { mapSite } from "./map";
import { crawlCancelled, crawlStarted, crawlStatus, extractionJobAnswer, extractionStarted, mapAnswer } from "./schemas";
import { NO_PAGES_MESSAGE, NO_URL_MESSAGE } from "../lib/messages";
import { describedRoutes, errors, json } from "../lib/openapi";
import { assertServerAllowed } from "../servers/create";

export { NO_URL_MESSAGE };

const url = z.string({ error: NO_URL_MESSAGE }).trim().min(1, NO_URL_MESSAGE).max(2048);
export const idParam = z.object({ id: z.string().min(1).max(100) });
const crawlId = z.object({ id: idParam.shape.id.describe("The crawl's id") });
export const mapBody = z.object({ url, includeSubdomains: z.boolean().optional() });
export const crawlBody = z.object({
  url,
  selectedUrls: z.array(z.string().max(2048)).max(1000).optional(),
  limit: z.number().int().min(1).max(MAX_CRAWL_PAGES).optional(),
});
const tag = ["Crawling"];
const serverLimit = { 403: "Server limit reached (a crawl makes a new server)" } as const;
const crawlNotFound = { 404: "Crawl not found" } as const;

export const crawlRoutes = describedRoutes()
  // A crawl from here makes a new server: an organization at its plan's maxServers is told before the site is crawled.
  .openapi(
    createRoute({
      method: "post",
      path: "/map",
      operationId: "map_docs_site",
      tags: tag,
      summary:
        "List the pages of a documentation site (llms.txt, sitemap, robots.txt, links) and find the OpenAPI description it publishes",
      request: { body: { required: true, content: { "application/json": { schema: mapBody } } } },
      responses: { 200: json(mapAnswer, "The pages found"), ...errors({ 400: NO_URL_MESSAGE, ...serverLimit, 404: NO_PAGES_MESSAGE }) },
    }),
    async (c) => {
      await assertServerAllowed(c.var.db, c.var.organizationId);
      const { url, includeSubdomains } = c.req.valid("json");
      // The pages found (links) beside the site's own description (openapi) and where the links came from (source).
      const { links, openapi, source } = await mapSite(c.env, url, { includeSubdomains: includeSubdomains ?? true });
      return c.json({ success: true as const, links, openapi, source }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/crawl",
      operationId: "start_crawl",
      tags: tag,
      summary: "Start crawling documentation pages (the selection, else the mapped site)",
      request: { body: { required: true, content: { "application/json": { schema: crawlBody } } } },
      responses: {
        200: json(crawlStarted, "The crawl started"),
        ...errors({ 400: "No URL, or no pages to crawl", ...serverLimit, 404: "No pages found at the provided URL" }),
      },
    }),
    async (c) => {
      await assertServerAllowed(c.var.db, c.var.organizationId);
      const { crawlId, total } = await startCrawl(c.var.db, c.env, { organizationId: c.var.organizationId, ...c.req.valid("json") });
      return c.json({ success: true as const, crawlId, total }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/extract/job/{id}",
      operationId: "get_extraction_job",
      tags: tag,
      summary: "Status of an OpenAPI extraction job",
      request: { params: z.object({ id: idParam.shape.id.describe("The extraction job's id") }) },
      responses: { 200: json(extractionJobAnswer, "The job"), ...errors({ 404: "Extraction job not found" }) },
    }),
    async (c) => {
      const job = await getExtractionJob(c.var.db, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const, job }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      operationId: "get_crawl_status",
      tags: tag,
      summary: "Progress of a crawl",
      request: { params: crawlId },
      responses: { 200: json(crawlStatus, "The crawl's progress"), ...errors(crawlNotFound) },
    }),
    async (c) => {
      const status = await getCrawlStatus(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const, ...status }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}/cancel",
      operationId: "cancel_crawl",
      tags: tag,
      summary: "Cancel a crawl",
      request: { params: crawlId },
      responses: { 200: json(crawlCancelled, "The crawl's status"), ...errors(crawlNotFound) },
    }),
    async (c) => {
      const { status } = await cancelCrawl(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const, status }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/extract",
      operationId: "extract_openapi",
      tags: tag,
      summary: "Start generating an OpenAPI description from a finished crawl",
      description:
        "Answers at once; poll the job. A crawl whose pages document no endpoints ends the job failed with 'The crawled content could not be converted to an OpenAPI specification…'.",
      request: { params: crawlId },
      responses: { 200: json(extractionStarted, "The extraction job"), ...errors(crawlNotFound) },
    }),
    async (c) => {
      const { jobId } = await startExtraction(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const, jobId, message: "OpenAPI extraction started" }, 200);
    },
  );
