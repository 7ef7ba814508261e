// Sign-in refusals found by probing: superadmin only for verified identities, the account limit for
// every body better-auth reads, logout only from the portal's own pages, password policy, sign-up
// answers that do not tell whether an email has an account, and no session tokens in answers.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { PASSWORD_REFUSALS } from "../../../worker/auth/password-policy";
import { TOO_MANY_ATTEMPTS, UNSUPPORTED_BODY } from "../../../worker/auth/rate-limit";
import { getDb } from "../../../worker/db";
import { sessions, users } from "../../../worker/db/schema";
import { call, ORIGIN, signUp } from "../helpers";

const db = getDb(env.DB);
const fresh = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const signUpCall = (body: Record<string, unknown>) => call("/api/auth/sign-up/email", { method: "POST", json: body });
const formSignIn = (email: string, password: string) =>
  call("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }).toString(),
  });
const sessionCount = async (userId: string) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("superadmin", () => {
  it("is not granted by signing up with an email SUPERADMIN_EMAILS names", async () => {
    // The test config lists Listed@Toolport.test; nobody verifies this address.
    const { cookie } = await signUp({ email: "listed@toolport.test", name: "Not The Boss" });
    expect(await (await call("/api/auth/profile", { cookie })).json()).toMatchObject({ data: { superUser: false } });
    const servers = await call("/api/superadmin/servers", { cookie });
    expect(servers.status).toBe(403);
    expect(await servers.json()).toEqual({ success: false, error: "Access denied: restricted to superadministrators" });
  });

  it("cannot be reached by a built-in account marking its own email verified", async () => {
    const { cookie, userId } = await signUp({ email: `boss-${crypto.randomUUID().slice(0, 8)}@toolport.test` });
    await call("/api/auth/update-user", { method: "POST", cookie, json: { emailVerified: true, superUser: true } });
    expect(await db.query.users.findFirst({ where: eq(users.id, userId) })).toMatchObject({ emailVerified: false, superUser: false });
  });

  it("ends as soon as SUPERADMIN_EMAILS no longer names the user", async () => {
    const email = `admin-${crypto.randomUUID().slice(0, 8)}@toolport.test`;
    const { cookie, userId } = await signUp({ email });
    // Verified, and flagged in the users table's old super_user column, which grants nothing by itself.
    await db.update(users).set({ emailVerified: true, superUser: true }).where(eq(users.id, userId));
    const superUserWith = async (emails: string) => {
      const res = await app.fetch(
        new Request(`${ORIGIN}/api/auth/profile`, { headers: { cookie } }),
        { ...env, SUPERADMIN_EMAILS: emails },
        createExecutionContext(),
      );
      return ((await res.json()) as { data: { superUser: boolean } }).data.superUser;
    };
    expect(await superUserWith(`someone@toolport.test, ${email.toUpperCase()}`)).toBe(true);
    expect(await superUserWith("someone@toolport.test")).toBe(false);
  });
});

