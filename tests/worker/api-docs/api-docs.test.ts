// /api/openapi.json: valid OpenAPI 3.1 (swagger-parser's schema validator), every registered /api
// route described, real answers match the documented ones, and Toolport imports it into valid tools.
// swagger-parser's entry does not load in workerd; its schema validator (Ajv + the 3.1 schema) does.
// @ts-expect-error: the validator module ships without type declarations
import validateSchema from "@apidevtools/swagger-parser/lib/validators/schema.js";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { NAME_PATTERN } from "../../../worker/openapi/naming";
import { call, cookiesOf, signedIn } from "../helpers";
import { uploadDescription } from "../servers/helpers";

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, any>>;
  components: { securitySchemes: Record<string, any> };
};
const fetchDocument = async () => (await (await call("/api/openapi.json")).json()) as Doc;
const toOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

/** Routes the Hono app registers under /api (and the spec's cancel call), as "METHOD /path". */
function registeredRoutes() {
  return [
    ...new Set(
      app.routes
        .filter((r) => r.method !== "ALL" && r.method !== "OPTIONS" && (r.path.startsWith("/api/") || r.path.startsWith("/servers/")))
        .map((r) => `${r.method} ${toOpenApiPath(r.path)}`),
    ),
  ];
}

/** Checks an answer against the document's schema for that operation and status. */
function answerChecker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: "toolport" });
  const pointer = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");
  return async (res: Response, method: string, path: string) => {
    const body = (await res.clone().json()) as any;
    const ref = `toolport#/paths/${pointer(path)}/${method}/responses/${res.status}/content/application~1json/schema`;
    const validate = ajv.compile({ $ref: ref });
    expect(
      validate(body),
      `${method.toUpperCase()} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 400)}`,
    ).toBe(true);
    return body;
  };
}

describe("/api/openapi.json: the document", () => {
  it("is a valid OpenAPI 3.1 document, readable without signing in, served for the request's origin", async () => {
    const res = await call("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "http://toolport.test" }]);
    expect(() => validateSchema(structuredClone(doc))).not.toThrow();
  });

  it("describes every route the app registers under /api", async () => {
    const doc = await fetchDocument();
    const described = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const registered = registeredRoutes();
    const missing = registered.filter((route) => {
      // better-auth's catch-all (GET and POST /api/auth/*) is described by the endpoints the portal uses:
      // the OIDC callback, and sign-up and sign-in (routes of their own, so the SPA's client is typed).
      const [method, path] = route.split(" ");
      if (path === "/api/auth/*")
        return !described.has(method === "GET" ? "GET /api/auth/callback/{providerId}" : "POST /api/auth/sign-in/email");
      return !described.has(route);
    });
    expect(missing).toEqual([]);
    expect(registeredRoutes().length).toBeGreaterThan(30);
  });

  it("names the session cookie that signing in sets", async () => {
    const doc = await fetchDocument();
    const credentials = { email: `doc-${crypto.randomUUID()}@example.com`, password: "correct horse battery" };
    await call("/api/auth/sign-up/email", { method: "POST", json: { ...credentials, name: "Doc Reader" } });
    const res = await call("/api/auth/sign-in/email", { method: "POST", json: credentials });
    const cookieNames = cookiesOf(res)
      .split("; ")
      .map((c) => c.split("=")[0]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(cookieNames).toContain(doc.components.securitySchemes.sessionCookie.name);
  });

  it("gives every operation a snake_case operationId and documents { success: false, error } answers", async () => {
    const doc = await fetchDocument();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][a-z0-9_]{2,63}$/);
        expect(op.responses[500].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
        if (!op.security) expect(op.responses[401], `${method} ${path}`).toBeDefined();
      }
    }
  });
});

