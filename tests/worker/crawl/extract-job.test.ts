// Extraction as a queue job on a 150-page site (written into the fixture server): POST answers at
// once, the job reads page after page within its budget while the portal keeps answering, names the
// pages it skipped, and a redelivered job changes nothing.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { EXTRACT_LIMITS, extractPages, startExtraction } from "../../../worker/crawl/jobs";
import { MAX_PAGE_WORK } from "../../../worker/crawl/extract/index";
import { pageContentKey } from "../../../worker/crawl/keys";
import type { JobMessage } from "../../../worker/jobs/messages";
import { getDb } from "../../../worker/db";
import { extractionJobs, specs } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { call, signedIn } from "../helpers";
import { endpointsOf, waitForCrawl } from "./helpers";

const db = getDb(env.DB);
const PAGES = 150;
const run = crypto.randomUUID().slice(0, 8);
const pageUrl = (i: number) => `${inject("fixtureOrigin")}/_pages/${run}/widget-${i}.html`;
/** Pages built to defeat a naive parser: 100k table separators on one line, and a 2 MB single line. */
const HOSTILE = { 50: `<p>| a |</p><p>${"| - ".repeat(100_000)}|</p>`, 100: `<p>GET /huge ${"{x}/".repeat(500_000)}</p>` } as Record<
  number,
  string
>;
const page = (i: number) =>
  `<!doctype html><html><head><title>Widget ${i} · Widgets API</title></head><body><main><h1>Get widget ${i}</h1>` +
  (HOSTILE[i] ??
    `<pre><code>GET /widgets/${i}/{id}</code></pre><table><tr><th>Name</th><th>In</th><th>Type</th></tr><tr><td>id</td><td>path</td><td>string</td></tr></table>`) +
  `</main></body></html>`;

type JobAnswer = { status: string; specId: string | null; error: string | null; skippedPages: { url: string; reason: string }[] };
let user: Awaited<ReturnType<typeof signedIn>>;
let crawlId: string;

beforeAll(async () => {
  user = await signedIn();
  for (let i = 0; i < PAGES; i++) await fetch(pageUrl(i), { method: "PUT", body: page(i) });
  const selectedUrls = Array.from({ length: PAGES }, (_, i) => pageUrl(i));
  const res = await call("/api/crawl/crawl", { method: "POST", cookie: user.cookie, json: { url: selectedUrls[0], selectedUrls } });
  crawlId = (await res.json<{ crawlId: string }>()).crawlId;
  expect(await waitForCrawl(user.cookie, crawlId, 60_000)).toMatchObject({ status: "completed", completed: PAGES });
});

const jobOf = async (jobId: string, cookie = user.cookie) =>
  (await (await call(`/api/crawl/extract/job/${jobId}`, { cookie })).json<{ job: JobAnswer }>()).job;

/** The Worker's env whose KV counts the page reads, and resolves `reached` once `n` pages were read. */
function countingEnv(n: number) {
  let reads = 0;
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const KV = {
    get: (key: string) => {
      if (key.includes(":page:") && ++reads === n) reach();
      return env.KV.get(key);
    },
    put: (...args: Parameters<typeof env.KV.put>) => env.KV.put(...args),
  };
  return { env: { ...env, KV } as unknown as typeof env, reads: () => reads, reached };
}

