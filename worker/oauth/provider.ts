// The OAuth 2.1 authorization server of the MCP endpoints: @cloudflare/workers-oauth-provider, built per
// request for the one server endpoint (RFC 8707 resource) the request concerns, so every token is
// bound to exactly one /s/{slug}/mcp.
import { AsyncLocalStorage } from "node:async_hooks";
import { OAuthAuthorizationServer, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { Bindings } from "../env";
import { LOOPBACK_HOSTS, publicUrlOf } from "../domains/portal-host";

export const AUTHORIZE_PATH = "/oauth/authorize";
export const TOKEN_PATH = "/oauth/token";
export const REGISTER_PATH = "/oauth/register";
/** Access tokens live an hour; refresh tokens 30 days, rotating on every use. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The portal's public URL: PUBLIC_URL when set, else the request's own. */
const portalUrl = (env: Bindings, requestUrl: string) => publicUrlOf(env) ?? new URL(requestUrl);

/** The portal's public origin: PUBLIC_URL's when set, else the request's own. */
export const portalOrigin = (env: Bindings, requestUrl: string) => portalUrl(env, requestUrl).origin;

/** The issuer origin, or null when it cannot be one (OAuth needs https; plain http only on a loopback host). */
export function issuerOrigin(env: Bindings, requestUrl: string): string | null {
  const url = portalUrl(env, requestUrl);
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) ? url.origin : null;
}

/** The answer of an OAuth endpoint on a portal whose origin cannot issue tokens (plain http on a public host). */
export const noIssuer = () =>
  Response.json(
    {
      success: false,
      error: "OAuth is served only over https (or on localhost in development): set PUBLIC_URL to the portal's https origin",
    },
    { status: 404 },
  );

/** The canonical resource identifier of a server's MCP endpoint. */
export const endpointOf = (origin: string, slug: string) => `${origin}/s/${slug}/mcp`;

/** The slug of `resource` when it names an MCP endpoint of this portal, else null. */
export function slugOfResource(resource: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.search || url.hash) return null;
  const parts = url.pathname.split("/");
  if (parts.length !== 4 || parts[0] !== "" || parts[1] !== "s" || parts[3] !== "mcp" || !SLUG.test(parts[2])) return null;
  return parts[2];
}

// One instance per issuer and resource, reused by this isolate (the instance holds only its options).
const instances = new Map<string, OAuthAuthorizationServer<Bindings>>();
const INSTANCE_LIMIT = 1_000;

/** The authorization server for one resource (any valid URL for requests no resource concerns). */
export function authorizationServer(origin: string, resource: string) {
  const key = `${origin} ${resource}`;
  let server = instances.get(key);
  if (!server) {
    if (instances.size >= INSTANCE_LIMIT) instances.clear();
    server = createAuthorizationServer(origin, resource);
    instances.set(key, server);
  }
  return server;
}

function createAuthorizationServer(origin: string, resource: string) {
  return new OAuthAuthorizationServer<Bindings>({
    issuer: origin,
    resources: [resource],
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: TOKEN_PATH,
    clientRegistrationEndpoint: REGISTER_PATH,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTTL: REFRESH_TOKEN_TTL_SECONDS,
    onError: noteRefusal,
  });
}

// The library tells why it refused only through its onError hook, shared by every request of an instance.
const refusals = new AsyncLocalStorage<{ reason?: string }>();

function noteRefusal(error: { internal: { reason: string } }) {
  const seen = refusals.getStore();
  if (seen) seen.reason = error.internal.reason;
}

/** Serves a request through the library; answers its response and, for a refusal, the library's internal reason. */
export async function serveExplained(server: OAuthAuthorizationServer<Bindings>, request: Request, env: Bindings, ctx: ExecutionContext) {
  const seen: { reason?: string } = {};
  const res = await refusals.run(seen, () => server.fetch(request, env, ctx));
  return { res, refusal: seen.reason ?? null };
}

/** The library's helpers (parse, complete, revoke, look up clients) for one resource. */
export const oauthApi = (env: Bindings, origin: string, resource: string): OAuthHelpers =>
  authorizationServer(origin, resource).getOAuthApi(env);

/** The requester's address, as the edge sets it (bounded all the same: it becomes a limiter or storage key); "unknown" off Cloudflare. */
export const clientAddress = (request: Request) => (request.headers.get("cf-connecting-ip") ?? "unknown").slice(0, 64);

/** A resource for requests that concern no server (registration, metadata). */
export const anyResource = (origin: string) => `${origin}/s`;

/** Longest code, refresh or access token read: its parts become storage keys, which KV bounds (512 bytes). */
export const MAX_CREDENTIAL_LENGTH = 400;

/** The library's user id and grant id from a code, refresh or access token (`user:grant:secret`). */
export function grantOfToken(token: string): { userId: string; grantId: string } | null {
  if (token.length > MAX_CREDENTIAL_LENGTH) return null;
  const parts = token.split(":");
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  return { userId: parts[0], grantId: parts[1] };
}
