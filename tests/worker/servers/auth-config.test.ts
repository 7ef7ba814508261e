// analyse-auth and auth-config: candidates from the description, the save checks (static parameter values,
// managed credentials, an access token), encrypted secrets.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accessTokens, authConfigs, servers, tokenServers } from "../../../worker/db/schema";
import { decryptJson } from "../../../worker/lib/crypto";
import { call, signedIn } from "../helpers";
import { fixtureText } from "../openapi/helpers";
import { db, json, organizationOf, uploadDescription } from "./helpers";

async function serverFrom(fixture: string) {
  const user = await signedIn();
  const { data } = await json(await uploadDescription(user.cookie, fixture, await fixtureText(fixture)));
  return { ...user, serverId: data.id as string, organizationId: await organizationOf(user.email) };
}

async function assignToken(organizationId: string, serverId: string, values: Partial<typeof accessTokens.$inferInsert> = {}) {
  const [token] = await db
    .insert(accessTokens)
    .values({ organizationId, tokenHash: crypto.randomUUID(), prefix: "tp_test", ...values })
    .returning();
  await db.insert(tokenServers).values({ tokenId: token.id, serverId });
}

const save = (cookie: string, serverId: string, body: unknown) =>
  call(`/api/servers/${serverId}/auth-config`, { method: "POST", json: body, cookie });

describe("POST /api/servers/{id}/analyse-auth", () => {
  it("answers candidates from securityDefinitions with apiKey name and location and oauth2 URLs", async () => {
    const { cookie, serverId } = await serverFrom("petstore-2.0.json");
    const { data } = await json(await call(`/api/servers/${serverId}/analyse-auth`, { method: "POST", cookie }));
    expect(Object.keys(data)).toEqual(["authCandidates", "authContext", "credentials", "functional", "envVarDocs"]);
    expect(data.authCandidates).toEqual([
      { type: "apiKey", schemeName: "api_key", source: "securitySchemes", name: "api_key", in: "header", usedBy: 4, confidence: 1 },
      expect.objectContaining({
        type: "oauth2",
        schemeName: "petstore_auth",
        authorizationUrl: "https://petstore.example.com/oauth/authorize",
        scopes: ["write:pets", "read:pets"],
      }),
    ]);
    expect(data.envVarDocs.map((d: { name: string }) => d.name)).toEqual(["API_KEY", "OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET"]);
  });

  it("answers http bearer from securitySchemes", async () => {
    const { cookie, serverId } = await serverFrom("anchors-3.0.yaml");
    const { data } = await json(await call(`/api/servers/${serverId}/analyse-auth`, { method: "POST", cookie }));
    expect(data.authCandidates).toEqual([
      { type: "bearer", schemeName: "bearerAuth", source: "securitySchemes", bearerFormat: "JWT", usedBy: 3, confidence: 1 },
    ]);
    expect(data.authContext).toEqual([
      { name: "workspace_id", type: "string", reason: "Account-level identifier repeated in 3 of 3 operations", confidence: 0.95 },
    ]);
    expect(data.envVarDocs).toEqual([
      { name: "API_TOKEN", description: "Bearer token sent as 'Authorization: Bearer <token>'", authType: "bearer", secret: true },
    ]);
  });

  it("guesses from parameters when the description declares no scheme, and finds fixed parameters", async () => {
    const { cookie, serverId } = await serverFrom("auth-hints.yaml");
    const { data } = await json(await call(`/api/servers/${serverId}/analyse-auth`, { method: "POST", cookie }));
    expect(data.authCandidates).toEqual([
      {
        type: "apiKey",
        schemeName: "hint",
        source: "hint",
        name: "X-API-Key",
        in: "header",
        description: "The operations take a X-API-Key header parameter.",
        usedBy: 2,
        confidence: 0.6,
      },
    ]);
    expect(data.credentials).toEqual([
      { name: "X-API-Key", type: "string", reason: "Looks like a credential (header parameter in 2 of 3 operations)", confidence: 0.9 },
    ]);
    expect(data.authContext).toEqual([
      { name: "accountId", type: "string", reason: "Account-level identifier repeated in 2 of 3 operations", confidence: 0.83 },
    ]);
    // `format` (required, one allowed value) is no argument at all: the server always sends "json".
    expect(data.functional).toEqual([
      { name: "Api-Version", type: "string", reason: "API version header parameter used in 2 of 3 operations", confidence: 0.8 },
    ]);
  });
});

