// Server-side request forgery: outside local development the spec URL fetch, the crawler and the
// generated servers' egress refuse loopback, private, link-local and metadata addresses in every
// spelling (IPv4, IPv6, decimal, hex, octal, IPv4-mapped), public names made to stand for them
// (nip.io, sslip.io, localtest.me …), and redirects to them.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { consumeBatch } from "../../../worker/jobs/bus";
import type { JobMessage } from "../../../worker/jobs/messages";
import { jobHandlers } from "../../../worker/jobs/registry";
import { normalizeHostname } from "../../../worker/domains/hostname";
import { checkPublicUrl } from "../../../worker/lib/safe-fetch";
import { isLocalDev } from "../../../worker/env";
import { egressRefusal, guardedFetch } from "../../../worker/runtime/egress";
import { cookiesOf, ORIGIN } from "../helpers";

const production = { ...env, ENVIRONMENT: "production" };

/** Internal addresses as an attacker would write them; the second column is what the guard reports. */
const INTERNAL: [string, string][] = [
  ["http://127.0.0.1/", "127.0.0.1"],
  ["http://127.1/", "127.0.0.1"],
  ["http://2130706433/", "127.0.0.1"], // decimal
  ["http://0x7f000001/", "127.0.0.1"], // hex
  ["http://0177.0.0.1/", "127.0.0.1"], // octal
  ["http://0x7f.0.0.1/", "127.0.0.1"],
  ["http://127.0.0.1./", "127.0.0.1"],
  ["http://0.0.0.0/", "0.0.0.0"],
  ["http://localhost:8787/", "localhost"],
  ["http://api.localhost/", "api.localhost"],
  ["http://10.1.2.3/", "10.1.2.3"],
  ["http://172.16.0.1/", "172.16.0.1"],
  ["http://192.168.1.1/", "192.168.1.1"],
  ["http://100.64.0.1/", "100.64.0.1"],
  ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"], // cloud metadata
  ["http://2852039166/", "169.254.169.254"],
  ["http://0xa9fea9fe/", "169.254.169.254"],
  ["http://0251.0376.0251.0376/", "169.254.169.254"],
  ["http://metadata.google.internal/", "metadata.google.internal"],
  ["http://intranet/", "intranet"],
  ["http://[::1]/", "[::1]"],
  ["http://[::]/", "[::]"],
  ["http://[0:0:0:0:0:0:0:1]/", "[::1]"],
  ["http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"], // IPv4-mapped
  ["http://[::ffff:169.254.169.254]/", "[::ffff:a9fe:a9fe]"],
  ["http://[::ffff:a9fe:a9fe]/", "[::ffff:a9fe:a9fe]"],
  ["http://[::127.0.0.1]/", "[::7f00:1]"], // IPv4-compatible
  ["http://[64:ff9b::a9fe:a9fe]/", "[64:ff9b::a9fe:a9fe]"], // NAT64
  ["http://[2002:a9fe:a9fe::1]/", "[2002:a9fe:a9fe::1]"], // 6to4
  ["http://[fe80::1]/", "[fe80::1]"], // link-local
  ["http://[fd00::1]/", "[fd00::1]"], // unique local
  ["http://[fd00:ec2::254]/", "[fd00:ec2::254]"], // AWS metadata over IPv6
];
/** Public names that resolve to internal addresses by design (any case, any depth under the service, a trailing dot). */
const INTERNAL_NAMES = [
  "10.0.0.1.nip.io",
  "app.169.254.169.254.nip.io",
  "127-0-0-1.sslip.io",
  "0--1.sslip.io", // ::1
  "foo.10.0.0.1.xip.io",
  "192.168.1.1.xip.name",
  "10-0-0-1.traefik.me",
  "7f000001.a9fea9fe.rbndr.us", // answers 127.0.0.1 and 169.254.169.254 in turn
  "make-127.0.0.1-rebind-169.254.169.254-rr.1u.ms",
  "localtest.me",
  "api.localtest.me",
  "lvh.me",
  "a.b.lvh.me",
  "app.vcap.me",
  "localho.st",
  "x.lacolhost.com",
  "x.local.gd",
  "x.fuf.me",
  "x.smackaho.st",
  "web.ddev.site",
  "x.127-0-0-1.org.uk",
  "x.localhost.tv",
  "x.localhst.co.uk",
  "API.LOCALTEST.ME.",
];
/** Names that only look like them. */
const LOOKALIKES = [
  "https://nip.io.example.com/",
  "https://mynip.io/",
  "https://lvh.me.example.org/",
  "https://localtest.me-docs.example/",
];

