// Crawling (under /api/crawl): map, crawl, status (also live over a
// WebSocket), cancel, extraction jobs.
import { Hono } from "hono";
import { z } from "zod";
import { cancelCrawl, getCrawlRow, getCrawlStatus, MAX_CRAWL_PAGES, startCrawl } from "../crawl/crawls";
import { getExtractionJob, startExtraction } from "../crawl/jobs";
import { mapSite } from "../crawl/map";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { allowedOrigins } from "../lib/origin";
import { validate } from "../lib/validate";
import { assertServerAllowed } from "../servers/create";

export const NO_URL_MESSAGE = "Please provide documentation URL to crawl";

const url = z.string({ error: NO_URL_MESSAGE }).trim().min(1, NO_URL_MESSAGE).max(2048);
export const idParam = z.object({ id: z.string().min(1).max(100) });
export const mapBody = z.object({ url, includeSubdomains: z.boolean().optional() });
export const crawlBody = z.object({
  url,
  selectedUrls: z.array(z.string().max(2048)).max(1000).optional(),
  limit: z.number().int().min(1).max(MAX_CRAWL_PAGES).optional(),
});

export const crawlRoutes = new Hono<AppEnv>()
  // A crawl from here makes a new server: an organization at its plan's maxServers is told before the site is crawled.
  .post("/map", validate("json", mapBody), async (c) => {
    await assertServerAllowed(c.var.db, c.var.organizationId);
    const { url, includeSubdomains } = c.req.valid("json");
    // The pages found (links) beside the site's own description (openapi) and where the links came from (source).
    const { links, openapi, source } = await mapSite(c.env, url, { includeSubdomains: includeSubdomains ?? true });
    return c.json({ success: true, links, openapi, source });
  })
  .post("/crawl", validate("json", crawlBody), async (c) => {
    await assertServerAllowed(c.var.db, c.var.organizationId);
    const { crawlId, total } = await startCrawl(c.var.db, c.env, { organizationId: c.var.organizationId, ...c.req.valid("json") });
    return c.json({ success: true, crawlId, total });
  })
  .get("/extract/job/:id", validate("param", idParam), async (c) => {
    const job = await getExtractionJob(c.var.db, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true, job });
  })
  .get("/:id", validate("param", idParam), async (c) => {
    const status = await getCrawlStatus(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true, ...status });
  })
  .get("/:id/ws", validate("param", idParam), async (c) => {
    // Browsers send Origin on WebSocket handshakes: a foreign page must not ride the session cookie.
    const origin = c.req.header("origin");
    if (origin !== undefined && !allowedOrigins(c.env, c.req.url).includes(origin)) fail(403, "Cross-origin request refused");
    const { id } = c.req.valid("param");
    await getCrawlRow(c.var.db, c.var.organizationId, id);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") fail(426, "Expected a WebSocket upgrade");
    return c.env.CRAWL_SESSION.getByName(id).fetch(c.req.raw);
  })
  .delete("/:id/cancel", validate("param", idParam), async (c) => {
    const { status } = await cancelCrawl(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true, status });
  })
  .post("/:id/extract", validate("param", idParam), async (c) => {
    const { jobId } = await startExtraction(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true, jobId, message: "OpenAPI extraction started" });
  });
