// Worker entry: wires the HTTP app, the job bus (every queue) and the cron handler.
import { app } from "./app";
import { directMcpRequest } from "./gateway/routes";
import type { Bindings } from "./env";
import { consumeBatch } from "./jobs/bus";
import type { JobMessage } from "./jobs/messages";
import { jobHandlers } from "./jobs/registry";
import { handleScheduled } from "./scheduled";

export { CrawlSession } from "../durable-objects/crawl-session";
export { Deployment } from "../durable-objects/deployment";
export { HostPace } from "../durable-objects/host-pace";
export { UsageLedger } from "../durable-objects/usage-ledger";
// The Cron events `wrangler dev` fires on the MCP gateway Worker arrive here (worker/scheduled.ts).
export { PortalScheduled } from "./scheduled";
// What the server isolates this Worker hosts (custom domains, Try it) read their tools through.
export { DeploymentTools } from "./hosting/tools-source";

export default {
  fetch: (request, env, ctx) => directMcpRequest(request, env, ctx) ?? app.fetch(request, env, ctx),
  queue: (batch, env, _ctx) => consumeBatch(batch, env, jobHandlers),
  scheduled: (controller, env, _ctx) => handleScheduled(controller, env),
} satisfies ExportedHandler<Bindings, JobMessage>;
