// LLM refinement of extraction jobs through the crawl queue, against a local OpenAI-compatible chat
// API (tests/llm-server.ts): used when the model answers a valid description, ignored — the default
// extractor's description kept — when it answers garbage, invalid JSON, late, or with an error; and
// jobs whose step keeps failing end failed with the reason instead of staying "processing".
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { extractPages } from "../../../worker/crawl/jobs";
import { specContentKey } from "../../../worker/crawl/keys";
import type { JobMessage } from "../../../worker/jobs/messages";
import { getDb } from "../../../worker/db";
import { extractionJobs } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { LLM_API_KEY, SLOW_ANSWER_MS } from "../../llm-server";
import { call, signedIn } from "../helpers";
import { waitForCrawl } from "./helpers";

const db = getDb(env.DB);
const site = () => `${inject("fixtureOrigin")}/docs-reference`;
let user: Awaited<ReturnType<typeof signedIn>>;
let crawlId: string;
let draft: Record<string, any>;

beforeAll(async () => {
  user = await signedIn();
  const selectedUrls = [`${site()}/index.html`, `${site()}/list-notes.html`, `${site()}/get-note.html`];
  const res = await call("/api/crawl/crawl", { method: "POST", cookie: user.cookie, json: { url: `${site()}/index.html`, selectedUrls } });
  crawlId = (await res.json<{ crawlId: string }>()).crawlId;
  expect((await waitForCrawl(user.cookie, crawlId)).status).toBe("completed");
  draft = JSON.parse(JSON.stringify((await extractPages(env, crawlId, `${site()}/index.html`)).draft));
});

/** The Worker's env with an LLM configured; the model name picks the local server's behaviour. */
const withLlm = (model: string, settings: Record<string, string> = {}) => ({
  ...env,
  LLM_BASE_URL: inject("llmBaseUrl"),
  LLM_API_KEY,
  LLM_MODEL: model,
  LLM_TIMEOUT_MS: "1500",
  ...settings,
});

