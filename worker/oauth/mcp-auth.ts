// Who may call /s/{slug}/mcp: a static access token (tp_…) assigned to the server, or an OAuth access
// token issued for this very endpoint whose grant is still standing; anything else is a 401 whose
// challenge points the client at the endpoint's protected resource metadata (RFC 9728).
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { accessTokens } from "../db/schema";
import type { Bindings } from "../env";
import type { Caller } from "../calls/record";
import { GatewayError, rpcError } from "../gateway/jsonrpc";
import { bearerToken, TOKEN_PREFIX, verifyAccessToken } from "../tokens/verify";
import { TRY_IT_PREFIX, verifyTryItCredential } from "../try-it/credential";
import type { GrantProps } from "./consent";
import { grantStands, touchGrant } from "./grants";
import { authorizationServer, endpointOf, grantOfToken, issuerOrigin, portalOrigin } from "./provider";
import { customDomainEndpoint } from "./resource";

/** access_tokens.lastUsedAt is written at most this often per token and isolate. */
const LAST_USED_THROTTLE_MS = 60_000;
const lastUsedWrites = new Map<string, number>();
const PORTAL_KEY_PREFIX = "tpk_";

/** Where an endpoint's RFC 9728 metadata is published: the well-known prefix inserted before its path. */
export function resourceMetadataUrl(endpoint: string) {
  const url = new URL(endpoint);
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`;
}

// A header value is ASCII: "…" becomes "...", other characters and quotes are dropped.
const asciiQuoted = (text: string) =>
  text
    .replace(/…/g, "...")
    .replace(/["\\]/g, "'")
    .replace(/[^\x20-\x7e]/g, "");

const challenge = (endpoint: string, error?: string, description?: string) =>
  `Bearer realm="toolport", resource_metadata="${resourceMetadataUrl(endpoint)}"` +
  (error ? `, error="${error}", error_description="${asciiQuoted(description ?? "")}"` : "");

function touchToken(db: Database, tokenId: string, waitUntil: (p: Promise<unknown>) => void) {
  const now = Date.now();
  if ((lastUsedWrites.get(tokenId) ?? 0) > now - LAST_USED_THROTTLE_MS) return;
  lastUsedWrites.set(tokenId, now);
  waitUntil(
    db
      .update(accessTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(accessTokens.id, tokenId))
      .run(),
  );
}

type Verdict = { ok: true; touch: () => void; caller: Caller } | { ok: false; missing: boolean; message: string };

async function judge(
  db: Database,
  env: Bindings,
  token: string | null,
  origin: string | null,
  endpoint: string,
  serverId: string,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Verdict> {
  if (token?.startsWith(PORTAL_KEY_PREFIX)) {
    return {
      ok: false,
      missing: false,
      message: "Portal API keys (tpk_…) work only on /api: use an access token (tp_…) or sign in with OAuth",
    };
  }
  // A portal user's own call from the server's page (Try it): a signed credential the portal minted for them.
  if (token?.startsWith(TRY_IT_PREFIX)) {
    const check = await verifyTryItCredential(env.SECRETS_KEY, db, token, serverId);
    return check.ok
      ? { ok: true, touch: () => {}, caller: { kind: "try_it", id: check.userId } }
      : { ok: false, missing: false, message: check.message };
  }
  // OAuth access tokens read `user:grant:secret`; anything else is judged as a static token.
  const grant = token && !token.startsWith(TOKEN_PREFIX) ? grantOfToken(token) : null;
  if (!token || !grant) {
    const check = await verifyAccessToken(env, token, serverId);
    return check.ok
      ? { ok: true, touch: () => touchToken(db, check.tokenId, waitUntil), caller: { kind: "token", id: check.tokenId } }
      : { ok: false, missing: check.reason === "missing", message: check.message };
  }
  if (!origin) return { ok: false, missing: false, message: "OAuth access tokens are accepted only over https" };
  const valid = await authorizationServer(origin, endpoint).validateToken<GrantProps>(endpoint, token, env);
  if (!valid || valid.props?.serverId !== serverId)
    return { ok: false, missing: false, message: "Invalid or expired OAuth access token for this server" };
  if (!(await grantStands(db, grant.grantId)))
    return { ok: false, missing: false, message: "This app's access has been revoked, or its user may no longer use this server" };
  return { ok: true, touch: () => touchGrant(db, grant.grantId, waitUntil), caller: { kind: "oauth", id: grant.grantId } };
}

/**
 * Checks the caller of /s/{slug}/mcp; answers the 401 to send, or null when the call may proceed.
 * OAuth tokens must be issued for {PUBLIC_URL}/s/{slug}/mcp, or for https://{customHost}/mcp when the
 * server is reached at a custom domain of its own. `onCaller` learns who the accepted caller is (a
 * token or grant id, for the call log).
 */
export async function refuseUnauthorizedMcpCall(
  request: Request,
  db: Database,
  env: Bindings,
  waitUntil: (p: Promise<unknown>) => void,
  { slug, serverId, customHost, onCaller }: { slug: string; serverId: string; customHost?: string; onCaller?: (caller: Caller) => void },
) {
  const endpoint = customHost ? customDomainEndpoint(customHost) : undefined;
  const resource = endpoint ?? endpointOf(portalOrigin(env, request.url), slug);
  const verdict = await judge(
    db,
    env,
    bearerToken(request.headers.get("authorization")),
    issuerOrigin(env, request.url),
    resource,
    serverId,
    waitUntil,
  );
  if (verdict.ok) {
    verdict.touch();
    onCaller?.(verdict.caller);
    return null;
  }
  const header = verdict.missing ? challenge(resource) : challenge(resource, "invalid_token", verdict.message);
  return rpcError(401, GatewayError.Unauthorized, verdict.message, null, { "www-authenticate": header });
}
