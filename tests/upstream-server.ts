// A real upstream API for MCP tests: echoes requests (path, query, headers, cookies, parsed bodies),
// serves text, binary, large JSON, error statuses, slow answers and an OAuth2 token endpoint; and
// faulty answers: one that never comes, a reset connection, bytes that are not HTTP, a cut-off body.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { fakeCustomHostnames, saasRequests } from "./fake-cloudflare-saas";
import { listenOnLoopback } from "./loopback";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=", "base64");
export const OAUTH_CLIENT = { id: "client-1", secret: "s3cret:with:colons" };
export const FAKE_CLOUDFLARE_TOKEN = "cf-test-token";
/** The one key /keyed/* accepts. */
export const KEYED_API_KEY = "right-key-1234";

type Upload = {
  account: string;
  namespace: string;
  script: string;
  metadata: any;
  parts: { name: string; type: string; filename: string; size: number }[];
};

/** A fake of Cloudflare's "Upload Worker Module" (Workers for Platforms) that checks the documented request shape. */
async function fakeCloudflare(req: IncomingMessage, url: URL, raw: Buffer, uploads: Upload[]) {
  const match = url.pathname.match(/^\/client\/v4\/accounts\/([^/]+)\/workers\/dispatch\/namespaces\/([^/]+)\/scripts\/([^/]+)$/);
  const fail = (status: number, code: number, message: string) => ({
    status,
    body: { success: false, errors: [{ code, message }], messages: [], result: null },
  });
  if (!match || req.method !== "PUT") return fail(404, 7003, "Could not route to the requested URL");
  if (req.headers.authorization !== `Bearer ${FAKE_CLOUDFLARE_TOKEN}`) return fail(403, 10000, "Authentication error");
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return fail(400, 10001, "Expected multipart/form-data");
  const form = await new Request("http://x/", { method: "PUT", headers: { "content-type": type }, body: raw }).formData();
  const metaPart = form.get("metadata");
  if (!metaPart) return fail(400, 10021, "Missing metadata part");
  const metadata = JSON.parse(typeof metaPart === "string" ? metaPart : await metaPart.text());
  const parts: Upload["parts"] = [];
  for (const [name, value] of form.entries()) {
    if (name === "metadata" || typeof value === "string") continue;
    parts.push({ name, type: value.type, filename: value.name, size: value.size });
  }
  if (typeof metadata.main_module !== "string" || !parts.some((p) => p.name === metadata.main_module))
    return fail(400, 10021, "main_module must name an uploaded part");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(metadata.compatibility_date ?? "")) return fail(400, 10021, "compatibility_date must be YYYY-MM-DD");
  // The module types of Wrangler's upload form: ES modules, and text modules imported as strings.
  if (parts.some((p) => p.type !== "application/javascript+module" && p.type !== "text/plain"))
    return fail(400, 10021, "Module parts must be application/javascript+module or text/plain");
  if (parts.find((p) => p.name === metadata.main_module)?.type !== "application/javascript+module")
    return fail(400, 10021, "main_module must be an ES module");
  if (!(metadata.bindings ?? []).every((b: any) => b.type === "secret_text" && typeof b.name === "string" && typeof b.text === "string"))
    return fail(400, 10021, "Invalid binding");
  const [, account, namespace, script] = match.map(decodeURIComponent);
  uploads.push({ account, namespace, script, metadata, parts });
  const etag = `etag-${uploads.length}`;
  return {
    status: 200,
    body: {
      success: true,
      errors: [],
      messages: [],
      result: { id: script, etag, created_on: new Date().toISOString(), modified_on: new Date().toISOString() },
    },
  };
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parsedBody(req: IncomingMessage, raw: Buffer) {
  const type = req.headers["content-type"] ?? "";
  if (raw.length === 0) return null;
  if (type.startsWith("application/json")) return JSON.parse(raw.toString("utf8"));
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    const form = await new Request("http://x/", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) {
      const value = typeof v === "string" ? v : { filename: v.name, base64: Buffer.from(await v.arrayBuffer()).toString("base64") };
      out[k] = k in out ? [out[k], value].flat() : value;
    }
    return out;
  }
  if (type.startsWith("text/")) return raw.toString("utf8");
  return { base64: raw.toString("base64") };
}

