// Sign-in: built-in accounts, sessions, profile, logout, superusers and the CSRF guard
// (refusals.test.ts covers the refusals: superadmin, passwords, account discovery, logout).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../worker/db";
import { memberships, organizations, subscriptions, users } from "../../../worker/db/schema";
import { call, cookiesOf, signUp } from "../helpers";

const db = getDb(env.DB);

describe("sign-up", () => {
  it("creates the user and answers their profile; signing in then opens the session", async () => {
    const credentials = { email: "grace@example.com", password: "a long password" };
    const res = await call("/api/auth/sign-up/email", { method: "POST", json: { ...credentials, name: "Grace Hopper" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { user: { name: "Grace Hopper", email: "grace@example.com", picture: null, superUser: false } },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    const signedIn = await call("/api/auth/sign-in/email", { method: "POST", json: credentials });
    const cookie = signedIn.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("gives a new user an organization of their own on the free plan", async () => {
    const { email } = await signUp({ name: "Alan Turing" });
    const user = await db.query.users.findFirst({ where: eq(users.email, email) });
    const membership = await db.query.memberships.findFirst({ where: eq(memberships.userId, user!.id) });
    expect(membership?.role).toBe("owner");
    const org = await db.query.organizations.findFirst({ where: eq(organizations.id, membership!.organizationId) });
    expect(org?.name).toBe("Alan Turing's organization");
    const subscription = await db.query.subscriptions.findFirst({
      where: eq(subscriptions.organizationId, org!.id),
    });
    expect(subscription).toMatchObject({ planType: "free", status: "active" });
  });

  it("refuses a short password with a clear message", async () => {
    const res = await call("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "short@example.com", password: "short", name: "Short" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: expect.stringMatching(/password/i) });
  });
});

describe("sign-in", () => {
  it("signs in with the right password", async () => {
    const { email, password } = await signUp({ name: "Katherine Johnson" });
    const res = await call("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
    expect(res.status).toBe(200);
    const profile = await call("/api/auth/profile", { cookie: cookiesOf(res) });
    expect(await profile.json()).toEqual({
      success: true,
      data: { name: "Katherine Johnson", email, picture: null, superUser: false },
    });
  });

  it("refuses a wrong password with 401 and no session", async () => {
    const { email } = await signUp();
    const res = await call("/api/auth/sign-in/email", { method: "POST", json: { email, password: "wrong password" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Invalid email or password" });
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });
});

describe("profile and logout", () => {
  it("answers 401 in the { success, error } shape without a session", async () => {
    const res = await call("/api/auth/profile");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Authentication required" });
  });

  it("answers 401 on any other /api call without a session", async () => {
    const res = await call("/api/billing/plans");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Authentication required" });
  });

  it("ends the session on logout and sends the browser to /login", async () => {
    const { cookie } = await signUp();
    expect((await call("/api/auth/profile", { cookie })).status).toBe(200);
    const res = await call("/api/auth/logout", { cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    // The old cookie no longer works: the session row is gone.
    expect((await call("/api/auth/profile", { cookie })).status).toBe(401);
  });

  it("sends /api/auth/login to the built-in form when no OIDC provider is configured", async () => {
    const res = await call("/api/auth/login?redirect=/tokens");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?method=password&redirect=%2Ftokens");
    const evil = await call("/api/auth/login?redirect=//evil.example");
    expect(evil.headers.get("location")).toBe("/login?method=password");
    // The sign-in page asks first, so it opens the form without this round trip.
    expect(await (await call("/api/auth/sign-in-method")).json()).toEqual({ success: true, data: { method: "password" } });
  });
});

describe("superusers", () => {
  it("makes verified users named in SUPERADMIN_EMAILS superusers, ignoring case", async () => {
    const { cookie, userId } = await signUp({ email: "boss@toolport.test", name: "The Boss" });
    // What an operator does for a built-in account (README, Security model): mark its email verified.
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    const profile = await (await call("/api/auth/profile", { cookie })).json();
    expect(profile).toMatchObject({ success: true, data: { superUser: true } });
  });
});

describe("cross-origin requests", () => {
  it("refuses a state-changing call from another origin", async () => {
    const res = await call("/api/auth/sign-up/email", {
      method: "POST",
      headers: { origin: "https://evil.example" },
      json: { email: "csrf@example.com", password: "a long password", name: "CSRF" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Cross-origin request refused" });
    expect(await db.query.users.findFirst({ where: eq(users.email, "csrf@example.com") })).toBeUndefined();
  });

  it("refuses a cross-site call that names no origin", async () => {
    const res = await call("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: "", "sec-fetch-site": "cross-site" },
      json: { email: "x@example.com", password: "whatever password" },
    });
    expect(res.status).toBe(403);
  });
});

describe("the API's error shape", () => {
  it("answers unknown /api routes with 404 for a signed-in user", async () => {
    const { cookie } = await signUp();
    const res = await call("/api/nothing-here", { cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Not found" });
  });

  it("answers an oversized body with 413", async () => {
    const res = await call("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "big@example.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: "Request body too large (limit 1 MB)" });
  });
});