/** Runs one delivery of an extraction job through the Worker's queue handler. */
async function deliver(jobId: string, workerEnv: typeof env = env) {
  const batch = createMessageBatch<JobMessage>("toolport-jobs", [
    { id: `msg-${jobId}`, timestamp: new Date(), attempts: 1, body: { kind: "extract", jobId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** A processing job of the crawl, as POST /api/crawl/{id}/extract records it. */
async function newJob() {
  const [job] = await db.insert(extractionJobs).values({ organizationId: user.organizationId, crawlId, status: "processing" }).returning();
  return job.id;
}

describe("extraction job", () => {
  it("answers the POST at once: the job is recorded and queued, no page read yet", async () => {
    const counting = countingEnv(1);
    const { jobId } = await startExtraction(db, counting.env, user.organizationId, crawlId);
    expect(counting.reads()).toBe(0);
    expect((await db.query.extractionJobs.findFirst({ where: eq(extractionJobs.id, jobId) }))!.status).toBe("processing");
  });

  it("reads every page of a 150-page site through the queue and names the pages it skipped", async () => {
    const res = await call(`/api/crawl/${crawlId}/extract`, { method: "POST", cookie: user.cookie });
    const { jobId, message } = await res.json<{ jobId: string; message: string }>();
    expect(message).toBe("OpenAPI extraction started");
    let job = await jobOf(jobId);
    for (; job.status === "processing"; job = await jobOf(jobId)) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(job).toMatchObject({ status: "completed", error: null });
    // The hostile pages are read (they document no widget) or named as skipped; no other page is skipped.
    const hostile = Object.keys(HOSTILE).map((i) => pageUrl(Number(i)));
    for (const skipped of job.skippedPages) expect(hostile).toContain(skipped.url);
    const text = await env.KV.get(`spec:crawl:${job.specId}`);
    const widgets = endpointsOf(JSON.parse(text!)).filter((e) => e.startsWith("GET /widgets/"));
    expect(widgets).toHaveLength(PAGES - hostile.length);
  });

  it("lets the portal answer another request while the job reads its pages", async () => {
    const jobId = await newJob();
    const counting = countingEnv(10);
    let finished = false;
    const running = deliver(jobId, counting.env).then((result) => ((finished = true), result));
    await counting.reached;
    const servers = await call("/api/servers", { cookie: user.cookie });
    expect(servers.status).toBe(200);
    // Answered in the middle of the job: pages were still to be read.
    expect(finished).toBe(false);
    expect(counting.reads()).toBeLessThan(PAGES);
    expect((await running).explicitAcks).toEqual([`msg-${jobId}`]);
    expect(counting.reads()).toBe(PAGES);
    expect((await jobOf(jobId)).status).toBe("completed");
  });

  it("stores one spec however often the job is delivered", async () => {
    const jobId = await newJob();
    await deliver(jobId);
    const first = await jobOf(jobId);
    await deliver(jobId);
    expect(await jobOf(jobId)).toEqual(first);
    expect(await db.select().from(specs).where(eq(specs.id, first.specId!))).toHaveLength(1);
  });

  it("names a page the extractor will not read (over its per-page work) among the skipped pages, and reads the others", async () => {
    const id = crypto.randomUUID();
    const [small, huge] = ["https://docs.example/small", "https://docs.example/huge"];
    await env.CRAWL_SESSION.getByName(id).start(id, [small, huge]);
    for (const url of [small, huge]) await env.CRAWL_SESSION.getByName(id).record(url, { status: "completed", title: "Docs" });
    await env.KV.put(pageContentKey(id, small), "# Get a widget\n\n```\nGET /widgets/{id}\n```\n");
    await env.KV.put(pageContentKey(id, huge), `GET /huge ${"x".repeat(MAX_PAGE_WORK)}`);
    const { draft, skipped } = await extractPages(env, id, small);
    expect(endpointsOf(draft!)).toEqual(["GET /widgets/{id}"]);
    expect(skipped).toEqual([{ url: huge, reason: expect.stringContaining("more than the") }]);
  });

  it.each([
    ["pages", { pages: 100 }, "over the extraction's limit of 100 pages", 50],
    ["endpoints", { operations: 20 }, "over the extraction's limit of 20 endpoints", 130],
    ["characters", { chars: 0.1 * 1024 * 1024 }, "over the extraction's limit of 0.1 MB of text", undefined],
  ] as const)("skips the pages over the job's budget of %s, naming why", async (_, limit, reason, count) => {
    const { draft, skipped } = await extractPages(env, crawlId, pageUrl(0), { ...EXTRACT_LIMITS, ...limit });
    expect(draft).not.toBeNull();
    const over = skipped.filter((s) => s.reason === reason);
    expect(over.length).toBeGreaterThan(0);
    if (count !== undefined) expect(over).toHaveLength(count);
    expect(endpointsOf(draft!).length + over.length).toBeLessThanOrEqual(PAGES);
  });
});
