// Access hardening: sign-in rate limits per account and per address, session rotation on sign-in,
// CSRF refused on every state-changing route, security headers and a strict CSP on HTML answers.
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { TOO_MANY_ATTEMPTS } from "../../../worker/auth/rate-limit";
import { call, cookiesOf, signUp } from "../helpers";
import { createOrg, createServer, deploy, echoTool, MCP_ORIGIN, settledDeployment, workerFetch } from "../mcp-setup";

const SESSION_COOKIE = "better-auth.session_token";
const sessionOf = (cookie: string) =>
  cookie
    .split("; ")
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split("=")[1];
const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  call("/api/auth/sign-in/email", { method: "POST", headers, json: { email, password } });

/**
 * The limiters count in wall-clock minutes. A burst starts early in a minute; should a slow machine
 * still carry it into the next window (which resets the count), it runs again with fresh keys.
 */
async function inOneWindow(burst: (round: number) => Promise<void>) {
  for (let round = 0; ; round++) {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
    const window = Math.floor(Date.now() / 60_000);
    try {
      return await burst(round);
    } catch (err) {
      if (round >= 2 || Math.floor(Date.now() / 60_000) === window) throw err;
    }
  }
}

const randomAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

describe("sign-in rate limits", () => {
  it("refuses an account's 11th sign-in within a minute with 429, even with the right password", async () => {
    const other = await signUp();
    await inOneWindow(async () => {
      const { email, password } = await signUp();
      for (let i = 0; i < 10; i++) expect((await signIn(email, "wrong password!")).status).toBe(401);
      const limited = await signIn(email, password);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("60");
      expect(limited.headers.getSetCookie()).toEqual([]);
      expect(await limited.json()).toEqual({ success: false, error: TOO_MANY_ATTEMPTS });
      // The limit is the account's, whatever the email's case; another account signs in from the same client.
      expect((await signIn(email.toUpperCase(), password)).status).toBe(429);
    });
    expect((await signIn(other.email, other.password)).status).toBe(200);
  }, 200_000);

  it("refuses an address's 31st attempt within a minute across accounts and sign-ups", async () => {
    const victim = await signUp();
    await inOneWindow(async () => {
      const address = { "cf-connecting-ip": randomAddress() };
      // Mostly sign-ups refused for a short password (no password hashing, so the burst is quick).
      for (let i = 0; i < 30; i++) {
        const email = `spray${i}-${crypto.randomUUID()}@example.com`;
        const res =
          i % 10 === 0
            ? await signIn(email, "guessed password", address)
            : await call("/api/auth/sign-up/email", { method: "POST", headers: address, json: { email, password: "short" } });
        expect(res.status).not.toBe(429);
      }
      expect((await signIn(victim.email, victim.password, address)).status).toBe(429);
      const signUpAttempt = await call("/api/auth/sign-up/email", {
        method: "POST",
        headers: address,
        json: { email: `late-${crypto.randomUUID()}@example.com`, password: "a long password" },
      });
      expect(signUpAttempt.status).toBe(429);
    });
    // Another address is not affected.
    expect((await signIn(victim.email, victim.password, { "cf-connecting-ip": "198.51.100.9" })).status).toBe(200);
  }, 200_000);
});

describe("sessions", () => {
  it("issues a new session token on sign-in, whatever session cookie the browser already had", async () => {
    const { email, password, cookie: first } = await signUp();
    const planted = `${SESSION_COOKIE}=planted-by-an-attacker.c2lnbmF0dXJl`;
    for (const before of [first, planted]) {
      const res = await call("/api/auth/sign-in/email", { method: "POST", cookie: before, json: { email, password } });
      expect(res.status).toBe(200);
      const after = sessionOf(cookiesOf(res));
      expect(after).toBeTruthy();
      expect(after).not.toBe(sessionOf(before));
      expect((await call("/api/auth/profile", { cookie: cookiesOf(res) })).status).toBe(200);
    }
    expect((await call("/api/auth/profile", { cookie: planted })).status).toBe(401);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, and ends it server-side on logout", async () => {
    const { email, password } = await signUp();
    const res = await signIn(email, password);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(SESSION_COOKIE))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookiesOf(res);
    expect((await call("/api/auth/logout", { cookie, headers: { "sec-fetch-site": "same-origin" } })).status).toBe(302);
    // The old cookie, replayed after logout, no longer opens a session.
    expect((await call("/api/servers", { cookie })).status).toBe(401);
  });
});