describe("the per-account sign-in limit", () => {
  it("counts form-encoded sign-ins too", async () => {
    const { email, password } = await signUp();
    // 21 attempts span at most two of the limiter's one-minute windows, so one window sees 11 or more.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await formSignIn(email, i === 20 ? password : "wrong password!")).status);
    expect(statuses).toContain(429);
    const limited = await formSignIn(email.toUpperCase(), password);
    if (limited.status === 429) expect(await limited.json()).toEqual({ success: false, error: TOO_MANY_ATTEMPTS });
  });

  it("counts every email of a form that repeats the field", async () => {
    const { email, password } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const body = `email=${encodeURIComponent(fresh("decoy"))}&email=${encodeURIComponent(email)}&password=${encodeURIComponent(i === 20 ? password : "wrong password!")}`;
      const res = await call("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });

  it("refuses sign-in bodies it cannot read with 415", async () => {
    const { email, password } = await signUp();
    for (const type of ["text/plain", "application/vnd.api+json", "multipart/form-data; boundary=x"]) {
      const res = await call("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": type },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ success: false, error: UNSUPPORTED_BODY });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe("logout", () => {
  it("keeps the session when another site navigates to /api/auth/logout", async () => {
    const { cookie } = await signUp();
    for (const headers of [{ "sec-fetch-site": "cross-site" }, {}, { referer: "https://evil.example/page" }] as Record<string, string>[]) {
      const res = await call("/api/auth/logout", { cookie, headers });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await call("/api/auth/profile", { cookie })).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("ends the session on a navigation from the portal's own pages", async () => {
    for (const headers of [
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "same-site" },
      { referer: `${ORIGIN}/servers` },
    ] as Record<string, string>[]) {
      const { cookie } = await signUp();
      const res = await call("/api/auth/logout", { cookie, headers });
      expect(res.headers.get("location")).toBe("/login");
      expect((await call("/api/auth/profile", { cookie })).status, JSON.stringify(headers)).toBe(401);
    }
  });
});

describe("new passwords", () => {
  it.each([
    ["12345678", PASSWORD_REFUSALS.common],
    ["Password1", PASSWORD_REFUSALS.common],
    ["        ", PASSWORD_REFUSALS.blank],
    ["aaaabbbb", PASSWORD_REFUSALS.repetitive],
  ])("refuses %j with a clear message", async (password, error) => {
    const email = fresh("weak");
    const res = await signUpCall({ email, password, name: "Weak" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error });
    expect(await db.query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
  });

  it("refuses the email as the password, also when the form is sent form-encoded", async () => {
    const email = fresh("self");
    const res = await call("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: email, name: "Self" }).toString(),
    });
    expect(await res.json()).toEqual({ success: false, error: PASSWORD_REFUSALS.email });
  });

  it("refuses a common password when a signed-in user changes theirs", async () => {
    const { cookie, password } = await signUp();
    const res = await call("/api/auth/change-password", {
      method: "POST",
      cookie,
      json: { currentPassword: password, newPassword: "qwertyuiop" },
    });
    expect(await res.json()).toEqual({ success: false, error: PASSWORD_REFUSALS.common });
  });
});

describe("account discovery", () => {
  it("answers a sign-up for a taken email exactly like a new one, without a session for anyone", async () => {
    const owner = await signUp({ name: "Owner" });
    const before = await sessionCount(owner.userId);
    const row = await db.query.users.findFirst({ where: eq(users.id, owner.userId) });
    const taken = await signUpCall({ email: owner.email, password: "an attacker's guess", name: "Mallory" });
    const created = await signUpCall({ email: fresh("new"), password: "an attacker's guess", name: "Mallory" });
    for (const res of [taken, created]) {
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const [takenBody, createdBody] = [(await taken.json()) as any, (await created.json()) as any];
    expect(Object.keys(takenBody.data.user)).toEqual(Object.keys(createdBody.data.user));
    expect(takenBody).toEqual({ success: true, data: { user: { name: "Mallory", email: owner.email, picture: null, superUser: false } } });
    expect(await sessionCount(owner.userId)).toBe(before);
    // The account keeps its own password and name; the caller's password opens nothing.
    expect(
      (await call("/api/auth/sign-in/email", { method: "POST", json: { email: owner.email, password: "an attacker's guess" } })).status,
    ).toBe(401);
    expect(await db.query.users.findFirst({ where: eq(users.id, owner.userId) })).toEqual(row);
  });

  it("answers a sign-in for an unknown email exactly like a wrong password", async () => {
    const { email } = await signUp();
    const wrong = await call("/api/auth/sign-in/email", { method: "POST", json: { email, password: "not the password" } });
    const unknown = await call("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: fresh("nobody"), password: "not the password" },
    });
    expect([wrong.status, await wrong.json()]).toEqual([unknown.status, await unknown.json()]);
  });
});

describe("session tokens", () => {
  it("are never answered: list-sessions is gone and get-session carries only the profile", async () => {
    const { cookie } = await signUp();
    for (const method of ["GET", "POST"]) {
      const list = await call("/api/auth/list-sessions", { method, cookie, ...(method === "POST" ? { json: {} } : {}) });
      expect(list.status).toBe(404);
      expect(await list.text()).not.toMatch(/token/i);
    }
    const session = await call("/api/auth/get-session", { cookie });
    const text = await session.text();
    const token = decodeURIComponent(cookie.split("session_token=")[1].split(";")[0]).split(".")[0];
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/"token"/);
  });
});