describe("auth-config: required credentials and tokens", () => {
  it("answers 404 until a configuration is saved", async () => {
    const { cookie, serverId } = await serverFrom("anchors-3.0.yaml");
    const res = await call(`/api/servers/${serverId}/auth-config`, { cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Authentication is not configured for this server" });
  });

  it("requires credentials of the auth type for managed authentication, with the spec's messages", async () => {
    const { cookie, serverId } = await serverFrom("anchors-3.0.yaml");
    const cases: [string, string][] = [
      ["bearer", "Bearer Token"],
      ["apiKey", "API Key"],
      ["basic", "Username and Password"],
      ["oauth2", "OAuth2 Client ID and Secret"],
    ];
    for (const [authType, label] of cases) {
      const res = await save(cookie, serverId, { authType, authStrategy: "managed", secrets: { username: "only-user" } });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toBe(
        `Managed authentication requires API credentials. Please provide the ${label} for the target API.`,
      );
    }
  });

  it("requires an active, unexpired access token assigned to the server for managed authentication", async () => {
    const { cookie, serverId, organizationId } = await serverFrom("anchors-3.0.yaml");
    const body = { authType: "bearer", authStrategy: "managed", secrets: { token: "sk-live-1234567890abcd" } };
    await assignToken(organizationId, serverId, { isActive: false });
    await assignToken(organizationId, serverId, { expiresAt: new Date(Date.now() - 1000) });
    const res = await save(cookie, serverId, body);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe(
      "For managed authentication, you must assign at least one access token to this server. Please select existing tokens or create a new one.",
    );
    await assignToken(organizationId, serverId);
    expect((await save(cookie, serverId, body)).status).toBe(200);
  });
});

describe("auth-config: encrypted secrets", () => {
  it("encrypts secrets, answers only masks, and keeps the stored secret when the bearer token is left blank", async () => {
    const { cookie, serverId, organizationId } = await serverFrom("anchors-3.0.yaml");
    await assignToken(organizationId, serverId);
    const saved = await json(
      await save(cookie, serverId, {
        authType: "bearer",
        authStrategy: "managed",
        requireToolportLogin: false,
        exposeToPublic: false,
        secrets: { token: "sk-live-1234567890abcd" },
        authContextValues: { workspace_id: "ws_42" },
        authContextMetadata: [{ name: "workspace_id", type: "string", reason: "Account-level identifier", confidence: 0.95 }],
      }),
    );
    const expected = {
      authType: "bearer",
      authStrategy: "managed",
      status: "configured",
      authContextValues: { workspace_id: "ws_42" },
      authContextMetadata: [{ name: "workspace_id", type: "string", reason: "Account-level identifier", confidence: 0.95 }],
      maskedSecrets: { token: "••••••••abcd" },
      exposeToPublic: false,
      requireToolportLogin: false,
      settings: { apiKey: null, oauth2: null },
      updatedAt: expect.any(String),
    };
    expect(saved).toEqual({ success: true, data: expected });
    expect(JSON.stringify(saved)).not.toContain("sk-live");
    expect(await json(await call(`/api/servers/${serverId}/auth-config`, { cookie }))).toEqual({ success: true, data: expected });
    await save(cookie, serverId, {
      authType: "bearer",
      authStrategy: "managed",
      secrets: { token: "" },
      authContextValues: { workspace_id: "ws_42" },
    });
    const row = await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) });
    expect(await decryptJson(env.SECRETS_KEY, row!.secretsCiphertext!)).toEqual({ token: "sk-live-1234567890abcd" });
  });
});

