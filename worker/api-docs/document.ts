// The OpenAPI 3.1 description of the portal's API, generated from OPERATIONS with zod's
// toJSONSchema: the request schemas are the routes' own validators, so it cannot drift from them.
import { z } from "zod";
import { scopeFor } from "../api-keys/scopes";
import { errorAnswer } from "./answers";
import { OPERATIONS, type Operation } from "./operations";

type JsonSchema = Record<string, unknown>;
export type DocumentOptions = {
  /** The portal's public origin: the document's server URL. */
  origin: string;
  /** better-auth's session cookie: `__Secure-` prefixed when cookies are Secure (production). */
  secureCookies: boolean;
};

export const sessionCookieName = (secureCookies: boolean) => `${secureCookies ? "__Secure-" : ""}better-auth.session_token`;

const ERROR_REF = { $ref: "#/components/schemas/Error" };

/** The scope a portal API key needs for the operation, or null where keys are refused. */
function keyScope(op: Operation) {
  const need = scopeFor(op.method.toUpperCase(), op.path);
  return "scope" in need ? need.scope : null;
}

/** Converts a zod schema; named parts (`.meta({ id })`) move to components.schemas and are referenced. */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _, $defs, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const rewrite = (value: JsonSchema) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] ??= rewrite(def);
  // A schema that is itself named comes back as its own definition: keep it as a reference.
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) {
    components[id] ??= rewrite(json);
    return { $ref: `#/components/schemas/${id}` };
  }
  return rewrite(json);
}

/** Path and query parameters from the operation's zod objects. */
function parametersOf(op: Operation, components: Record<string, JsonSchema>) {
  const list: JsonSchema[] = [];
  for (const [where, object] of [["path", op.params], ["query", op.query]] as const) {
    if (!object) continue;
    const json = toSchema(object, "input", components) as { properties: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties)) {
      const { description, ...rest } = schema;
      list.push({ name, in: where, required: where === "path" || Boolean(json.required?.includes(name)), ...(description ? { description } : {}), schema: rest });
    }
  }
  return list;
}

function errorResponses(op: Operation) {
  const errors: Record<number, string> = { 500: "Internal server error" };
  const scope = keyScope(op);
  if (!op.public) {
    errors[401] = scope ? "Authentication required: no valid session cookie, or an invalid, revoked or expired API key" : "Authentication required: no valid session cookie";
    errors[403] = scope
      ? `Your account has no organization; the API key lacks the '${scope}' scope, or the plan has no API access`
      : "Your account has no organization";
  }
  if (scope && !op.public) errors[429] = "Too many requests with this API key (per-key limit per minute)";
  if (op.method !== "get") errors[403] = [errors[403], "Cross-origin request refused"].filter(Boolean).join("; ");
  if (op.body) {
    errors[400] = "Invalid input: the error names the field";
    errors[413] = "Request body too large";
  }
  for (const [status, text] of Object.entries(op.errors ?? {})) {
    const s = Number(status);
    errors[s] = s === 403 && errors[s] ? `${text}; ${errors[s]}` : text;
  }
  return Object.fromEntries(
    Object.entries(errors).map(([status, description]) => [status, { description, content: { "application/json": { schema: ERROR_REF } } }]),
  );
}

function successResponse(op: Operation, components: Record<string, JsonSchema>) {
  const { answer } = op;
  if ("schema" in answer) return { description: op.summary, content: { "application/json": { schema: toSchema(answer.schema, "output", components) } } };
  const headers = Object.fromEntries(Object.entries(answer.other.headers ?? {}).map(([name, value]) => [name, { description: value, schema: { type: "string" } }]));
  return {
    description: answer.other.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(answer.other.contentType ? { content: { [answer.other.contentType]: { schema: { type: "string" } } } } : {}),
  };
}

function operationObject(op: Operation, components: Record<string, JsonSchema>) {
  const parameters = parametersOf(op, components);
  const body = op.body && {
    required: op.body.required ?? false,
    content: Object.fromEntries(
      Object.entries({ "application/json": op.body.schema, ...op.body.alternatives }).map(([type, schema]) => [type, { schema: toSchema(schema, "input", components) }]),
    ),
  };
  const scope = keyScope(op);
  const keyNote = scope ? `API keys need the '${scope}' scope.` : "Not available to API keys.";
  const description = op.public ? op.description : [op.description, keyNote].filter(Boolean).join(" ");
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(description ? { description } : {}),
    tags: [op.tag],
    ...(op.public ? { security: [] } : scope ? { security: [{ sessionCookie: [] }, { apiKey: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { [op.answer.status]: successResponse(op, components), ...errorResponses(op) },
  };
}

/** The whole document for a portal served at `origin`. */
export function openApiDocument({ origin, secureCookies }: DocumentOptions) {
  const components: Record<string, JsonSchema> = {};
  toSchema(errorAnswer, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op, components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Toolport API",
      version: "1.0.0",
      description:
        "The portal's own API: servers, tools, authentication, deployment, crawling, access tokens, billing and administration. " +
        "Every answer is JSON `{ success, data?, error? }`; calls are authorized by the session cookie of a signed-in user or, where an operation says so, by a portal API key (bearer).",
    },
    servers: [{ url: origin.replace(/(?<!\/)\/+$/, "") }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    security: [{ sessionCookie: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "tpk_…",
          description:
            "A portal API key (Authorization: Bearer tpk_…), created on the Access Tokens page. It acts for its organization within its scopes " +
            "(read: GET routes; servers: manage servers; deploy: deploy and redeploy) on plans with API access; never on billing, superadmin, API-key, access-token or sign-in routes.",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName(secureCookies),
          description: "The session cookie set by signing in (POST /api/auth/sign-in/email, or GET /api/auth/login).",
        },
      },
      schemas: components,
    },
  };
}
