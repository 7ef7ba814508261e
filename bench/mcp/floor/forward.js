// Forwards each request to env.UPSTREAM, same path and query, and answers what it answers.
// Under /hop/ it does the same through the one step the design adds to every call: a Worker Loader
// isolate (as a deployed server's), handed the request by RPC, makes the upstream call and answers its
// status and text, as Toolport's gateway hands a tools/call (read first) to a server's isolate. The rest of
// Toolport's call path (token, metering, call log, the MCP answer) is not in it.

/** The loaded isolate's one module: an RPC method that makes the upstream call. */
const HOP_MODULE = `import { WorkerEntrypoint } from "cloudflare:workers";
export default class extends WorkerEntrypoint {
  async forward(url, method, headers, body) {
    const res = await fetch(url, { method, headers, body });
    return { status: res.status, body: await res.text() };
  }
}`;

const hopIsolate = (env) =>
  env.LOADER.get("bench-hop", () => ({
    compatibilityDate: "2026-10-20",
    mainModule: "hop.js",
    modules: { "hop.js": HOP_MODULE },
  }));

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/hop/"))
      return fetch(`${env.UPSTREAM}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body: request.body });
    const target = `${env.UPSTREAM}${url.pathname.slice(4)}${url.search}`;
    const { status, body } = await hopIsolate(env)
      .getEntrypoint()
      .forward(target, request.method, Object.fromEntries(request.headers), request.method === "GET" ? null : await request.text());
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  },
};
