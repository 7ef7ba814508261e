// GET /oauth/authorize: validates an authorization request through the OAuth library (client,
// redirect_uri, PKCE S256, resource = one server endpoint), keeps it for ten minutes and sends the
// browser to the SPA's consent page.
import { AuthorizationError, authorizationErrorRedirect, CimdFetchError, type AuthRequest } from "@cloudflare/workers-oauth-provider";
import type { Database } from "../db";
import type { Bindings } from "../env";
import { findServerBySlug } from "../servers/read-model";
import { ensureMetadataDocumentClient, METADATA_DOCUMENT_UNUSABLE } from "./cimd";
import { anyResource, clientAddress, issuerOrigin, MAX_CREDENTIAL_LENGTH, noIssuer, oauthApi } from "./provider";
import { slugOfAnyResource } from "./resource";

/** How long a pending authorization request waits for the user's answer. */
export const REQUEST_TTL_SECONDS = 600;

export type PendingRequest = { id: string; origin: string; authRequest: AuthRequest; serverId: string; slug: string };

const requestKey = (id: string) => `oauth-request:${id}`;

/** The pending request `id`, or null when unknown or expired. */
export const loadPendingRequest = (env: Bindings, id: string) =>
  id.length <= 64 ? env.OAUTH_KV.get<PendingRequest>(requestKey(id), "json") : Promise.resolve(null);

/** Forgets a pending request once answered (it works once). */
export const dropPendingRequest = (env: Bindings, id: string) => env.OAUTH_KV.delete(requestKey(id));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A request that cannot be sent back to its client: answered here, never redirected. */
function errorPage(status: 400 | 429 | 500, title: string, detail: string) {
  const html = `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><body style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p><p><a href="/">Toolport</a></p></body>`;
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (status === 429) headers["retry-after"] = "60";
  return new Response(html, { status, headers });
}

const redirect = (location: string) => new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });

/** Answers one GET /oauth/authorize. */
export async function startAuthorization(db: Database, env: Bindings, request: Request): Promise<Response> {
  const origin = issuerOrigin(env, request.url);
  if (!origin) return noIssuer();
  const url = new URL(request.url);
  const clientId = url.searchParams.get("client_id") ?? "";
  if (clientId.length > MAX_CREDENTIAL_LENGTH) return errorPage(400, "Invalid client", "This client_id is too long");
  const unusable = await ensureMetadataDocumentClient(env, clientId, clientAddress(request));
  if (unusable)
    return unusable.throttled ? errorPage(429, "Too many requests", unusable.message) : errorPage(400, "Invalid client", unusable.message);
  const requested = url.searchParams.get("resource");
  // A value that names no endpoint of this portal is left for the library to refuse (invalid_target, redirected).
  const resource = requested && (await slugOfAnyResource(db, requested, origin)) ? requested : anyResource(origin);
  let authRequest: AuthRequest;
  try {
    authRequest = await oauthApi(env, origin, resource).parseAuthRequest(request);
  } catch (err) {
    if (err instanceof AuthorizationError) {
      if (err.redirectTo) return redirect(err.redirectTo);
      return errorPage(400, "Invalid authorization request", err.description);
    }
    if (err instanceof CimdFetchError) return errorPage(400, "Invalid client", METADATA_DOCUMENT_UNUSABLE);
    throw err;
  }
  const fail = (code: "invalid_request" | "invalid_target", description: string) =>
    redirect(authorizationErrorRedirect(authRequest, code, description));
  // OAuth 2.1: every client uses PKCE, confidential ones too, and only S256 (plain is refused by the library).
  if (!authRequest.codeChallenge) return fail("invalid_request", "code_challenge (PKCE, S256) is required");
  const slug = authRequest.resource ? await slugOfAnyResource(db, authRequest.resource, origin) : null;
  if (!slug)
    return fail(
      "invalid_target",
      "The resource parameter must name a Toolport MCP server endpoint (…/s/{slug}/mcp, or https://{custom domain}/mcp)",
    );
  const found = await findServerBySlug(db, slug);
  if (!found || found.server.status === "removed") return fail("invalid_target", `No MCP server at /s/${slug}/mcp`);
  const id = crypto.randomUUID().replace(/-/g, "");
  const pending: PendingRequest = { id, origin, authRequest, serverId: found.server.id, slug };
  await env.OAUTH_KV.put(requestKey(id), JSON.stringify(pending), { expirationTtl: REQUEST_TTL_SECONDS });
  return redirect(`${origin}/oauth/consent?request=${id}`);
}
