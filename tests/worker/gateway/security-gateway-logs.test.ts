// Credentials never reach the logs: each request is logged once with credential-like query values
// redacted (the platform's invocation log, which keeps full URLs, is off), and so are URLs in errors.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import worker from "../../../worker/index";
import { redactText, redactUrl } from "../../../worker/lib/redact";

afterEach(() => vi.restoreAllMocks());

describe("redaction", () => {
  it("redacts credential-like query values and userinfo passwords, keeping the rest of the URL", () => {
    expect(redactUrl("https://api.example.com/v1/items?access_token=abc&page=2&api_key=k&X-Amz-Signature=s&client_secret=c&code=x")).toBe(
      "https://api.example.com/v1/items?access_token=%5Bredacted%5D&page=2&api_key=%5Bredacted%5D&X-Amz-Signature=%5Bredacted%5D&client_secret=%5Bredacted%5D&code=%5Bredacted%5D",
    );
    expect(redactUrl("https://user:hunter2@api.example.com/")).toBe("https://user:%5Bredacted%5D@api.example.com/");
    expect(redactUrl("https://api.example.com/items?page=2")).toBe("https://api.example.com/items?page=2");
    expect(redactText("fetch failed: GET https://api.example.com/x?token=t0p (timeout); retry http://h/?key=k1")).toBe(
      "fetch failed: GET https://api.example.com/x?token=%5Bredacted%5D (timeout); retry http://h/?key=%5Bredacted%5D",
    );
  });

  it("logs each portal request once, with an access_token in its query redacted", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const production = { ...env, ENVIRONMENT: "production", PUBLIC_URL: "https://toolport.example.com" };
    const secret = `tp_${crypto.randomUUID()}`;
    const res = await app.fetch(
      new Request(`https://toolport.example.com/s/no-such-server/mcp?access_token=${secret}`),
      production,
      createExecutionContext(),
    );
    expect(res.status).toBe(404);
    expect(lines).toEqual([
      expect.stringMatching(
        /^GET https:\/\/toolport\.example\.com\/s\/no-such-server\/mcp\?access_token=%5Bredacted%5D -> 404 \(\d+ ms\)$/,
      ),
    ]);
    expect(lines.join("\n")).not.toContain(secret);
  });

  it("logs MCP requests the worker entry serves without the app's router the same way, with the same headers", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const production = { ...env, ENVIRONMENT: "production", PUBLIC_URL: "https://toolport.example.com" };
    const secret = `tp_${crypto.randomUUID()}`;
    const request = new Request(`https://toolport.example.com/s/no-such-server/mcp?access_token=${secret}`, {
      headers: { origin: "https://app.example" },
    });
    const res = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, production, createExecutionContext());
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { message: "No MCP server at /s/no-such-server" } });
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "access-control-allow-origin": "https://app.example",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^GET https:\/\/toolport\.example\.com\/s\/no-such-server\/mcp\?access_token=%5Bredacted%5D -> 404 \(\d+ ms\)$/,
      ),
    ]);
    expect(lines.join("\n")).not.toContain(secret);
  });
});
