// Settings fail closed: only ENVIRONMENT=development relaxes anything. Any other value (a capital
// letter, a typo, none at all) gets Secure cookies, SSRF refusals, and no test-mode billing without Stripe.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { getAuth } from "../../worker/auth/auth";
import { localCheckoutKey, PAYMENTS_NOT_CONFIGURED } from "../../worker/billing/providers";
import { getDb } from "../../worker/db";
import { subscriptions } from "../../worker/db/schema";
import { isLocalDev } from "../../worker/env";
import { checkPublicUrl } from "../../worker/lib/safe-fetch";
import { cookiesOf, ORIGIN, signedIn } from "./helpers";

const db = getDb(env.DB);
const NOT_DEVELOPMENT = ["Production", "prod", "developement", "", undefined];

/** A request through the app with ENVIRONMENT set to `environment` (undefined: not set at all). */
function fetchIn(environment: string | undefined, path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("origin", ORIGIN);
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  const bindings = { ...env, ENVIRONMENT: environment } as typeof env;
  return app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }), bindings, createExecutionContext());
}

/** A signed-in user whose session cookie was issued under `environment` (Secure-prefixed outside development). */
async function userIn(environment: string | undefined) {
  const user = await signedIn();
  const bindings = { ...env, ENVIRONMENT: environment } as typeof env;
  const res = await getAuth(bindings, ORIGIN).api.signInEmail({ body: { email: user.email, password: user.password }, asResponse: true });
  return { ...user, cookie: cookiesOf(res), setCookie: res.headers.getSetCookie() };
}

describe("ENVIRONMENT", () => {
  it("relaxes security only when it says exactly development", () => {
    expect(isLocalDev({ ENVIRONMENT: "development" })).toBe(true);
    for (const value of [...NOT_DEVELOPMENT, "production"]) expect(isLocalDev({ ENVIRONMENT: value as string }), String(value)).toBe(false);
  });

  it.each(NOT_DEVELOPMENT)("sets Secure session cookies and refuses internal addresses under %j", async (environment) => {
    const { setCookie } = await userIn(environment);
    const session = setCookie.find((c) => c.includes("session_token"));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(() => checkPublicUrl("http://127.0.0.1:8787/openapi.json", { ENVIRONMENT: environment as string })).toThrow(/internal address/);
  });
});

describe("billing without Stripe keys outside development", () => {
  it("refuses checkout with a clear message and keeps the free plan", async () => {
    const { cookie, organizationId } = await userIn("Production");
    const res = await fetchIn("Production", "/api/billing/checkout", {
      method: "POST",
      cookie,
      body: JSON.stringify({ planType: "growth" }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, error: PAYMENTS_NOT_CONFIGURED });
    const subscription = await fetchIn("Production", "/api/billing/subscription", { cookie });
    expect(await subscription.json()).toMatchObject({ data: { plan: { type: "free" }, provider: "none", testMode: false } });
    expect(await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, organizationId) })).toMatchObject({
      planType: "free",
    });
  });

  it("serves no test-mode checkout or portal, even for a pending checkout", async () => {
    const { cookie, organizationId } = await userIn(undefined);
    const id = crypto.randomUUID();
    await env.KV.put(localCheckoutKey(id), JSON.stringify({ organizationId, planType: "growth" }));
    for (const [method, path] of [
      ["GET", `/api/billing/test-checkout/${id}`],
      ["POST", `/api/billing/test-checkout/${id}`],
      ["GET", "/api/billing/test-portal"],
      ["POST", "/api/billing/test-portal/reactivate"],
    ]) {
      const res = await fetchIn(undefined, path, { method, cookie });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await db.query.subscriptions.findFirst({ where: eq(subscriptions.organizationId, organizationId) })).toMatchObject({
      planType: "free",
    });
    expect((await fetchIn(undefined, "/api/billing/portal", { method: "POST", cookie })).status).toBe(400); // free plan: no portal
  });
});
