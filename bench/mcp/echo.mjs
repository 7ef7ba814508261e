// The upstream bench:mcp calls and the description of it a server is made from.
import { createServer } from "node:http";

// The upstream: GET /echo/{word}?q= answers both back as JSON.
export function startUpstream() {
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://upstream");
    const word = decodeURIComponent(url.pathname.split("/")[2] ?? "");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ word, q: url.searchParams.get("q") }));
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}

export const descriptionOf = (origin) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Echo", version: "1.0.0" },
    servers: [{ url: origin }],
    paths: {
      "/echo/{word}": {
        get: {
          operationId: "echo",
          summary: "Echo a word and a query",
          parameters: [
            { name: "word", in: "path", required: true, schema: { type: "string" } },
            { name: "q", in: "query", required: false, schema: { type: "string" } },
          ],
          responses: {
            200: {
              description: "The word and the query",
              content: {
                "application/json": { schema: { type: "object", properties: { word: { type: "string" }, q: { type: "string" } } } },
              },
            },
          },
        },
      },
    },
  });
