// GET /api/openapi.json: the portal's API description, public so clients and Toolport itself can read it.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { isLocalDev } from "../env";
import { openApiDocument } from "./document";

// Generating is pure but not free: one document per origin and cookie kind per isolate.
const cache = new Map<string, ReturnType<typeof openApiDocument>>();

/** Answers the OpenAPI 3.1 document with the portal's public origin as its server. */
export function serveOpenApi(c: Context<AppEnv>) {
  const origin = c.env.PUBLIC_URL ?? new URL(c.req.url).origin;
  const secureCookies = !isLocalDev(c.env);
  const key = `${origin} ${secureCookies}`;
  let document = cache.get(key);
  if (!document) cache.set(key, (document = openApiDocument({ origin, secureCookies })));
  return c.json(document, 200, { "access-control-allow-origin": "*" });
}
