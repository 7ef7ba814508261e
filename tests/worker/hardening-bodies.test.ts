// Oversized bodies: every state-changing /api route, the description upload and the MCP endpoint answer
// 413 with a clear message, whether the size is declared (Content-Length) or only streamed.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app, JSON_BODY_LIMIT } from "../../worker/app";
import { serverUsage } from "../../worker/db/schema";
import { UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE_MESSAGE } from "../../worker/servers/source";
import { call, signedIn } from "./helpers";
import { bearer, createOrg, createServer, createToken, db, deploy, echoTool, MCP_ORIGIN, settleUsage, workerFetch } from "./mcp-setup";

/** A body of `size` bytes sent in chunks, with no Content-Length (as a chunked upload arrives). */
function streamed(size: number, prefix = '{"name":"') {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

const JSON_TOO_LARGE = { success: false, error: "Request body too large (limit 1 MB)" };

/** Every registered state-changing route under /api with its parameters filled (the limit applies before any lookup). */
function stateChangingApiRoutes() {
  const seen = new Set<string>();
  const routes = app.routes
    .filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.path.startsWith("/api/") && !r.path.endsWith("/*"))
    .map(
      (r) => `${r.method} ${r.path.replace(/:(\w+)(\{([^|}]*)[^}]*\})?/g, (_, name: string, _re, first?: string) => first ?? `${name}-1`)}`,
    )
    // The description uploads have their own, larger cap (tested below).
    .filter((key) => key !== "POST /api/servers" && key !== "PUT /api/servers/id-1/spec" && !seen.has(key) && seen.add(key));
  // better-auth's endpoints sit behind one wildcard route: its JSON routes by name.
  return [...routes, "POST /api/auth/sign-in/email", "POST /api/auth/sign-up/email", "POST /api/auth/sign-out"];
}

describe("oversized bodies", () => {
  it("answers 413 on every state-changing /api route, declared or streamed", async () => {
    const { cookie } = await signedIn();
    const routes = stateChangingApiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const big = `{"name":"${"x".repeat(JSON_BODY_LIMIT)}"}`;
    for (const route of routes) {
      const [method, path] = route.split(" ");
      const declared = await call(path, { method, cookie, headers: { "content-type": "application/json" }, body: big });
      expect.soft(declared.status, `${route} (declared)`).toBe(413);
      expect.soft(await declared.json(), route).toEqual(JSON_TOO_LARGE);
      const chunked = await call(path, {
        method,
        cookie,
        headers: { "content-type": "application/json" },
        body: streamed(JSON_BODY_LIMIT + 1),
        duplex: "half",
      } as RequestInit);
      expect.soft(chunked.status, `${route} (streamed)`).toBe(413);
      expect.soft(await chunked.json(), route).toEqual(JSON_TOO_LARGE);
    }
  }, 120_000);

  it("lets a body just under the limit through to the route", async () => {
    const { cookie } = await signedIn();
    const res = await call("/api/access-tokens", {
      method: "POST",
      cookie,
      json: { name: "n".repeat(JSON_BODY_LIMIT - 100), serverIds: [] },
    });
    expect(res.status).toBe(400); // refused by validation (the name is too long), not by size
  });

  it("answers 413 to a description upload past the cap, declared or streamed (new servers and new versions)", async () => {
    const { cookie, organizationId } = await signedIn();
    const own = await createServer(organizationId, []);
    for (const path of ["/api/servers", `/api/servers/${own.id}/spec`]) {
      const method = path === "/api/servers" ? "POST" : "PUT";
      const form = new FormData();
      form.set("file", new File(["x".repeat(UPLOAD_BODY_LIMIT)], "huge.json"));
      const declared = await call(path, { method, cookie, body: form });
      expect(declared.status, `${method} ${path}`).toBe(413);
      expect(await declared.json()).toEqual({ success: false, error: UPLOAD_TOO_LARGE_MESSAGE });
      const chunked = await call(path, {
        method,
        cookie,
        headers: { "content-type": "multipart/form-data; boundary=b" },
        body: streamed(UPLOAD_BODY_LIMIT + 1, '--b\r\nContent-Disposition: form-data; name="file"; filename="huge.json"\r\n\r\n'),
        duplex: "half",
      } as RequestInit);
      expect(chunked.status, `${method} ${path} (streamed)`).toBe(413);
      expect(await chunked.json()).toEqual({ success: false, error: UPLOAD_TOO_LARGE_MESSAGE });
    }
  }, 120_000);

  it("answers 413 on the MCP endpoint past 4 MB, declared or streamed, without counting a call", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("probe", {})]);
    const { token } = await createToken(org, [server.id]);
    await deploy(server.id);
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", ...bearer(token) };
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "probe", arguments: { pad: "x".repeat(4 * 1024 * 1024) } },
    });
    const declared = await workerFetch(`${MCP_ORIGIN}/s/${server.slug}/mcp`, { method: "POST", headers, body: huge });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ jsonrpc: "2.0", error: { message: "Request body too large (limit 4 MB)" } });
    const chunked = await workerFetch(`${MCP_ORIGIN}/s/${server.slug}/mcp`, {
      method: "POST",
      headers,
      body: streamed(4 * 1024 * 1024 + 1, '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"probe","arguments":{"pad":"'),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ jsonrpc: "2.0", error: { message: "Request body too large (limit 4 MB)" } });
    await settleUsage();
    const [usage] = await db.select().from(serverUsage).where(eq(serverUsage.serverId, server.id));
    expect(usage?.toolCalls ?? 0).toBe(0);
  }, 120_000);
});