/** Starts the upstream API on 127.0.0.1 and an ephemeral port. */
export async function startUpstreamServer(): Promise<{ origin: string; server: Server }> {
  let tokensIssued = 0;
  const hits = new Map<string, number>();
  // Every request line received (the most recent 5,000), so a test can prove what never reached the API.
  const received: string[] = [];
  const uploads: Upload[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/_received") {
      const needle = url.searchParams.get("containing") ?? "";
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(received.filter((line) => line.includes(needle))));
    }
    if (received.push(`${req.method} ${req.url}`) > 5_000) received.shift();
    const raw = await readBody(req);
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (url.pathname === "/oauth/token") {
      const expected = `Basic ${Buffer.from(`${encodeURIComponent(OAUTH_CLIENT.id)}:${encodeURIComponent(OAUTH_CLIENT.secret)}`).toString("base64")}`;
      if (req.headers.authorization !== expected || !raw.toString().includes("grant_type=client_credentials"))
        return json(401, { error: "invalid_client" });
      tokensIssued++;
      return json(200, { access_token: `oauth-token-${tokensIssued}`, token_type: "Bearer", expires_in: 3600 });
    }
    if (url.pathname === "/oauth/stats") return json(200, { tokensIssued });
    // /_slow-cloudflare/<ms>/client/v4/...: Cloudflare's API answering after <ms> (a deployment under way).
    const held = url.pathname.match(/^\/_slow-cloudflare\/(\d+)(\/client\/v4\/.*)$/);
    if (held) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(held[1]), 120_000)));
      url.pathname = held[2];
    }
    if (url.pathname.startsWith("/client/v4/")) {
      const answer = fakeCustomHostnames(req, url, raw, FAKE_CLOUDFLARE_TOKEN) ?? (await fakeCloudflare(req, url, raw, uploads));
      return json(answer.status, answer.body);
    }
    if (url.pathname === "/_fake-cloudflare/uploads") return json(200, uploads);
    if (url.pathname === "/_fake-cloudflare/custom-hostnames") return json(200, saasRequests);
    if (url.pathname === "/redirect") return res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    if (url.pathname === "/text") return res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("plain hello");
    if (url.pathname === "/binary") return res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    if (url.pathname === "/empty") return res.writeHead(204).end();
    if (url.pathname === "/big")
      return json(200, { items: Array.from({ length: Number(url.searchParams.get("n") ?? 5000) }, (_, i) => ({ i, label: `item ${i}` })) });
    const status = url.pathname.match(/^\/status\/(\d{3})$/);
    if (status) return json(Number(status[1]), { error: `failure ${status[1]}`, detail: "x".repeat(5000) });
    // Faults. /hits/<key> counts requests to /counted/<key> (to prove a call never reached the API).
    const counted = url.pathname.match(/^\/counted\/([\w-]+)$/);
    if (counted) hits.set(counted[1], (hits.get(counted[1]) ?? 0) + 1);
    const hitsOf = url.pathname.match(/^\/hits\/([\w-]+)$/);
    if (hitsOf) return json(200, { hits: hits.get(hitsOf[1]) ?? 0 });
    // An API that wants its key: /keyed/* answers 401 unless X-API-Key is KEYED_API_KEY.
    if (url.pathname.startsWith("/keyed/") && req.headers["x-api-key"] !== KEYED_API_KEY) return json(401, { error: "invalid api key" });
    if (url.pathname === "/hang") return; // never answers; the socket closes when the client gives up
    if (url.pathname === "/reset") return req.socket.destroy();
    if (url.pathname === "/garbage") return req.socket.end("\x00\x13 this is not HTTP at all \xff\r\n\r\n");
    if (url.pathname === "/truncated") {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"items": [1, 2, 3');
      return setTimeout(() => req.socket.destroy(), 20);
    }
    if (url.pathname === "/slow") {
      const timer = setTimeout(() => json(200, { slow: true }), Number(url.searchParams.get("ms") ?? 2000));
      req.on("close", () => clearTimeout(timer));
      return;
    }
    // Everything else echoes the request.
    const rawUrl = req.url ?? "/";
    json(200, {
      method: req.method,
      path: rawUrl.split("?")[0],
      query: rawUrl.includes("?") ? rawUrl.slice(rawUrl.indexOf("?") + 1) : "",
      headers: req.headers,
      body: await parsedBody(req, raw),
    });
  });
  const origin = await listenOnLoopback(server, "upstream server");
  server.unref();
  return { origin, server };
}