const PUBLIC = [
  "https://api.example.com/openapi.json",
  "http://8.8.8.8/",
  "http://[2606:4700:4700::1111]/",
  "https://[::ffff:8.8.8.8]/",
  "http://172.32.0.1/",
];

const refusal = (host: string) => `The URL points at an internal address (${host}), which Toolport does not fetch`;

/** A request through the Worker's app with ENVIRONMENT=production (secure cookies, internal addresses refused). */
function prodFetch(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
  const { json, cookie, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  if (cookie) headers.set("cookie", cookie);
  if (rest.method && rest.method !== "GET") headers.set("origin", ORIGIN);
  const body = json !== undefined ? JSON.stringify(json) : rest.body;
  return app.fetch(new Request(`${ORIGIN}${path}`, { ...rest, headers, body }), production, createExecutionContext());
}

async function prodUser() {
  const credentials = { email: `ssrf-${crypto.randomUUID()}@example.com`, password: "a long password" };
  expect((await prodFetch("/api/auth/sign-up/email", { method: "POST", json: { ...credentials, name: "SSRF" } })).status).toBe(200);
  const res = await prodFetch("/api/auth/sign-in/email", { method: "POST", json: credentials });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

/** Replaces the network: a public docs host that redirects to `target`; every URL fetched is recorded. */
function redirectingNetwork(target: string) {
  const fetched: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    fetched.push(url);
    if (new URL(url).hostname === "docs.public.example" && !url.endsWith("robots.txt") && !url.endsWith("sitemap.xml")) {
      return new Response(null, { status: 302, headers: { location: target } });
    }
    return new Response("not here", { status: 404 });
  });
  return fetched;
}

/** A generated server's egress (worker/runtime/egress.ts), with `allowedHosts` as the server's API. */
const guard = (allowedHosts: string[], environment: { ENVIRONMENT: string } = production) => ({
  fetch: (request: Request) => guardedFetch(request, { allowedHosts, localDev: isLocalDev(environment) }),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the address guard", () => {
  it("refuses every internal spelling outside local development, and allows public addresses", () => {
    for (const [url, host] of INTERNAL) expect(() => checkPublicUrl(url, production), url).toThrow(refusal(host));
    for (const url of PUBLIC) expect(checkPublicUrl(url, production).href, url).toBe(new URL(url).href);
  });

  it("refuses the public names of internal addresses (nip.io, sslip.io, localtest.me …) wherever a URL is taken or called", async () => {
    const cookie = await prodUser();
    for (const name of INTERNAL_NAMES) {
      const url = `http://${name}/openapi.json`;
      const host = new URL(url).hostname;
      // A description URL, a crawl's start, a base URL given at deploy: one check.
      expect(() => checkPublicUrl(url, production), url).toThrow(refusal(host));
      // A generated server's own egress, even for its own API host.
      expect(egressRefusal(new URL(url), [new URL(url).host], false), url).toBe(
        `${host} is an internal address, which deployed MCP servers may not call`,
      );
      // A custom domain.
      expect(() => normalizeHostname(`mcp.${name}`, "toolport.test"), name).toThrow("is not a public hostname");
    }
    for (const name of INTERNAL_NAMES.filter((_, i) => i % 4 === 0)) {
      const url = `https://${name}/docs`;
      const form = new FormData();
      form.set("url", url);
      const spec = await prodFetch("/api/servers", { method: "POST", body: form, cookie });
      expect.soft(await spec.json(), url).toEqual({ success: false, error: refusal(new URL(url).hostname) });
      const crawl = await prodFetch("/api/crawl/crawl", { method: "POST", cookie, json: { url } });
      expect.soft(await crawl.json(), url).toEqual({ success: false, error: refusal(new URL(url).hostname) });
    }
    const outbound = await guard(["x.lvh.me"]).fetch(new Request("http://x.lvh.me/admin"));
    expect([outbound.status, await outbound.text()]).toEqual([
      403,
      "Outbound request refused: x.lvh.me is an internal address, which deployed MCP servers may not call",
    ]);
    for (const url of LOOKALIKES) expect(checkPublicUrl(url, production).href, url).toBe(url);
  });

  it("allows loopback in local development only", () => {
    expect(checkPublicUrl("http://127.0.0.1:8787/openapi.json", env).hostname).toBe("127.0.0.1");
  });
});

