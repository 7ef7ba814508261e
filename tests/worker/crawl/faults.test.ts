// Faults: a crawl survives its Durable Object being evicted and the Worker dying mid-page; page
// messages that throw are retried, then marked failed, never lost; an upstream that hangs, resets or
// answers garbage gives the MCP client an isError result within the time-out; a deployment whose
// provider fails ends failed with the reason while the previous deployment keeps serving.
import { createExecutionContext, createMessageBatch, evictDurableObject, getQueueResult, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import type { Bindings } from "../../../worker/env";
import { pageContentKey } from "../../../worker/crawl/keys";
import { consumeBatch } from "../../../worker/jobs/bus";
import type { JobMessage } from "../../../worker/jobs/messages";
import { jobHandlers } from "../../../worker/jobs/registry";
import { tools } from "../../../worker/db/schema";
import { deployServer } from "../../../worker/deploy/deploy";
import { call, signedIn } from "../helpers";
import { waitForCrawl } from "./helpers";
import {
  bearer,
  connectV2,
  createOrg,
  createServer,
  createToken,
  db,
  echoOf,
  echoTool,
  MCP_ORIGIN,
  textOf,
  upstream,
  useProviderSettings,
  type ToolSpec,
} from "../mcp-setup";

const site = () => `${inject("fixtureOrigin")}/docs-reference`;
const PAGES = ["list-notes.html", "get-note.html", "create-note.html", "update-note.html", "delete-note.html"];

/** Delivers page messages to the queue consumer as the runtime would, answering what it acked and retried. */
async function deliver(crawlId: string, messages: { url: string; attempts: number }[]) {
  const batch = createMessageBatch<JobMessage>(
    "toolport-crawl",
    messages.map(({ url, attempts }, i) => ({
      id: `${i}:${url}`,
      timestamp: new Date(),
      attempts,
      body: { kind: "page" as const, crawlId, url },
    })),
  );
  const ctx = createExecutionContext();
  await consumeBatch(batch, env, jobHandlers);
  return getQueueResult(batch, ctx);
}

describe("crawl faults", () => {
  it("finishes with every page accounted for after the session is evicted and the Worker dies mid-page", async () => {
    const crawlId = crypto.randomUUID();
    const urls = PAGES.map((p) => `${site()}/${p}`);
    const session = () => env.CRAWL_SESSION.getByName(crawlId);
    await session().start(crawlId, urls);

    expect((await deliver(crawlId, [{ url: urls[0], attempts: 1 }])).explicitAcks).toHaveLength(1);
    await evictDurableObject(session());
    // The Worker claims the next page and dies before recording it or acking its message.
    expect(await session().claim(urls[1])).toBe(true);
    await evictDurableObject(session());
    const midway = await session().snapshot();
    expect(midway).toMatchObject({ status: "crawling", total: 5, completed: 1 });
    expect(await runInDurableObject(session(), (_o, state) => state.storage.getAlarm())).not.toBeNull(); // the time limit survived

    // The runtime redelivers every un-acked message, and (at least once) the acked one too.
    const redelivered = await deliver(
      crawlId,
      urls.map((url, i) => ({ url, attempts: i <= 1 ? 2 : 1 })),
    );
    expect(redelivered.explicitAcks).toHaveLength(5);
    expect(redelivered.retryMessages).toEqual([]);
    const done = await session().snapshot();
    expect(done).toMatchObject({ status: "completed", total: 5, completed: 5, errorCount: 0 });
    expect(done.pages.map((p) => p.status)).toEqual(Array(5).fill("completed"));
    for (const url of urls) expect(await env.KV.get(pageContentKey(crawlId, url)), url).toMatch(/^# /m);
    expect(await runInDurableObject(session(), (_o, state) => state.storage.getAlarm())).toBeNull();
  });

  it("completes a crawl started through the API when its session is evicted while the queue works", async () => {
    const { cookie } = await signedIn();
    const selectedUrls = PAGES.map((p, i) => `${inject("fixtureOrigin")}/_slow/docs-reference/${p}?ms=${150 + i * 50}`);
    const res = await call("/api/crawl/crawl", { method: "POST", cookie, json: { url: `${site()}/index.html`, selectedUrls } });
    const { crawlId } = await res.json<{ crawlId: string }>();
    const session = env.CRAWL_SESSION.getByName(crawlId);
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await evictDurableObject(env.CRAWL_SESSION.getByName(crawlId)).catch(() => undefined); // not running at that instant: nothing to evict
    }
    const status = await waitForCrawl(cookie, crawlId, 60_000);
    expect(status).toMatchObject({ status: "completed", total: 5, completed: 5, currentProcessing: { errorCount: 0 } });
    expect(status.pageDetails.map((p) => p.status)).toEqual(Array(5).fill("completed"));
    expect((await session.snapshot()).pages).toHaveLength(5);
  });

  it("retries a page whose fetch throws, then marks it failed with the reason and completes the crawl", async () => {
    const crawlId = crypto.randomUUID();
    const broken = `${upstream()}/status/503`;
    const reset = `${upstream()}/reset`;
    const fine = `${site()}/get-note.html`;
    await env.CRAWL_SESSION.getByName(crawlId).start(crawlId, [broken, reset, fine]);

    const first = await deliver(crawlId, [
      { url: broken, attempts: 1 },
      { url: reset, attempts: 1 },
      { url: fine, attempts: 1 },
    ]);
    const retried = (result: Awaited<ReturnType<typeof deliver>>) =>
      result.retryMessages.map((m) => m.msgId.slice(m.msgId.indexOf(":") + 1));
    expect(retried(first)).toEqual([broken, reset]);
    expect(first.explicitAcks).toEqual([`2:${fine}`]);
    expect(await env.CRAWL_SESSION.getByName(crawlId).snapshot()).toMatchObject({ status: "crawling", completed: 1 });

    const second = await deliver(crawlId, [
      { url: broken, attempts: 2 },
      { url: reset, attempts: 2 },
    ]);
    expect(retried(second)).toEqual([broken, reset]);

    const last = await deliver(crawlId, [
      { url: broken, attempts: 3 },
      { url: reset, attempts: 3 },
    ]);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toHaveLength(2);
    const snapshot = await env.CRAWL_SESSION.getByName(crawlId).snapshot();
    expect(snapshot).toMatchObject({ status: "completed", total: 3, completed: 1, errorCount: 2 });
    const byUrl = Object.fromEntries(snapshot.pages.map((p) => [p.url, p]));
    expect(byUrl[broken]).toMatchObject({ status: "failed", error: "HTTP 503" });
    expect(byUrl[reset]).toMatchObject({ status: "failed", error: expect.stringMatching(/^URL not reachable: .*\/reset/) });
  });
});

describe("upstream faults", () => {
  const tool = (name: string, path: string): ToolSpec => ({
    name,
    inputSchema: { type: "object", properties: {} },
    mapping: { method: "get", path, parameters: [] },
  });

  it("answers isError within the time-out when the API hangs, resets, answers garbage or cuts the body", async () => {
    const org = await createOrg();
    const server = await createServer(org, [
      tool("reset", "/reset"),
      tool("garbage", "/garbage"),
      tool("truncated", "/truncated"),
      tool("ok", "/text"),
    ]);
    // The hang on a server of its own with a short time-out: on the others it would make a slow answer of a loaded machine a time-out too.
    const hanging = await createServer(org, [tool("hang", "/hang")]);
    const { token } = await createToken(org, [server.id, hanging.id]);
    await deployServer(db, env, server.id, { origin: MCP_ORIGIN });
    await deployServer(db, env, hanging.id, { origin: MCP_ORIGIN, upstreamTimeoutMs: 800 });
    const client = await connectV2(server.slug, bearer(token));
    const hangClient = await connectV2(hanging.slug, bearer(token));
    const outcomes = await Promise.all(
      ["hang", "reset", "garbage", "truncated"].map(async (name) => ({
        name,
        result: await (name === "hang" ? hangClient : client).callTool({ name, arguments: {} }),
      })),
    );
    await hangClient.close();
    for (const { name, result } of outcomes) expect(result.isError, `${name}: ${textOf(result)}`).toBe(true);
    expect(textOf(outcomes[0].result)).toBe("The API did not answer within 0.8 s (request timed out)");
    // The API's host is named: a runtime's own message for an unreachable host does not name it.
    for (const { result } of outcomes.slice(1)) expect(textOf(result)).toMatch(/^The request to the API at 127\.0\.0\.1:\d+ failed: \S/);
    // The server is still healthy for the next call.
    expect(await client.callTool({ name: "ok", arguments: {} })).toEqual({ content: [{ type: "text", text: "plain hello" }] });
    await client.close();
  });

  it("refuses arguments that violate the inputSchema before any upstream call", async () => {
    const org = await createOrg();
    const key = crypto.randomUUID();
    const strict: ToolSpec = echoTool(
      "strict",
      {
        path: `/counted/${key}`,
        parameters: [
          { arg: "limit", in: "query", name: "limit", required: true },
          { arg: "mode", in: "query", name: "mode", required: false },
        ],
      },
      { limit: { type: "integer", minimum: 1, maximum: 100 }, mode: { type: "string", enum: ["fast", "safe"] } },
      ["limit"],
    );
    const server = await createServer(org, [strict]);
    const { token } = await createToken(org, [server.id]);
    await deployServer(db, env, server.id, { origin: MCP_ORIGIN });
    const client = await connectV2(server.slug, bearer(token));
    for (const args of [{}, { limit: "ten" }, { limit: 0 }, { limit: 101 }, { limit: 5, mode: "reckless" }, { limit: 1.5 }]) {
      const refused = await client.callTool({ name: "strict", arguments: args }).then(
        (r) => textOf(r),
        (err: Error) => err.message,
      );
      expect(refused, JSON.stringify(args)).toMatch(/Invalid arguments for tool strict/);
    }
    const hits = async () => ((await (await fetch(`${upstream()}/hits/${key}`)).json()) as { hits: number }).hits;
    expect(await hits()).toBe(0);
    expect(echoOf(await client.callTool({ name: "strict", arguments: { limit: 5, mode: "safe" } })).query).toBe("limit=5&mode=safe");
    expect(await hits()).toBe(1);
    await client.close();
  });
});

describe("provider faults", () => {
  /** Configures the server's deployments for Cloudflare's API at `base`; answers the Worker's env to deploy with. */
  const cloudflareEnv = async (serverId: string, base: string): Promise<Bindings> => {
    await useProviderSettings(serverId, {
      CLOUDFLARE_ACCOUNT_ID: "acc-123",
      CLOUDFLARE_API_TOKEN: "cf-test-token",
      CLOUDFLARE_DISPATCH_NAMESPACE: "toolport-servers",
      CLOUDFLARE_API_BASE: base,
    });
    return env;
  };

  it("ends a deployment failed with the reason when the provider is unreachable, resets or answers garbage; the previous one keeps serving", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("probe", {})]);
    const { token } = await createToken(org, [server.id]);
    const first = await deployServer(db, env, server.id, { origin: MCP_ORIGIN });
    expect(first.status).toBe("deployed");
    const faults: [string, RegExp][] = [
      ["http://127.0.0.1:9/client/v4", /^Could not reach Cloudflare's API at 127\.0\.0\.1:9: \S/], // nothing listens
      [`${upstream()}/reset?`, /^Could not reach Cloudflare's API at 127\.0\.0\.1:\d+: \S/],
      [`${upstream()}/garbage?`, /^Could not reach Cloudflare's API at 127\.0\.0\.1:\d+: \S/],
      [`${upstream()}/status/502?`, /^Cloudflare refused the upload: HTTP 502$/], // the script path goes into the query
    ];
    for (const [base, reason] of faults) {
      // A new tool makes a new deployment (its id is the content hash), so each attempt is its own.
      await db.insert(tools).values({
        serverId: server.id,
        name: `extra_${crypto.randomUUID().slice(0, 6)}`,
        description: "Added before a failing deploy",
        inputSchema: { type: "object", properties: {} },
        mapping: { method: "get", path: "/text", parameters: [] },
        endpoint: { method: "GET", path: "/text" },
      });
      const failed = await deployServer(db, await cloudflareEnv(server.id, base), server.id, {
        provider: "cloudflare",
        origin: MCP_ORIGIN,
      });
      expect(failed.status, base).toBe("failed");
      expect(failed.error, base).toMatch(reason);
      expect(failed.error, base).not.toBe("Deployment failed");
      expect(failed.activeDeploymentId, base).toBe(first.deploymentId);
      expect(failed.log.at(-1)?.message, base).toContain(failed.error!);
    }
    // Traffic is still on the first deployment: one tool, answering.
    const client = await connectV2(server.slug, bearer(token));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["probe"]);
    expect(echoOf(await client.callTool({ name: "probe", arguments: {} })).path).toBe("/echo/probe");
    await client.close();
  });
});
