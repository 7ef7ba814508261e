// The protocol endpoints the OAuth library serves (token, revocation, registration, server metadata),
// wrapped with what it cannot know: the server endpoint a token request concerns, metadata-document
// clients fetched through the SSRF guard, and limits on Dynamic Client Registration.
import { getDb, type Database } from "../db";
import type { Bindings } from "../env";
import { readTextWithin } from "../lib/body";
import { findServerBySlug } from "../servers/read-model";
import { ensureMetadataDocumentClient } from "./cimd";
import { dropGrantIfRevoked, revokeGrantOfToken } from "./grants";
import {
  anyResource,
  authorizationServer,
  clientAddress,
  endpointOf,
  grantOfToken,
  issuerOrigin,
  MAX_CREDENTIAL_LENGTH,
  noIssuer,
  serveExplained,
} from "./provider";
import { isReusedRefreshToken, noteIssuedRefreshToken } from "./refresh-reuse";
import { slugOfAnyResource } from "./resource";

/** Largest token or registration request read. */
const MAX_FORM_BYTES = 64 * 1024;
/** Dynamic Client Registrations one client address may make per day (on top of the per-minute limit). */
export const REGISTRATIONS_PER_ADDRESS_PER_DAY = 50;

const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}) =>
  Response.json(
    { error, error_description: description },
    { status, headers: { "cache-control": "no-store", "access-control-allow-origin": "*", ...headers } },
  );

/** The resource a token request concerns: its grant's (read from the code or refresh token), else the one it names. */
async function tokenRequestResource(env: Bindings, origin: string, form: URLSearchParams): Promise<string> {
  const credential = form.get("code") ?? form.get("refresh_token") ?? form.get("token");
  const grant = credential ? grantOfToken(credential) : null;
  if (grant) {
    const stored = await env.OAUTH_KV.get<{ resource?: unknown }>(`grant:${grant.userId}:${grant.grantId}`, "json");
    // Checked when the grant was made (authorize.ts), so any endpoint the portal serves a server at.
    if (typeof stored?.resource === "string") return stored.resource;
  }
  const named = form.get("resource");
  return named && (await slugOfAnyResource(getDb(env.DB), named, origin)) ? named : anyResource(origin);
}

/** POST /oauth/token (token and revocation requests, as the library serves both there). */
export async function tokenEndpoint(env: Bindings, request: Request, ctx: ExecutionContext): Promise<Response> {
  const origin = issuerOrigin(env, request.url);
  if (!origin) return noIssuer();
  if (request.method !== "POST") return authorizationServer(origin, anyResource(origin)).fetch(request, env, ctx);
  const body = await readTextWithin(request.body, MAX_FORM_BYTES);
  if (body === null) return oauthError(413, "invalid_request", "Request body too large (limit 64 KB)");
  const form = new URLSearchParams(body);
  const credential = form.get("code") ?? form.get("refresh_token") ?? form.get("token");
  const revocation = form.get("grant_type") === null;
  // No token of ours is this long; the library would use its parts as storage keys (RFC 7009: still a 200 for a revocation).
  if (credential && credential.length > MAX_CREDENTIAL_LENGTH) {
    return revocation
      ? new Response(null, { status: 200, headers: { "access-control-allow-origin": "*" } })
      : oauthError(400, "invalid_grant", "Invalid token");
  }
  const clientId = form.get("client_id");
  if (clientId && clientId.length > MAX_CREDENTIAL_LENGTH) return oauthError(401, "invalid_client", "Client not found");
  const unusable = clientId ? await ensureMetadataDocumentClient(env, clientId, clientAddress(request)) : null;
  if (unusable?.throttled) return oauthError(429, "temporarily_unavailable", unusable.message, { "retry-after": "60" });
  if (unusable) return oauthError(401, "invalid_client", unusable.message);
  const resource = await tokenRequestResource(env, origin, form);
  const forwarded = new Request(request.url, { method: "POST", headers: request.headers, body });
  const { res, refusal } = await serveExplained(authorizationServer(origin, resource), forwarded, env, ctx);
  if (!revocation) await noteIssuedRefreshToken(env, res);
  // A replaced refresh token used again is a stolen copy: its whole grant goes (OAuth 2.0 Security BCP).
  if (credential && !res.ok && (await isReusedRefreshToken(env, refusal, credential)))
    await revokeGrantOfToken(getDb(env.DB), env, credential);
  // A revocation, or a refusal that ended the grant (a code used twice revokes it), also ends its row.
  else if (credential && (revocation ? res.ok : !res.ok)) await dropGrantIfRevoked(getDb(env.DB), env, credential);
  return res;
}

