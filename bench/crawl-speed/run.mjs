// Crawl speed under `wrangler dev` (what `npm run dev` serves): a generated 150-page documentation
// site on 127.0.0.1 is crawled through the portal's API, then extracted; prints pages per second.
//   node bench/crawl-speed/run.mjs [pages] [http://localhost:8787]
// Without an origin it starts `wrangler dev` on a free port with throw-away local state, and stops it.
import { createServer } from "node:http";
import { withLocalPortal } from "../../scripts/local-portal.mjs";

const PAGES = Number(process.argv[2]) || 150;

/** One reference page per endpoint, like a small API's documentation. */
const page = (i) => `<!doctype html><html><head><title>Get widget ${i} · Bench API</title></head><body><main>
<h1>Get widget ${i}</h1><p>Base URL: https://api.bench.example/v1</p><pre><code>GET /widgets/${i}/{id}</code></pre>
<table><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr>
<tr><td>id</td><td>path</td><td>string</td><td>Yes</td><td>The widget.</td></tr></table></main></body></html>`;

async function startSite() {
  const server = createServer((req, res) => {
    const match = /^\/docs\/widget-(\d+)\.html$/.exec(req.url ?? "");
    if (match) return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(Number(match[1])));
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/** Runs against the portal given on the command line, or a throw-away local one. */
async function withPortal(run) {
  const given = process.argv[3]?.replace(/\/+$/, "");
  return given ? run(given) : withLocalPortal(run);
}

async function api(origin, path, { cookie, json } = {}) {
  const headers = { origin, ...(cookie ? { cookie } : {}), ...(json ? { "content-type": "application/json" } : {}) };
  const res = await fetch(`${origin}${path}`, { method: json ? "POST" : "GET", headers, body: json ? JSON.stringify(json) : undefined });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.error}`);
  return { res, body };
}

async function until(check) {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const site = await startSite();
try {
  await withPortal(async (origin) => {
    const account = { email: `bench-${Date.now()}@example.com`, password: "bench password 123" };
    await api(origin, "/api/auth/sign-up/email", { json: { ...account, name: "Bench" } });
    const { res } = await api(origin, "/api/auth/sign-in/email", { json: account });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const selectedUrls = Array.from({ length: PAGES }, (_, i) => `${site.origin}/docs/widget-${i}.html`);
    const started = Date.now();
    const { body } = await api(origin, "/api/crawl/crawl", { cookie, json: { url: selectedUrls[0], selectedUrls } });
    const crawl = await until(async () => {
      const { body: status } = await api(origin, `/api/crawl/${body.crawlId}`, { cookie });
      if (process.env.BENCH_VERBOSE)
        console.log(
          status.status,
          status.completed,
          status.total,
          status.error,
          status.pageDetails
            .filter((p) => p.status !== "completed")
            .map((p) => `${p.status} ${p.url.split("/").pop()}`)
            .slice(0, 10)
            .join(", "),
        );
      return status.status !== "crawling" && status;
    });
    const crawlMs = Date.now() - started;
    console.log(
      `crawl: ${crawl.status}, ${crawl.completed}/${crawl.total} pages in ${(crawlMs / 1000).toFixed(1)} s = ${((crawl.completed / crawlMs) * 1000).toFixed(1)} pages/s`,
    );
    const extractStarted = Date.now();
    const extract = await fetch(`${origin}/api/crawl/${body.crawlId}/extract`, { method: "POST", headers: { origin, cookie } });
    const { jobId, error } = await extract.json();
    if (!jobId) throw new Error(`extract answered ${extract.status}: ${error}`);
    const answeredMs = Date.now() - extractStarted;
    const job = await until(async () => {
      const { body: answer } = await api(origin, `/api/crawl/extract/job/${jobId}`, { cookie });
      return answer.job.status !== "processing" && answer.job;
    });
    console.log(
      `extraction: POST answered in ${answeredMs} ms; job ${job.status} after ${((Date.now() - extractStarted) / 1000).toFixed(1)} s${job.error ? `: ${job.error}` : ""}`,
    );
  });
} finally {
  site.server.close();
}
