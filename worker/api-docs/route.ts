// GET /api/openapi.json: the portal's API description, public so clients and Toolport itself can read it.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { isLocalDev } from "../env";
import { describedRoutes, json } from "../lib/openapi";
import { openApiDocument } from "./document";

const describeApi = createRoute({
  method: "get",
  path: "/openapi.json",
  operationId: "get_openapi_description",
  tags: ["Docs"],
  summary: "This description of the portal's API (OpenAPI 3.1)",
  security: [],
  responses: {
    200: json(z.record(z.string(), z.unknown()).describe("An OpenAPI 3.1 document"), "This description of the portal's API (OpenAPI 3.1)"),
  },
});

/** The document route of `app` (mounted at /api): the whole app's routes, with the portal's public origin as its server. */
export function docsRoutes(app: OpenAPIHono<AppEnv>) {
  // Generating is pure but not free: one document per origin and cookie kind per isolate.
  const cache = new Map<string, Record<string, unknown>>();
  return describedRoutes().openapi(describeApi, (c) => {
    const origin = c.env.PUBLIC_URL ?? new URL(c.req.url).origin;
    const secureCookies = !isLocalDev(c.env);
    const key = `${origin} ${secureCookies}`;
    let document = cache.get(key);
    if (!document) cache.set(key, (document = { ...openApiDocument(app, { origin, secureCookies }) }));
    return c.json(document, 200, { "access-control-allow-origin": "*" });
  });
}
