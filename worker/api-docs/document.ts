// The OpenAPI 3.1 description of the portal's API, generated from the route definitions (@hono/zod-openapi):
// the app's own document plus what every route shares (common errors, API-key notes and security) and the
// document's info, server and security schemes.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { commonErrors, keyScope } from "../lib/openapi";

type Operation = {
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: unknown[];
  responses: Record<string, { description: string; content?: unknown }>;
};
export type DocumentOptions = {
  /** The portal's public origin: the document's server URL. */
  origin: string;
  /** better-auth's session cookie: `__Secure-` prefixed when cookies are Secure (production). */
  secureCookies: boolean;
};

/** An OpenAPI 3.1 document as @hono/zod-openapi generates it. */
export type OpenApiDocument = ReturnType<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>;

export const sessionCookieName = (secureCookies: boolean) => `${secureCookies ? "__Secure-" : ""}better-auth.session_token`;

const ERROR_CONTENT = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** Adds what every route shares to one generated operation. */
function completeOperation(method: string, path: string, op: Operation) {
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  const shared = commonErrors(method, path, {
    public: isPublic,
    input: Boolean(op.requestBody || op.parameters?.length),
    body: Boolean(op.requestBody),
  });
  for (const [status, when] of Object.entries(shared)) {
    const own = op.responses[status];
    // A route's own 403 comes first; the shared reasons follow it.
    if (own) own.description = status === "403" ? `${own.description}; ${when}` : own.description;
    else op.responses[status] = { description: when, content: ERROR_CONTENT };
  }
  const scope = keyScope(method, path);
  if (!isPublic) {
    op.description = [op.description, scope ? `API keys need the '${scope}' scope.` : "Not available to API keys."]
      .filter(Boolean)
      .join(" ");
    if (scope) op.security = [{ sessionCookie: [] }, { apiKey: [] }];
  }
}

/** The whole document for a portal served at `origin`. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, { origin, secureCookies }: DocumentOptions): OpenApiDocument {
  const generated = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Toolport API",
      version: "1.0.0",
      description:
        "The portal's own API: servers, tools, authentication, deployment, crawling, access tokens, billing and administration. " +
        "Every answer is JSON `{ success, data?, error? }`; calls are authorized by the session cookie of a signed-in user or, where an operation says so, by a portal API key (bearer).",
    },
    servers: [{ url: origin.replace(/(?<!\/)\/+$/, "") }],
    security: [{ sessionCookie: [] }],
  });
  const paths = generated.paths as Record<string, Record<string, Operation>>;
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      completeOperation(method, path, op);
      for (const tag of op.tags ?? []) tags.add(tag);
    }
  }
  const { webhooks: _, ...document } = generated;
  return {
    ...document,
    tags: [...tags].map((name) => ({ name })),
    components: {
      ...document.components,
      parameters: undefined,
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
    },
  };
}