// Routes not guarded by the portal's session: the MCP endpoint is authorized by access tokens and
// answers other origins on purpose (CORS), so a cookie-riding request gains nothing there; so are the
// OAuth token and registration endpoints, which browser MCP clients call from their own origins.
const TOKEN_AUTHORIZED = new Set(["POST /s/:slug/mcp", "DELETE /s/:slug/mcp", "POST /oauth/token", "POST /oauth/register"]);

describe("CSRF", () => {
  const stateChanging = () => {
    const seen = new Set<string>();
    return (
      app.routes
        .filter((r) => !["GET", "HEAD", "OPTIONS", "ALL"].includes(r.method) && !r.path.endsWith("/*"))
        .map((r) => `${r.method} ${r.path}`)
        .filter((key) => !TOKEN_AUTHORIZED.has(key) && !seen.has(key) && seen.add(key))
        // better-auth's endpoints sit behind one wildcard route: its state-changing ones by name.
        .concat(
          [
            "sign-in/email",
            "sign-up/email",
            "sign-out",
            "update-user",
            "change-password",
            "change-email",
            "delete-user",
            "revoke-sessions",
          ].map((p) => `POST /api/auth/${p}`),
        )
    );
  };

  it("refuses every state-changing route from another site, with and without an Origin header", async () => {
    const { cookie } = await signUp();
    const routes = stateChanging();
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const [method, path] = route.split(" ");
      const url = path.replace(/:(\w+)(\{([^|}]*)[^}]*\})?/g, (_, name: string, _re, first?: string) => first ?? `${name}-1`);
      for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
        const res = await call(url, { method, cookie, headers, json: {} });
        expect.soft(res.status, `${route} with ${JSON.stringify(headers)}`).toBe(403);
        expect.soft(await res.json(), route).toEqual({ success: false, error: "Cross-origin request refused" });
      }
    }
    // The same calls from the portal's own origin get past the guard (here: validation or 404).
    const own = await call("/api/access-tokens", { method: "POST", cookie, json: { name: "Mine", serverIds: [] } });
    expect(own.status).toBe(201);
  });
});

describe("security headers", () => {
  it("serves the SPA with a strict Content-Security-Policy that forbids framing and inline scripts", async () => {
    for (const path of ["/", "/login", "/servers/some-id"]) {
      const res = await call(path, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      // The policy holds for the page as built: no inline script would need an exception.
      expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it("forbids framing of the MCP server's root info page and keeps its own policy", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("x", {})], { exposeToPublic: true });
    await deploy(server.id);
    const res = await workerFetch(`http://localhost/s/${server.slug}`, { headers: { accept: "text/html" } });
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("marks JSON answers nosniff", async () => {
    const res = await call("/api/servers");
    expect(res.status).toBe(401);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });
});

describe("escaping", () => {
  it("shows an imported description's texts escaped on the server's root info page", async () => {
    const hostile = `<img src=x onerror="alert(1)"><script>alert('t')</script>`;
    const doc = {
      openapi: "3.0.3",
      info: { title: `Notes ${hostile}`, description: `About ${hostile}`, version: "1.0" },
      servers: [{ url: "https://notes.example.com" }],
      paths: { "/notes": { get: { operationId: "listNotes", summary: `List ${hostile}`, responses: { 200: { description: "ok" } } } } },
    };
    const { cookie } = await signUp();
    const form = new FormData();
    form.set("file", new File([JSON.stringify(doc)], "notes.json"));
    const server = (
      (await (await call("/api/servers", { method: "POST", cookie, body: form })).json()) as { data: { id: string; slug: string } }
    ).data;
    expect(
      (
        await call(`/api/servers/${server.id}/auth-config`, {
          method: "POST",
          cookie,
          json: { authType: "none", authStrategy: "passthrough", exposeToPublic: true },
        })
      ).status,
    ).toBe(200);
    expect((await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie, json: { apiConfig: {} } })).status).toBe(
      200,
    );
    await settledDeployment(server.id);
    const page = await (await workerFetch(`${MCP_ORIGIN}/s/${server.slug}`, { headers: { accept: "text/html" } })).text();
    const escaped = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt;";
    for (const text of [`<h1>Notes ${escaped}</h1>`, `<p>About ${escaped}</p>`]) expect(page).toContain(text);
    // Tool descriptions lose their markup on import; what is left is escaped too.
    expect(page).toContain("<li><code>listNotes</code> List alert(&#39;t&#39;)</li>");
    expect(page).not.toMatch(/<script|<img/i);
  });
});
