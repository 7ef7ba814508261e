// Route definitions (@hono/zod-openapi): each route declares its parameters, body and answers once;
// validation, /api/openapi.json, the SPA's types and the answer check (CHECK_ANSWERS) read that one definition.
import { OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { scopeFor } from "../api-keys/scopes";
import type { AppEnv } from "../env";
import { errorAnswer } from "./answers";
import { failWithFirstIssue } from "./validate";

/**
 * A sub-app of described routes; invalid input answers 400 naming the field, as validate() does.
 * `middleware` runs before each of its routes (applied here, it leaves the routes' paths in the
 * app's type as they are: a chained `.use()` would add a `*` copy of each).
 */
export const describedRoutes = (...middleware: MiddlewareHandler<AppEnv>[]) => {
  const routes = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) failWithFirstIssue(result.error);
    },
  });
  if (middleware.length) routes.use(...middleware);
  return routes;
};

/**
 * `route` for `.openapi()` when its handler reads the body itself (the description uploads, under their
 * own uploadBodyLimit; better-auth's endpoints): parameters and query are validated and the SPA's client
 * is typed from the whole definition, but the body is left alone. Hidden here: the module registers the
 * whole definition itself (registerPath), so the document still describes the body.
 */
export const bodyReadByHandler = <R extends RouteConfig>(route: R, ...middleware: MiddlewareHandler[]): R =>
  ({ ...route, request: { params: route.request?.params, query: route.request?.query }, middleware, hide: true }) as R;

/** A JSON answer with its schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

type ErrorResponse = ReturnType<typeof json<typeof errorAnswer>>;
/** The errors a route answers itself (status → when): each is `{ success: false, error }`. */
export function errors<const E extends Record<number, string>>(map: E): { [K in keyof E]: ErrorResponse } {
  return Object.fromEntries(Object.entries(map).map(([status, when]) => [status, json(errorAnswer, when)])) as {
    [K in keyof E]: ErrorResponse;
  };
}

/** Answers that are not JSON: a redirect (with where it goes) and an HTML page. */
export const redirect = (description: string, location?: string) => ({
  description,
  ...(location ? { headers: { location: { description: location, schema: { type: "string" as const } } } } : {}),
});
export const page = (description: string) => ({ description, content: { "text/html": { schema: { type: "string" as const } } } });

/** The scope a portal API key needs for `method path`, or null where keys are refused. */
export function keyScope(method: string, path: string) {
  const need = scopeFor(method.toUpperCase(), path);
  return "scope" in need ? need.scope : null;
}

/**
 * The errors every route of its kind can answer, added to each definition (status → when): sign-in and
 * organization (401/403) unless public, the key rate limit where keys apply, body size and input checks, 500.
 */
export function commonErrors(
  method: string,
  path: string,
  options: { public: boolean; input: boolean; body: boolean },
): Record<number, string> {
  const errors: Record<number, string> = { 500: "Internal server error" };
  const scope = keyScope(method, path);
  if (!options.public) {
    errors[401] = scope
      ? "Authentication required: no valid session cookie, or an invalid, revoked or expired API key"
      : "Authentication required: no valid session cookie";
    errors[403] = scope
      ? `Your account has no organization; the API key lacks the '${scope}' scope, or the plan has no API access`
      : "Your account has no organization";
    if (scope) errors[429] = "Too many requests with this API key (per-key limit per minute)";
  }
  if (method.toLowerCase() !== "get") {
    errors[403] = [errors[403], "Cross-origin request refused"].filter(Boolean).join("; ");
    errors[413] = "Request body too large";
  }
  if (options.input) errors[400] = "Invalid input: the error names the field";
  if (options.body) errors[415] = "Unsupported Media Type: the body is not one of the declared kinds";
  return errors;
}
