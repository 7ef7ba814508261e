// The portal's Hono app: /api routes, one module per area, and the SPA for everything else.
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { apiKeyRoutes } from "./api-keys/routes";
import { sameOriginUnlessBearer } from "./api-keys/authenticate";
import { checkAnswers } from "./api-docs/check-answers";
import { docsRoutes } from "./api-docs/route";
import { requireUser } from "./auth/session";
import { getDb } from "./db";
import type { AppEnv } from "./env";
import { errorAnswer } from "./lib/answers";
import { fail, onError } from "./lib/errors";
import { redactedRequestLog } from "./lib/redact";
import { securityHeaders } from "./lib/security-headers";
import { authRoutes } from "./auth/routes";
import { automatedRunRoutes } from "./automated-runs/routes";
import { adminCallRoutes, callRoutes } from "./calls/routes";
import { authConfigRoutes } from "./servers/auth-config-routes";
import { billingRoutes, billingWebhookRoutes } from "./billing/routes";
import { crawlRoutes } from "./crawl/routes";
import { domainRoutes } from "./domains/routes";
import { importRoutes } from "./imports/routes";
import { serveCustomHosts } from "./domains/serve";
import { deploymentCancelRoutes, deploymentRoutes } from "./deploy/routes";
import { gatewayRoutes } from "./gateway/routes";
import { notificationRoutes } from "./notifications/routes";
import { oauthApiRoutes, oauthRoutes, wellKnownRoutes } from "./oauth/routes";
import { serverCrawlRoutes } from "./crawl/server-routes";
import { serverRoutes } from "./servers/routes";
import { serverSpecRoutes } from "./versions/routes";
import { superadminRoutes } from "./admin/routes";
import { tokenRoutes } from "./tokens/routes";
import { tryItRoutes } from "./try-it/routes";
import { usageRoutes } from "./billing/usage-routes";

/** JSON bodies larger than this answer 413; uploads set their own, larger limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const app = new OpenAPIHono<AppEnv>();
// Every common error of the document refers to this schema.
app.openAPIRegistry.register("Error", errorAnswer);

app.onError(onError);
app.use(redactedRequestLog);
app.use(securityHeaders);
// A server's custom domain is answered before any portal route.
app.use(serveCustomHosts);
// Off unless the configuration sets CHECK_ANSWERS = "on" (the worker tests do): the portal's answers held to their route definitions.
app.use(checkAnswers(app));

// Cookie requests pass the CSRF check; bearer (API key) requests skip it and are refused where keys never apply.
app.use(
  "/api/*",
  async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  },
  sameOriginUnlessBearer,
);
const jsonBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: () => fail(413, "Request body too large (limit 1 MB)") });
// POST /api/servers and PUT /api/servers/{id}/spec upload descriptions; they apply their own, larger limit (UPLOAD_BODY_LIMIT).
const isDescriptionUpload = (method: string, path: string) =>
  (method === "POST" && ["/api/servers", "/api/imports"].includes(path.replace(/\/$/, ""))) || (method === "PUT" && path.startsWith("/api/servers/") && path.endsWith("/spec"));
app.use("/api/*", (c, next) => (isDescriptionUpload(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));

// MCP gateway and the spec's /servers/{id}/deployment cancel call: outside /api, with their own guards.
app.route("/s", gatewayRoutes);
app.route("/oauth", oauthRoutes);
app.route("/.well-known", wellKnownRoutes);
app.route("/servers", deploymentCancelRoutes);
app.route("/api/auth", authRoutes);
app.route("/api/billing", billingWebhookRoutes);
app.route("/api", docsRoutes(app));

// Everything below needs a signed-in user.
app.use("/api/*", requireUser);
app.route("/api/billing/usage", usageRoutes);
app.route("/api/billing", billingRoutes);
app.route("/api/crawl", crawlRoutes);
app.route("/api/servers", deploymentRoutes);
app.route("/api/servers", serverRoutes);
app.route("/api/servers", serverCrawlRoutes);
app.route("/api/servers", automatedRunRoutes);
app.route("/api/servers", authConfigRoutes);
app.route("/api/servers", domainRoutes);
app.route("/api/servers", serverSpecRoutes);
app.route("/api/servers", callRoutes);
app.route("/api/servers", tryItRoutes);
app.route("/api/imports", importRoutes);
app.route("/api", tokenRoutes);
app.route("/api/api-keys", apiKeyRoutes);
app.route("/api/notifications", notificationRoutes);
app.route("/api/oauth", oauthApiRoutes);
app.route("/api/superadmin", superadminRoutes);
app.route("/api/superadmin/servers", adminCallRoutes);

// Machine paths answer a JSON 404, never the SPA's HTML (OAuth clients probe /.well-known/ and /s/).
const JSON_PREFIXES = ["/api/", "/.well-known/", "/s/"];

app.notFound((c) => {
  if (JSON_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return c.json({ success: false, error: "Not found" }, 404);
  return c.env.ASSETS.fetch(c.req.raw);
});
