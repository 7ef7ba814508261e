// Serves each corpus site at the root of its own origin on 127.0.0.1 (its own sitemap.xml, llms.txt
// and robots.txt), with the site's origin put in where the generated files name it.
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import type { BuiltSite } from "./build";
import { ORIGIN } from "./shells";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".js": "text/javascript; charset=utf-8",
};

export type ServedSite = { origin: string; close: () => Promise<void> };

/** Starts a server for one built site on an ephemeral port of 127.0.0.1. */
export async function serveSite(built: BuiltSite): Promise<ServedSite> {
  let origin = "";
  const server: Server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    let file = normalize(join(built.dir, decodeURIComponent(pathname)));
    if (!file.startsWith(built.dir)) return void res.writeHead(404).end();
    if (pathname.endsWith("/")) file = join(file, "index.html");
    try {
      // Static hosts answer /docs/api/x from /docs/api/x/index.html, as Docusaurus builds it.
      const text = await readFile(file, "utf8").catch(() => ((file = join(file, "index.html")), readFile(file, "utf8")));
      const body = text.replaceAll(ORIGIN, origin);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
