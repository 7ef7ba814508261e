// Measurement 2, the real crawl: each site served on 127.0.0.1, the portal under `npm run dev`, and
// per site a fresh account that maps the site, crawls the mapped pages (timed: pages per second),
// runs the extraction job and makes a server of the spec, whose tools are scored.
import { startDevServer } from "../../tests/e2e/dev-server";
import { siteTruth, type BuiltSite } from "./build";
import type { Row } from "./report";
import { startFixtureServer } from "../../tests/fixture-server";
import { serveSite, type ServedSite } from "./serve";
import { score } from "./truth";

type Answer = Record<string, any>;
const POLL_MS = 100;
const RELOADED = "the portal reloaded meanwhile";
/** A crawl still running after this long is cancelled and reported as stalled. */
const CRAWL_TIMEOUT_MS = (pages: number) => 60_000 + pages * 1_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Api = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** A signed-in client of the portal (one account for the run: sign-ups are rate-limited): JSON in and out, the session cookie and Origin sent along. */
async function signUp(portal: string): Promise<Api> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const account = { email, password: "correct horse battery", name: "Bench" };
  const post = (path: string) =>
    fetch(`${portal}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: portal },
      body: JSON.stringify(account),
    });
  const signedUp = await post("/api/auth/sign-up/email");
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  // Sign-up does not sign in (autoSignIn is off): the session comes from signing in.
  const res = await post("/api/auth/sign-in/email");
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    // A form (creating a server from a description's URL) goes as multipart, everything else as JSON.
    const form = body instanceof FormData;
    const answer = await fetch(`${portal}${path}`, {
      method,
      headers: { ...(form ? {} : { "content-type": "application/json" }), origin: portal, cookie },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const json = (await answer.json().catch(() => ({}))) as Answer;
    if (!answer.ok || json.success === false)
      throw new Error(`${method} ${path.replace(/\/[0-9a-f-]{36}/g, "/…")}: ${answer.status} ${json.error ?? ""}`);
    return json;
  };
}

/** The server's tools as a description: each tool's endpoint (and its own server) with its arguments as parameters. */
function toolsAsDescription(baseUrl: string | null, tools: Answer[]): Answer {
  const paths: Answer = {};
  for (const tool of tools) {
    const { method, path } = tool.endpoint ?? {};
    if (typeof method !== "string" || typeof path !== "string") continue;
    const parameters = Object.keys(tool.inputSchema?.properties ?? {}).map((name) => ({ name, in: "query" }));
    // An operation another host of the API serves keeps that host (the portal calls it there).
    const servers = typeof tool.endpoint.server === "string" ? { servers: [{ url: tool.endpoint.server }] } : {};
    paths[path] = { ...(paths[path] ?? {}), [method.toLowerCase()]: { parameters, ...servers } };
  }
  return { openapi: "3.1.0", servers: baseUrl ? [{ url: baseUrl }] : [], paths };
}

/** A site on 127.0.0.1 and its start page; the hand-written fixtures come from the tests' fixture server. */
async function serve(built: BuiltSite): Promise<{ start: string; close: () => Promise<void> }> {
  if (built.site.fixture) {
    const { origin, server } = await startFixtureServer();
    // Subdomains of localhost only resolve inside the worker tests: the portal crawls the site's own host.
    const first = built.files.includes("index.html") ? "index.html" : [...built.files].sort()[0];
    return { start: `${origin}/${built.site.name}/${first}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }
  const served: ServedSite = await serveSite(built);
  return { start: `${served.origin}/`, close: served.close };
}

/** What the portal made of one site: pages crawled, the server's base URL and its tools as a description (null when none). */
export type PortalResult = {
  pages: number;
  pagesPerSecond?: number;
  note?: string;
  baseUrl?: string | null;
  description: Answer | null;
  failed?: boolean;
};
export type Portal = { api: Api; reloads: () => number; output: () => string; isUp: () => Promise<boolean>; stop: () => Promise<void> };

