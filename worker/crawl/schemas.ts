// zod schemas of the crawl answers (crawl/crawls.ts, crawl/jobs.ts, crawl/map.ts).
import { z } from "zod";
import { CRAWL_FREQUENCIES, PAGE_STATUSES } from "../db/schema";
import { nullable } from "../lib/answers";

const crawlState = z.enum(["crawling", "completed", "failed", "cancelled"]);
export const crawlStatus = z.object({
  success: z.literal(true),
  status: crawlState,
  completed: z.number().int(),
  total: z.number().int(),
  pageDetails: z.array(z.object({ url: z.string(), status: z.enum(PAGE_STATUSES), title: nullable(z.string()) })),
  currentProcessing: z.object({ currentUrl: nullable(z.string()), errorCount: z.number().int() }),
  selectedUrls: z.array(z.string()),
  error: nullable(z.string()),
  refresh: nullable(
    z
      .object({ status: z.enum(["pending", "done", "failed"]), error: nullable(z.string()) })
      .describe("A re-crawl's refresh of its server's tools, once the crawl is over: done, or failed with why the tools were kept"),
  ),
});
export const mapAnswer = z.object({
  success: z.literal(true),
  links: z.array(z.string()),
  openapi: z
    .object({ url: z.string(), title: z.string(), operationCount: z.number().int() })
    .nullable()
    .describe("The site's own OpenAPI description, checked by the importer; null when none was found"),
  source: z.enum(["llms.txt", "sitemap", "links"]).describe("Where the links came from"),
});
export const crawlStarted = z.object({ success: z.literal(true), crawlId: z.string(), total: z.number().int() });
export const extractionJobAnswer = z.object({
  success: z.literal(true),
  job: z.object({
    status: z.enum(["pending", "processing", "completed", "failed"]),
    specId: z.string().nullable(),
    error: z.string().nullable(),
    skippedPages: z.array(z.object({ url: z.string(), reason: z.string() })).describe("Crawled pages the job did not read, and why"),
  }),
});
export const crawlCancelled = z.object({ success: z.literal(true), status: crawlState.nullable() });
export const extractionStarted = z.object({ success: z.literal(true), jobId: z.string(), message: z.string() });
export const crawlRestarted = z.object({ crawlId: z.string(), urlCount: z.number().int() });
/** PATCH /api/servers/{id}/automated-crawl: on or off, and how often (weekly unless given). */
export const automatedCrawlBody = z.object({ enabled: z.boolean(), frequency: z.enum(CRAWL_FREQUENCIES).default("weekly") });
export const automatedCrawlAnswer = z.object({
  automatedCrawlEnabled: z.boolean(),
  automatedCrawlFrequency: z.enum(CRAWL_FREQUENCIES),
  nextCrawlAt: z.string().nullable(),
});