describe("the spec URL fetch", () => {
  it("refuses internal addresses in every spelling through POST /api/servers", async () => {
    const cookie = await prodUser();
    for (const [url, host] of INTERNAL.filter((_, i) => i % 3 === 0)) {
      const form = new FormData();
      form.set("url", url);
      const res = await prodFetch("/api/servers", { method: "POST", body: form, cookie });
      expect.soft(res.status, url).toBe(400);
      expect.soft(await res.json(), url).toEqual({ success: false, error: refusal(host) });
    }
  });

  it("refuses a public URL that redirects to the metadata address, without fetching it", async () => {
    const cookie = await prodUser();
    for (const target of ["http://169.254.169.254/latest/meta-data/iam", "http://[::ffff:a9fe:a9fe]/", "http://2130706433:8080/admin"]) {
      const fetched = redirectingNetwork(target);
      const form = new FormData();
      form.set("url", "https://docs.public.example/openapi.json");
      const res = await prodFetch("/api/servers", { method: "POST", body: form, cookie });
      expect(res.status).toBe(400);
      expect((await res.json<{ error: string }>()).error).toMatch(/^The URL points at an internal address/);
      expect(fetched).toEqual(["https://docs.public.example/openapi.json"]);
      vi.restoreAllMocks();
    }
  });
});

describe("the crawler", () => {
  it("refuses internal start URLs for map and crawl", async () => {
    const cookie = await prodUser();
    for (const [url, host] of INTERNAL.filter((_, i) => i % 4 === 1)) {
      for (const path of ["/api/crawl/map", "/api/crawl/crawl"]) {
        const res = await prodFetch(path, { method: "POST", cookie, json: { url } });
        expect.soft(res.status, `${path} ${url}`).toBe(400);
        expect.soft(await res.json(), `${path} ${url}`).toEqual({ success: false, error: refusal(host) });
      }
    }
  });

  it("refuses a start page that redirects inside", async () => {
    const cookie = await prodUser();
    const fetched = redirectingNetwork("http://10.0.0.5/docs");
    const res = await prodFetch("/api/crawl/map", { method: "POST", cookie, json: { url: "https://docs.public.example/docs" } });
    expect(await res.json()).toEqual({ success: false, error: refusal("10.0.0.5") });
    expect(fetched.some((u) => u.includes("10.0.0.5"))).toBe(false);
  });

  it("fails queued pages that point or redirect inside, and fetches nothing internal", async () => {
    const crawlId = crypto.randomUUID();
    const pages = ["https://docs.public.example/moved", "http://[::ffff:7f00:1]:9/private", "http://0x0a000001/"];
    await env.CRAWL_SESSION.getByName(crawlId).start(crawlId, pages);
    const fetched = redirectingNetwork("http://169.254.169.254/latest/meta-data/");
    const batch = createMessageBatch<JobMessage>(
      "toolport-crawl",
      pages.map((url, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 3, body: { kind: "page" as const, crawlId, url } })),
    );
    const ctx = createExecutionContext();
    await consumeBatch(batch, production, jobHandlers);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1", "m2"]);
    expect(fetched).toEqual(["https://docs.public.example/moved"]);
    const snapshot = await env.CRAWL_SESSION.getByName(crawlId).snapshot();
    expect(snapshot).toMatchObject({ status: "completed", completed: 0, errorCount: 3 });
    expect(snapshot.pages.map((p) => p.error)).toEqual([refusal("169.254.169.254"), refusal("[::ffff:7f00:1]"), refusal("10.0.0.1")]);
  });
});

describe("generated servers' egress", () => {
  it("refuses an API host that is internal, even when it is the server's own", async () => {
    for (const url of INTERNAL.filter((_, i) => i % 2 === 0).map(([u]) => u)) {
      const { host } = new URL(url);
      const res = await guard([host]).fetch(new Request(url));
      expect.soft(res.status, url).toBe(403);
      expect.soft(await res.text(), url).toMatch(/^Outbound request refused/);
    }
  });

  it("refuses every host but the server's API, and lets loopback through only in local development", async () => {
    const api = new URL(inject("upstreamOrigin")).host;
    const local = guard([api], env);
    expect((await local.fetch(new Request("http://169.254.169.254/latest/meta-data/"))).status).toBe(403);
    expect((await local.fetch(new Request(`http://${api}/text`))).status).toBe(200);
    expect((await guard([api]).fetch(new Request(`http://${api}/text`))).status).toBe(403);
  });
});