const dayKey = (address: string) => `oauth-registrations:${address}:${new Date().toISOString().slice(0, 10)}`;

/** POST /oauth/register: RFC 7591, limited per client address per minute and per day. */
export async function registrationEndpoint(env: Bindings, request: Request, ctx: ExecutionContext): Promise<Response> {
  const origin = issuerOrigin(env, request.url);
  if (!origin) return noIssuer();
  const server = authorizationServer(origin, anyResource(origin));
  if (request.method !== "POST") return server.fetch(request, env, ctx);
  const address = clientAddress(request);
  if (!(await env.OAUTH_REGISTER_LIMITER.limit({ key: address })).success) {
    return oauthError(429, "temporarily_unavailable", "Too many client registrations from this address: wait a minute and try again", {
      "retry-after": "60",
    });
  }
  const key = dayKey(address);
  const today = Number((await env.OAUTH_KV.get(key)) ?? 0);
  if (today >= REGISTRATIONS_PER_ADDRESS_PER_DAY) {
    return oauthError(
      429,
      "temporarily_unavailable",
      `This address has registered ${REGISTRATIONS_PER_ADDRESS_PER_DAY} clients today, the daily limit: reuse a registered client or try again tomorrow`,
    );
  }
  const body = await readTextWithin(request.body, MAX_FORM_BYTES);
  if (body === null) return oauthError(413, "invalid_client_metadata", "Registration request too large (limit 64 KB)");
  const res = await server.fetch(new Request(request.url, { method: "POST", headers: request.headers, body }), env, ctx);
  if (res.status === 201) await env.OAUTH_KV.put(key, String(today + 1), { expirationTtl: 2 * 24 * 3600 });
  return res;
}

/** RFC 8414 metadata (also served as the OpenID configuration clients look for). */
export async function authorizationServerMetadata(env: Bindings, request: Request, ctx: ExecutionContext): Promise<Response> {
  const origin = issuerOrigin(env, request.url);
  if (!origin) return noIssuer();
  const res = await authorizationServer(origin, anyResource(origin)).fetch(
    new Request(`${origin}/.well-known/oauth-authorization-server`),
    env,
    ctx,
  );
  const metadata = (await res.json()) as Record<string, unknown>;
  delete metadata.protected_resources;
  // Metadata documents are fetched by the portal itself (cimd.ts), not by the library's fetch.
  metadata.client_id_metadata_document_supported = true;
  metadata.revocation_endpoint_auth_methods_supported = metadata.token_endpoint_auth_methods_supported;
  return Response.json(metadata, { headers: { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" } });
}

/** RFC 9728 metadata of one server endpoint, or null when no server is there. */
export async function protectedResourceMetadata(db: Database, env: Bindings, requestUrl: string, slug: string) {
  const origin = issuerOrigin(env, requestUrl);
  if (!origin) return null;
  const found = await findServerBySlug(db, slug);
  if (!found || found.server.status === "removed") return null;
  return {
    resource: endpointOf(origin, slug),
    authorization_servers: [origin],
    bearer_methods_supported: ["header"],
    resource_name: found.server.name,
    resource_documentation: `${origin}/s/${slug}`,
  };
}