describe("/api/openapi.json: documented answers", () => {
  it("documents the answers the handlers really give", async () => {
    const doc = await fetchDocument();
    const check = answerChecker(doc);
    const user = await signedIn();
    const get = (path: string) => call(path, { cookie: user.cookie });
    const send = (method: string, path: string, json?: unknown) => call(path, { method, cookie: user.cookie, json });

    await check(await get("/api/auth/profile"), "get", "/api/auth/profile");
    await check(await get("/api/billing/plans"), "get", "/api/billing/plans");
    await check(await get("/api/billing/subscription"), "get", "/api/billing/subscription");
    await check(await send("POST", "/api/billing/usage", { servers: 2 }), "post", "/api/billing/usage");
    await check(await send("POST", "/api/billing/checkout", { planType: "free" }), "post", "/api/billing/checkout");
    const created = await check(await uploadDescription(user.cookie, "toolport.json", JSON.stringify(doc)), "post", "/api/servers");
    const id = created.data.id as string;
    await check(await get("/api/servers"), "get", "/api/servers");
    await check(await get(`/api/servers/${id}`), "get", "/api/servers/{id}");
    await check(await get(`/api/servers/${crypto.randomUUID()}`), "get", "/api/servers/{id}");
    await check(await get(`/api/servers/${id}/mappings`), "get", "/api/servers/{id}/mappings");
    await check(
      await send("PATCH", `/api/servers/${id}/tools`, { toolName: "list_servers", active: false }),
      "patch",
      "/api/servers/{id}/tools",
    );
    await check(await send("POST", `/api/servers/${id}/analyse-auth`), "post", "/api/servers/{id}/analyse-auth");
    await check(await get(`/api/servers/${id}/auth-config`), "get", "/api/servers/{id}/auth-config");
    const token = await check(await send("POST", "/api/access-tokens", { name: "Docs", serverIds: [id] }), "post", "/api/access-tokens");
    await check(await get("/api/access-tokens"), "get", "/api/access-tokens");
    await check(await get(`/api/servers/${id}/assigned-tokens`), "get", "/api/servers/{id}/assigned-tokens");
    await check(await get(`/api/servers/${id}/access-tokens`), "get", "/api/servers/{id}/access-tokens");
    const tokenPath = `/api/servers/${id}/access-tokens/${token.data.tokenInfo.id}`;
    await check(await send("DELETE", tokenPath), "delete", "/api/servers/{id}/access-tokens/{tokenId}");
    await check(await send("PUT", tokenPath), "put", "/api/servers/{id}/access-tokens/{tokenId}");
    await check(
      await send("PUT", `/api/servers/${id}/access-tokens/${crypto.randomUUID()}`),
      "put",
      "/api/servers/{id}/access-tokens/{tokenId}",
    );
    await check(
      await send("POST", `/api/servers/${id}/auth-config`, { authType: "apiKey", authStrategy: "passthrough" }),
      "post",
      "/api/servers/{id}/auth-config",
    );
    await check(await get(`/api/servers/${id}/auth-config`), "get", "/api/servers/{id}/auth-config");
    await check(await get(`/api/servers/${id}/api-config`), "get", "/api/servers/{id}/api-config");
    await check(
      await send("PATCH", `/api/servers/${id}/automated-crawl`, { enabled: false }),
      "patch",
      "/api/servers/{id}/automated-crawl",
    );
    await check(await send("POST", `/api/servers/${id}/restart-crawl`), "post", "/api/servers/{id}/restart-crawl");
    await check(await get(`/api/servers/${id}/deployment`), "get", "/api/servers/{id}/deployment");
    await check(await get("/api/billing/usage/servers"), "get", "/api/billing/usage/servers");
    await check(
      await send("POST", `/api/access-tokens/${token.data.tokenInfo.id}/servers`, { serverIds: [] }),
      "post",
      "/api/access-tokens/{id}/servers",
    );
    await check(await send("POST", `/api/access-tokens/${token.data.tokenInfo.id}/rotate`), "post", "/api/access-tokens/{id}/rotate");
    await check(await send("DELETE", `/api/access-tokens/${token.data.tokenInfo.id}`), "delete", "/api/access-tokens/{id}");
    await check(await send("POST", "/api/crawl/map", {}), "post", "/api/crawl/map");
    await check(await get(`/api/crawl/${crypto.randomUUID()}`), "get", "/api/crawl/{id}");
    await check(await get("/api/superadmin/servers"), "get", "/api/superadmin/servers");
    await check(await send("DELETE", `/api/servers/${id}`), "delete", "/api/servers/{id}");
    await check(await call("/api/servers"), "get", "/api/servers");
  });
});

describe("/api/openapi.json: imported into Toolport", () => {
  it("imports into Toolport through POST /api/servers, every operation a valid tool", async () => {
    const doc = await fetchDocument();
    const user = await signedIn();
    const res = await uploadDescription(user.cookie, "toolport-openapi.json", JSON.stringify(doc));
    const created = (await res.json()) as any;
    expect(res.status, JSON.stringify(created).slice(0, 500)).toBe(201);
    const operationIds = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(created.data.importReport).toMatchObject({
      openapiVersion: "3.1.0",
      operations: operationIds.length,
      tools: operationIds.length,
      skipped: 0,
    });

    const tools = ((await (await call(`/api/servers/${created.data.id}/mappings`, { cookie: user.cookie })).json()) as any).data as {
      name: string;
      inputSchema: object;
    }[];
    expect(tools.map((t) => t.name).sort()).toEqual([...operationIds].sort());
    // The same checks as the import corpus (tests/node/openapi-corpus.test.ts).
    const ajv = new Ajv2020({
      strictSchema: true,
      strictNumbers: true,
      strictRequired: false,
      strictTypes: false,
      strictTuples: false,
      validateFormats: false,
      logger: false,
    });
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    for (const tool of tools) {
      expect(tool.name).toMatch(NAME_PATTERN);
      expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain('"$ref"');
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    }
    const create = tools.find((t) => t.name === "create_server") as { inputSchema: { properties: Record<string, unknown> } };
    expect(Object.keys(create.inputSchema.properties)).toEqual(expect.arrayContaining(["url", "name", "description"]));
  });
});
