// Sign-in through a generic OpenID Connect provider, switched on by configuration.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { app } from "../../../worker/app";
import { OIDC_CLIENT } from "../../oidc-client";
import { cookiesOf, ORIGIN } from "../helpers";

const issuer = inject("oidcIssuer");
const oidcEnv = { ...env, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret };

const send = (path: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", headers }), oidcEnv, createExecutionContext());

/** Walks the browser's redirects: Toolport → provider → Toolport's callback. */
async function signInThroughProvider(loginHint: string) {
  const login = await send("/api/auth/login?redirect=/tokens");
  expect(login.status).toBe(302);
  const authorize = new URL(login.headers.get("location")!);
  expect(authorize.origin + authorize.pathname).toBe(`${issuer}/authorize`);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/callback/oidc`);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  authorize.searchParams.set("login_hint", loginHint);
  const provider = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(provider.headers.get("location")!);
  return send(callback.pathname + callback.search, { cookie: cookiesOf(login) });
}

describe("OIDC sign-in", () => {
  it("tells the sign-in page that the provider signs people in", async () => {
    expect(await (await send("/api/auth/sign-in-method")).json()).toEqual({ success: true, data: { method: "oidc" } });
  });

  it("signs a user in through the configured provider and keeps the page they came from", async () => {
    const done = await signInThroughProvider("olivia@oidc.example");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/auth/callback?redirect=%2Ftokens");
    const profile = await send("/api/auth/profile", { cookie: cookiesOf(done) });
    expect(await profile.json()).toEqual({
      success: true,
      data: { name: "Olivia Idc", email: "olivia@oidc.example", picture: null, superUser: false },
    });
  });

  it("gives a provider's new user an organization, and makes configured emails it verified superusers", async () => {
    const done = await signInThroughProvider("admin@toolport.test");
    const cookie = cookiesOf(done);
    expect(((await (await send("/api/auth/profile", { cookie })).json()) as any).data.superUser).toBe(true);
    const plans = await send("/api/billing/subscription", { cookie });
    expect(((await plans.json()) as any).data.plan.type).toBe("free");
  });

  it("never makes a configured email a superuser when the provider does not assert it verified", async () => {
    const email = "unverified-admin@toolport.test";
    const listed = { ...oidcEnv, SUPERADMIN_EMAILS: `admin@toolport.test, ${email}` };
    const done = await signInThroughProvider(email);
    const profile = await app.fetch(
      new Request(`${ORIGIN}/api/auth/profile`, { headers: { cookie: cookiesOf(done) } }),
      listed,
      createExecutionContext(),
    );
    expect(await profile.json()).toMatchObject({ success: true, data: { email, superUser: false } });
    const admin = await app.fetch(
      new Request(`${ORIGIN}/api/superadmin/servers`, { headers: { cookie: cookiesOf(done) } }),
      listed,
      createExecutionContext(),
    );
    expect(admin.status).toBe(403);
  });

  it("refuses a callback whose state was not issued to this browser", async () => {
    const login = await send("/api/auth/login");
    const authorize = new URL(login.headers.get("location")!);
    const provider = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(provider.headers.get("location")!);
    const res = await send(callback.pathname + callback.search); // no state cookie
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/error=/);
    expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
  });
});
