// The portal's Hono app: /api routes, one module per area, and the SPA for everything else.
import { OpenAPIHono } from "@hono/zod-openapi";
import { apiKeyRoutes } from "./api-keys/routes";
import { sameOriginUnlessBearer } from "./api-keys/authenticate";
import { checkAnswers } from "./api-docs/check-answers";
import { docsRoutes } from "./api-docs/route";
import { requireUser } from "./auth/session";
import { getDb } from "./db";
import type { AppEnv } from "./env";
import { errorAnswer } from "./lib/answers";
import { onError } from "./lib/errors";
import { jsonBodyLimit } from "./lib/body-limits";
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

export { JSON_BODY_LIMIT } from "./lib/body-limits";

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
// 1 MB, except on the description uploads, whose routes declare their own limit (uploadBodyLimit).
app.use("/api/*", jsonBodyLimit);

// MCP gateway and the spec's /servers/{id}/deployment cancel call: outside /api, with their own guards.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the chain mounts the routes; the name keeps their type for AppType
const routes = app
  .route("/s", gatewayRoutes)
  .route("/oauth", oauthRoutes)
  .route("/.well-known", wellKnownRoutes)
  .route("/servers", deploymentCancelRoutes)
  .route("/api/auth", authRoutes)
  .route("/api/billing", billingWebhookRoutes)
  .route("/api", docsRoutes(app))
  // Everything below needs a signed-in user.
  .use("/api/*", requireUser)
  .route("/api/billing/usage", usageRoutes)
  .route("/api/billing", billingRoutes)
  .route("/api/crawl", crawlRoutes)
  .route("/api/servers", deploymentRoutes)
  .route("/api/servers", serverRoutes)
  .route("/api/servers", serverCrawlRoutes)
  .route("/api/servers", automatedRunRoutes)
  .route("/api/servers", authConfigRoutes)
  .route("/api/servers", domainRoutes)
  .route("/api/servers", serverSpecRoutes)
  .route("/api/servers", callRoutes)
  .route("/api/servers", tryItRoutes)
  .route("/api/imports", importRoutes)
  .route("/api", tokenRoutes)
  .route("/api/api-keys", apiKeyRoutes)
  .route("/api/notifications", notificationRoutes)
  .route("/api/oauth", oauthApiRoutes)
  .route("/api/superadmin", superadminRoutes)
  .route("/api/superadmin/servers", adminCallRoutes);

/** Every route the portal answers, as the SPA's client reads them (type only: `hc<AppType>`). */
export type AppType = typeof routes;

// Machine paths answer a JSON 404, never the SPA's HTML (OAuth clients probe /.well-known/ and /s/).
const JSON_PREFIXES = ["/api/", "/.well-known/", "/s/"];

app.notFound((c) => {
  if (JSON_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return c.json({ success: false, error: "Not found" }, 404);
  return c.env.ASSETS.fetch(c.req.raw);
});
