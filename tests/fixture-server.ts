// A local HTTP server for everything "upstream" in tests: fixture files and a few special routes.
import { createServer, type Server } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { listenOnLoopback } from "./loopback";

const FIXTURES = join(import.meta.dirname, "fixtures");
const TYPES: Record<string, string> = {
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml",
  ".txt": "text/plain",
  ".md": "text/markdown; charset=utf-8",
  ".js": "text/javascript",
};

/**
 * The file answering a path: a subdomain of localhost (api.localhost) is served from a folder named
 * after it inside the site's folder (/docs-subdomain/x.html → docs-subdomain/api.localhost/x.html),
 * and its root files (robots.txt) from docs-hosts/<host>/, when those files exist; null for paths
 * outside the fixtures.
 */
function fixturePath(pathname: string, hostname: string): string | null {
  const path = normalize(join(FIXTURES, pathname));
  if (!path.startsWith(FIXTURES)) return null;
  if (!hostname.endsWith(".localhost")) return path;
  const [, first, ...rest] = pathname.split("/");
  const own = normalize(rest.length ? join(FIXTURES, first, hostname, ...rest) : join(FIXTURES, "docs-hosts", hostname, first));
  return own.startsWith(FIXTURES) && existsSync(own) ? own : path;
}

/** Starts the fixture server on 127.0.0.1 and an ephemeral port; files come from tests/fixtures. */
export async function startFixtureServer(): Promise<{ origin: string; server: Server }> {
  const pages = new Map<string, string>();
  const requests: { host: string; path: string; at: number }[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    // Subdomains of localhost arrive through the worker tests' outbound service with their name in x-forwarded-host.
    const host = String(req.headers["x-forwarded-host"] ?? req.headers.host ?? "");
    // /_requests?host=<host>: when each request for that host arrived (crawl politeness, metadata-document fetches).
    if (url.pathname === "/_requests") {
      const seen = requests.filter((r) => r.host === url.searchParams.get("host"));
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(seen));
    }
    if (req.headers["x-forwarded-host"]) requests.push({ host, path: url.pathname + url.search, at: Date.now() });
    if (url.pathname === "/_status/500") return void res.writeHead(500).end("upstream error");
    // /_huge.json: a description that declares a body beyond the 20 MB limit (refused before it is read).
    if (url.pathname === "/_huge.json") {
      const body = `{"openapi":"3.0.3","info":{"title":"Huge","version":"1"},"paths":{"/x":{"get":{"responses":{"200":{"description":"ok"}}}}},"x-pad":"${" ".repeat(21 * 1024 * 1024)}"}`;
      return void res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }).end(body);
    }
    if (url.pathname.startsWith("/_redirect")) {
      return void res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    }
    // /_pages/<name>: a page the test writes with PUT (documentation that changes between crawls).
    if (url.pathname.startsWith("/_pages/")) {
      if (req.method === "PUT") {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        pages.set(url.pathname, Buffer.concat(chunks).toString("utf8"));
        return void res.writeHead(204).end();
      }
      const page = pages.get(url.pathname);
      if (page === undefined) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    }
    // /_slow/<path>?ms=N serves the fixture file <path> after N milliseconds (crawl politeness and time-outs).
    if (url.pathname.startsWith("/_slow/")) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(url.searchParams.get("ms") ?? 1000), 30_000)));
      url.pathname = url.pathname.slice("/_slow".length);
    }
    const path = fixturePath(decodeURIComponent(url.pathname), host.split(":")[0]);
    const file = path && (await readFile(path).catch(() => null));
    if (!path) return void res.writeHead(403).end();
    if (!file) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    // Text fixtures may write __ORIGIN__ for absolute URLs and __PORT__ for other hosts on this port.
    const body = /\.(html|xml|txt)$/.test(path)
      ? file
          .toString("utf8")
          .replaceAll("__ORIGIN__", `http://${host}`)
          .replaceAll("__PORT__", host.split(":")[1] ?? "")
      : file;
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
  });
  const origin = await listenOnLoopback(server, "fixture server");
  server.unref();
  return { origin, server };
}
