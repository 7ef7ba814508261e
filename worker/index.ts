// Worker entry: wires the HTTP app, the crawl queue consumer and the cron handler.
import { app } from "./app";
import { directMcpRequest } from "./gateway/routes";
import { handleCrawlBatch, type CrawlMessage } from "./crawl/queue";
import { CALLS_QUEUE_NAME, handleCallBatch } from "./calls/consumer";
import type { CallRecordsMessage } from "./calls/record";
import type { Bindings } from "./env";
import { handleScheduled } from "./scheduled";

export { CrawlSession } from "../durable-objects/crawl-session";
export { Deployment } from "../durable-objects/deployment";
export { HostPace } from "../durable-objects/host-pace";
export { UsageLedger } from "../durable-objects/usage-ledger";
// The Cron events `wrangler dev` fires on the MCP gateway Worker arrive here (worker/scheduled.ts).
export { PortalScheduled } from "./scheduled";

export default {
  fetch: (request, env, ctx) => directMcpRequest(request, env, ctx) ?? app.fetch(request, env, ctx),
  queue: (batch, env, _ctx) =>
    batch.queue === CALLS_QUEUE_NAME ? handleCallBatch(batch as MessageBatch<CallRecordsMessage>, env) : handleCrawlBatch(batch as MessageBatch<CrawlMessage>, env),
  scheduled: (controller, env, _ctx) => handleScheduled(controller, env),
} satisfies ExportedHandler<Bindings, CrawlMessage | CallRecordsMessage>;