describe("auth-config: static values", () => {
  it("refuses blank static parameter values", async () => {
    const { cookie, serverId } = await serverFrom("anchors-3.0.yaml");
    const res = await save(cookie, serverId, {
      authType: "none",
      authStrategy: "passthrough",
      authContextValues: { workspace_id: " ", region: "" },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe("Please provide values for all static parameters: workspace_id, region");
  });

  it("refuses static values for names that are no argument of any tool, and keeps accepting saved ones", async () => {
    const { cookie, serverId } = await serverFrom("anchors-3.0.yaml");
    const res = await save(cookie, serverId, {
      authType: "none",
      authStrategy: "passthrough",
      authContextValues: { workspace_id: "ws_1", workspaceId: "x", nope: "y" },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe("Static parameters must be arguments of the server's tools; unknown: workspaceId, nope");
    expect(await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) })).toMatchObject({ authContextValues: {} });
    // A value saved earlier (e.g. before a re-import dropped its parameter) doesn't block the next save.
    await db
      .update(authConfigs)
      .set({ authContextValues: { legacy_id: "old" } })
      .where(eq(authConfigs.serverId, serverId));
    const ok = await save(cookie, serverId, {
      authType: "none",
      authStrategy: "passthrough",
      authContextValues: { workspace_id: "ws_1", legacy_id: "old" },
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a static value its argument cannot take: an enum's other value, a non-number, a non-boolean", async () => {
    const user = await signedIn();
    const param = (name: string, schema: object) => ({ name, in: "query", schema });
    const description = {
      openapi: "3.0.3",
      info: { title: "Issues", version: "1" },
      servers: [{ url: "https://issues.example.com" }],
      paths: {
        "/issues": {
          get: {
            operationId: "listIssues",
            parameters: [
              param("state", { type: "string", enum: ["open", "closed", "all"] }),
              param("per_page", { type: "integer" }),
              param("archived", { type: "boolean" }),
            ],
            responses: { 200: { description: "ok" } },
          },
        },
        // The same argument in another tool takes fewer values: a static value must suit both.
        "/pulls": {
          get: {
            operationId: "listPulls",
            parameters: [param("state", { type: "string", enum: ["open", "closed"] })],
            responses: { 200: { description: "ok" } },
          },
        },
      },
    };
    const { data } = await json(await uploadDescription(user.cookie, "issues.json", JSON.stringify(description)));
    const attempt = async (values: Record<string, string>) => {
      const res = await save(user.cookie, data.id, { authType: "none", authStrategy: "passthrough", authContextValues: values });
      return res.status === 200 ? "saved" : (await json(res)).error;
    };
    expect(await attempt({ state: "bogus" })).toBe('Static parameter "state" must be one of: open, closed');
    expect(await attempt({ state: "all" })).toBe('Static parameter "state" must be one of: open, closed');
    expect(await attempt({ per_page: "ten" })).toBe('Static parameter "per_page" must be a whole number');
    expect(await attempt({ per_page: "2.5" })).toBe('Static parameter "per_page" must be a whole number');
    expect(await attempt({ archived: "yes" })).toBe('Static parameter "archived" must be true or false');
    expect((await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, data.id) }))?.authContextValues ?? {}).toEqual({});
    expect(await attempt({ state: "closed", per_page: "50", archived: "false" })).toBe("saved");
  });
});

describe("auth-config: detected names, passthrough, deletion and hibernation", () => {
  it("stores the apiKey name and location detected in the description", async () => {
    const { cookie, serverId, organizationId } = await serverFrom("petstore-2.0.json");
    await assignToken(organizationId, serverId);
    const { data } = await json(
      await save(cookie, serverId, { authType: "apiKey", authStrategy: "managed", secrets: { key: "k-1234567890" } }),
    );
    expect(data.settings).toEqual({ apiKey: { name: "api_key", in: "header" }, oauth2: null });
    expect(data.maskedSecrets).toEqual({ key: "••••••••7890" });
  });

  it("saves passthrough without credentials or tokens", async () => {
    const { cookie, serverId } = await serverFrom("anchors-3.0.yaml");
    const { data } = await json(
      await save(cookie, serverId, { authType: "bearer", authStrategy: "passthrough", secrets: { token: "ignored-secret-1" } }),
    );
    expect(data).toMatchObject({ authType: "bearer", authStrategy: "passthrough", status: "configured", maskedSecrets: {} });
  });

  it("deletes secrets, leaving the configuration not_configured", async () => {
    const { cookie, serverId, organizationId } = await serverFrom("anchors-3.0.yaml");
    await assignToken(organizationId, serverId);
    await save(cookie, serverId, {
      authType: "basic",
      authStrategy: "managed",
      secrets: { username: "ada", password: "analytical-engine" },
    });
    const res = await call(`/api/servers/${serverId}/auth-config/secrets`, { method: "DELETE", cookie });
    expect(await res.json()).toEqual({ success: true });
    const { data } = await json(await call(`/api/servers/${serverId}/auth-config`, { cookie }));
    expect(data).toMatchObject({ authType: "basic", status: "not_configured", maskedSecrets: {} });
    const row = await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) });
    expect(row?.secretsCiphertext).toBeNull();
    const list = await json(await call("/api/servers", { cookie }));
    expect(list.data[0].authConfig).toMatchObject({ authType: "basic", status: "not_configured" });
  });

  it("refuses to configure a hibernated server", async () => {
    const { cookie, serverId } = await serverFrom("anchors-3.0.yaml");
    await db.update(servers).set({ status: "hibernated", hibernatedReason: "tool_calls" }).where(eq(servers.id, serverId));
    const res = await save(cookie, serverId, { authType: "none", authStrategy: "passthrough" });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe("This server is paused due to plan limits. Upgrade your plan to resume.");
  });
});