/** Runs one queue delivery of an extraction job through the Worker's queue handler. */
async function deliver(jobId: string, workerEnv: typeof env, attempts = 1) {
  const batch = createMessageBatch<JobMessage>("toolport-jobs", [
    { id: `msg-${jobId}`, timestamp: new Date(), attempts, body: { kind: "extract", jobId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** A processing job of the crawl (as POST /api/crawl/{id}/extract leaves it for the job queue). */
async function newJob(organizationId = user.organizationId) {
  const [job] = await db.insert(extractionJobs).values({ organizationId, crawlId, status: "processing" }).returning();
  return job.id;
}

async function jobAnswer(jobId: string) {
  return (
    await (
      await call(`/api/crawl/extract/job/${jobId}`, { cookie: user.cookie })
    ).json<{ job: { status: string; specId: string | null; error: string | null } }>()
  ).job;
}

async function refined(model: string, settings?: Record<string, string>) {
  const jobId = await newJob();
  const result = await deliver(jobId, withLlm(model, settings));
  expect(result.explicitAcks).toEqual([`msg-${jobId}`]);
  const job = await jobAnswer(jobId);
  expect(job).toMatchObject({ status: "completed", error: null });
  return JSON.parse((await env.KV.get(specContentKey(job.specId!)))!) as Record<string, any>;
}

describe("LLM refinement", () => {
  it("uses the model's description when it answers a valid one", async () => {
    const document = await refined("refine");
    expect(document.info.description).toBe("Refined by the model from the documentation.");
    expect(document.paths["/notes"].get.summary).toBe("GET (refined)");
    expect(Object.keys(document.paths)).toEqual(Object.keys(draft.paths));
  });

  it("reads an answer wrapped in a ```json fence", async () => {
    expect((await refined("fenced")).info.description).toBe("Refined by the model from the documentation.");
  });

  it.each([
    ["answers prose", "garbage", {}],
    ["answers JSON that does not import", "not-openapi", {}],
    ["drops operations the documentation has", "fewer", {}],
    ["answers after the time limit", "slow", {}],
    ["fails with HTTP 500", "error", {}],
    ["refuses the API key", "refine", { LLM_API_KEY: "sk-wrong" }],
    ["cannot be reached", "refine", { LLM_BASE_URL: "http://127.0.0.1:9/v1" }],
  ])("keeps the default extractor's description when the model %s", async (_, model, settings) => {
    const started = Date.now();
    expect(await refined(model, settings)).toEqual(draft);
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS / 2); // the slow answer was not waited for
  });
});

/**
 * The Worker's env with a Workers AI binding and no OpenAI-compatible URL. Workers AI only runs on
 * Cloudflare's network, so the binding here hands the same inputs to the local chat API and answers
 * in Workers AI's shape: `{ response }`, a string — or, with `parsed`, the object JSON mode gives.
 */
const withWorkersAi = (model: string, options: { parsed?: boolean; fail?: boolean } = {}) => {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const AI = {
    async run(name: string, inputs: Record<string, unknown>) {
      calls.push({ model: name, inputs });
      if (options.fail) throw new Error("3040: Capacity temporarily exceeded");
      const res = await fetch(`${inject("llmBaseUrl")}/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${LLM_API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ model: name, ...inputs }),
      });
      const content = (await res.json<{ choices: { message: { content: string } }[] }>()).choices[0].message.content;
      return { response: options.parsed ? JSON.parse(content) : content };
    },
  };
  return { env: { ...env, AI, LLM_MODEL: model, LLM_TIMEOUT_MS: "1500" } as unknown as typeof env, calls };
};

async function refinedWith(workerEnv: typeof env) {
  const jobId = await newJob();
  expect((await deliver(jobId, workerEnv)).explicitAcks).toEqual([`msg-${jobId}`]);
  const job = await jobAnswer(jobId);
  expect(job).toMatchObject({ status: "completed", error: null });
  return JSON.parse((await env.KV.get(specContentKey(job.specId!)))!) as Record<string, any>;
}

describe("Workers AI refinement", () => {
  it("asks the binding's model with the draft and the documentation, and uses a valid answer", async () => {
    const ai = withWorkersAi("refine");
    expect((await refinedWith(ai.env)).info.description).toBe("Refined by the model from the documentation.");
    expect(ai.calls).toHaveLength(1);
    expect(ai.calls[0].model).toBe("refine");
    expect(ai.calls[0].inputs.response_format).toEqual({ type: "json_object" });
    const [system, user] = ai.calls[0].inputs.messages as { role: string; content: string }[];
    expect(system.role).toBe("system");
    expect(user.content).toContain("# Retrieve a note");
  });

  it("takes the object Workers AI's JSON mode answers", async () => {
    expect((await refinedWith(withWorkersAi("refine", { parsed: true }).env)).paths["/notes"].get.summary).toBe("GET (refined)");
  });

  it("keeps the default extractor's description when the binding fails, answers prose or answers late", async () => {
    expect(await refinedWith(withWorkersAi("refine", { fail: true }).env)).toEqual(draft);
    expect(await refinedWith(withWorkersAi("garbage").env)).toEqual(draft);
    const started = Date.now();
    expect(await refinedWith(withWorkersAi("slow").env)).toEqual(draft);
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS / 2);
  });
});

describe("jobs that keep failing", () => {
  it("are retried, then end failed with the reason after the third attempt", async () => {
    // A job whose crawl its organization cannot read fails at every attempt.
    const other = await signedIn();
    const jobId = await newJob(other.organizationId);
    const first = await deliver(jobId, withLlm("refine"));
    expect(first.retryMessages.map((m) => m.msgId)).toEqual([`msg-${jobId}`]);
    expect((await db.query.extractionJobs.findFirst({ where: eq(extractionJobs.id, jobId) }))!.status).toBe("processing");
    const last = await deliver(jobId, withLlm("refine"), 3);
    expect(last).toMatchObject({ explicitAcks: [`msg-${jobId}`], retryMessages: [] });
    const job = await (await call(`/api/crawl/extract/job/${jobId}`, { cookie: other.cookie })).json<{ job: unknown }>();
    expect(job).toEqual({
      success: true,
      job: { status: "failed", specId: null, error: "Crawl not found (gave up after 3 attempts)", skippedPages: [] },
    });
  });

  it("end failed when still processing long after their last attempt", async () => {
    const jobId = await newJob();
    await db
      .update(extractionJobs)
      .set({ updatedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(extractionJobs.id, jobId));
    const expected = {
      status: "failed",
      specId: null,
      error: "The extraction did not finish within 15 minutes. Please try again.",
      skippedPages: [],
    };
    expect(await jobAnswer(jobId)).toEqual(expected);
    expect(await jobAnswer(jobId)).toEqual(expected);
    // A late delivery changes nothing.
    await deliver(jobId, withLlm("refine"));
    expect(await jobAnswer(jobId)).toEqual(expected);
  });
});