/** Starts the portal under `npm run dev` with one signed-up account; null when it did not start. */
export async function startPortal(): Promise<Portal | null> {
  console.log("\nstarting the portal (npm run dev) …");
  const dev = await startDevServer([]).catch((err: Error) => {
    console.log(`the real crawl is skipped: the portal did not start (${err.message.split("\n")[0]})`);
    return null;
  });
  if (!dev) return null;
  return {
    api: await signUp(dev.url),
    reloads: () => dev.output().split("Reloading local server").length - 1,
    output: dev.output,
    isUp: () => isUp(dev.url),
    stop: () => dev.stop(),
  };
}

/** Maps and crawls a site from its start page through the portal, runs the extraction job and makes a server of the spec. */
export async function crawlThroughPortal(portal: Portal, start: string): Promise<PortalResult> {
  const { api, reloads } = portal;
  try {
    // The free plan holds one server: the previous site's is gone before this one is mapped.
    const { data: servers } = await api("GET", "/api/servers");
    for (const server of servers ?? []) await api("DELETE", `/api/servers/${server.id}`);
    const mapStarted = performance.now();
    const { links, openapi } = await api("POST", "/api/crawl/map", { url: start });
    if (openapi?.url) {
      // The site offers its own description: the portal offers it instead of a crawl, and the server is made from it.
      const form = new FormData();
      form.append("url", openapi.url);
      const { data: server } = await api("POST", "/api/servers", form);
      const { data: tools } = await api("GET", `/api/servers/${server.id}/mappings`);
      await api("DELETE", `/api/servers/${server.id}`);
      const note = `(used the offered ${new URL(openapi.url).pathname}, map and import ${((performance.now() - mapStarted) / 1000).toFixed(1)} s)`;
      return { pages: 0, note, baseUrl: server.baseUrl ?? null, description: toolsAsDescription(server.baseUrl ?? null, tools) };
    }
    const started = performance.now();
    const reloadsBefore = reloads();
    const { crawlId } = await api("POST", "/api/crawl/crawl", { url: start, selectedUrls: links });
    const deadline = started + CRAWL_TIMEOUT_MS(links.length);
    let status: Answer;
    for (;;) {
      status = await api("GET", `/api/crawl/${crawlId}`);
      if (status.status !== "crawling") break;
      if (performance.now() > deadline) {
        await api("DELETE", `/api/crawl/${crawlId}/cancel`).catch(() => {});
        // wrangler dev reloads the portal when a worker file changes (others work in this tree): in-flight pages are lost.
        const reloaded = reloads() > reloadsBefore ? `, ${RELOADED}` : "";
        return {
          pages: status.completed,
          description: null,
          failed: true,
          note: `crawl stalled: ${status.completed}/${links.length} pages after ${((performance.now() - started) / 1000).toFixed(0)} s${reloaded}`,
        };
      }
      await wait(POLL_MS);
    }
    const seconds = (performance.now() - started) / 1000;
    // Seconds and pages per second of the crawl alone: the extraction job is timed apart.
    const pages = status.completed;
    const extractStarted = performance.now();
    let job: Answer;
    try {
      const { jobId } = await api("POST", `/api/crawl/${crawlId}/extract`);
      for (;;) {
        ({ job } = await api("GET", `/api/crawl/extract/job/${jobId}`));
        if (job.status !== "processing") break;
        await wait(POLL_MS);
      }
    } catch (err) {
      return {
        pages,
        pagesPerSecond: pages / seconds,
        description: null,
        note: `extraction refused: ${(err as Error).message.slice(0, 60)}`,
      };
    }
    const extractSeconds = (performance.now() - extractStarted) / 1000;
    if (job.status !== "completed")
      return { pages, pagesPerSecond: pages / seconds, description: null, note: `extraction failed: ${String(job.error).slice(0, 80)}` };
    const { data: server } = await api("POST", "/api/servers/from-spec", { specId: job.specId });
    const { data: tools } = await api("GET", `/api/servers/${server.id}/mappings`);
    await api("DELETE", `/api/servers/${server.id}`);
    const errors = status.errorCount ? `, ${status.errorCount} page errors` : "";
    const skipped: Answer[] = job.skippedPages ?? [];
    if (skipped.length)
      console.log(`  the job skipped ${skipped.length} pages of ${start}, e.g. ${JSON.stringify(skipped[0]).slice(0, 200)}`);
    const reloaded = reloads() > reloadsBefore ? `, ${RELOADED}` : "";
    const note = `(mapped ${links.length}${reloaded}, crawl ${seconds.toFixed(1)} s, job ${extractSeconds.toFixed(1)} s${skipped.length ? `, ${skipped.length} pages skipped by the job` : ""}${errors})`;
    return {
      pages,
      pagesPerSecond: pages / seconds,
      note,
      baseUrl: server.baseUrl ?? null,
      description: toolsAsDescription(server.baseUrl ?? null, tools),
    };
  } catch (err) {
    // The portal's own log says why it answered 500; printed once per run.
    if (!shownServerError && (err as Error).message.includes(": 500 ")) {
      shownServerError = true;
      // Its request log lines say nothing of the error: the rest of the last output does.
      const lines = portal
        .output()
        .slice(-200_000)
        .split("\n")
        .filter((line) => !line.startsWith("[wrangler:info]"));
      console.log(`  the portal answered 500; its last output:\n${lines.slice(-25).join("\n")}`);
    }
    return { pages: 0, description: null, failed: true, note: `failed: ${(err as Error).message.slice(0, 100)}` };
  }
}

