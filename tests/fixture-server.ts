// A local HTTP server for everything "upstream" in tests: fixture files and a few special routes.
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

const FIXTURES = join(import.meta.dirname, "fixtures");
const TYPES: Record<string, string> = {
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml",
  ".txt": "text/plain",
};

/** Starts the fixture server on 127.0.0.1 and an ephemeral port; files come from tests/fixtures. */
export async function startFixtureServer(): Promise<{ origin: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/_status/500") return void res.writeHead(500).end("upstream error");
    if (url.pathname.startsWith("/_redirect")) {
      return void res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    }
    // /_slow/<path>?ms=N serves the fixture file <path> after N milliseconds (crawl politeness and time-outs).
    if (url.pathname.startsWith("/_slow/")) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(url.searchParams.get("ms") ?? 1000), 30_000)));
      url.pathname = url.pathname.slice("/_slow".length);
    }
    const path = normalize(join(FIXTURES, decodeURIComponent(url.pathname)));
    if (!path.startsWith(FIXTURES)) return void res.writeHead(403).end();
    try {
      let body: Buffer | string = await readFile(path);
      // Text fixtures may write __ORIGIN__ for absolute URLs and __PORT__ for other hosts on this port.
      if (/\.(html|xml|txt)$/.test(path)) body = body.toString("utf8").replaceAll("__ORIGIN__", `http://${req.headers.host}`).replaceAll("__PORT__", (req.headers.host ?? "").split(":")[1] ?? "");
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fixture server has no port");
  server.unref();
  return { origin: `http://127.0.0.1:${address.port}`, server };
}
