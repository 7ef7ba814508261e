// The job registry: each kind of queued job and the feature handler that runs it. Only the worker
// entry imports this module; features send jobs through ./enqueue and never import it back.
import { callRecordsJob } from "../calls/consumer";
import { extractionJob } from "../crawl/jobs";
import { pageJob } from "../crawl/pages";
import { refreshJob } from "../crawl/refresh";
import { recrawlJob } from "../crawl/server-crawl";
import { domainCheckJob } from "../domains/domains";
import { importDescriptionJob } from "../imports/jobs";
import { syncJob } from "../versions/sync";
import type { JobHandlers } from "./handler";

export const jobHandlers: JobHandlers = {
  page: pageJob,
  extract: extractionJob,
  refresh: refreshJob,
  recrawl: recrawlJob,
  sync: syncJob,
  import: importDescriptionJob,
  "domain-check": domainCheckJob,
  calls: callRecordsJob,
};