let shownServerError = false;

/** Maps, crawls and extracts one site of the generated corpus through the portal; answers its row. */
async function crawlSite(portal: Portal, built: BuiltSite): Promise<Row> {
  const served = await serve(built);
  try {
    const result = await crawlThroughPortal(portal, served.start);
    const truth = await siteTruth(built);
    return {
      site: built.site.name,
      style: built.site.style.label,
      pages: result.pages,
      pagesPerSecond: result.pagesPerSecond,
      note: result.note,
      score: result.failed ? undefined : score(truth, result.description),
    };
  } finally {
    await served.close();
  }
}

/** Whether the portal still answers. */
const isUp = (url: string) =>
  fetch(`${url}/api/auth/profile`).then(
    (res) => res.status === 401 || res.ok,
    () => false,
  );

/** Crawls every built site through the portal; null when the portal did not start. The portal is started again (once per site) if it went down. */
export async function crawlSites(built: BuiltSite[]): Promise<Row[] | null> {
  let portal = await startPortal();
  if (!portal) return null;
  const rows: Row[] = [];
  try {
    for (const b of built) {
      let row: Row;
      for (let attempt = 0; ; attempt++) {
        row = await crawlSite(portal, b);
        if (attempt > 0) break;
        // A reload (another change to a worker file) loses in-flight pages and jobs: the site is measured again.
        if (row.note?.includes(RELOADED)) {
          console.log(`  ${b.site.name}: the portal reloaded during the measurement; measuring again`);
          continue;
        }
        if (await portal.isUp()) break;
        console.log(`  the portal went down during ${b.site.name}; its last output:\n${portal.output().slice(-1500)}`);
        await portal.stop();
        portal = await startPortal();
        if (!portal) return rows;
      }
      // A site that links its own description is found only when the crawl reads that description.
      if (b.site.style.linksDescription && row.score && !row.score.hits) {
        row.score = undefined;
        row.note = "not yet detected";
      } else if (b.site.style.linksDescription && row.score) {
        const s = row.score;
        const exact = s.hits === s.expected && s.found === s.expected && s.paramHits === s.params;
        row.note = `${exact ? "exactly the description's operations and parameters" : "not exactly the description's tools"} ${row.note ?? ""}`;
      }
      rows.push(row);
      console.log(
        `  ${row.site}: ${row.pages} pages${row.pagesPerSecond ? `, ${row.pagesPerSecond.toFixed(1)} pages/s` : ""} ${row.note ?? ""}`,
      );
    }
    return rows;
  } finally {
    await portal?.stop();
  }
}
