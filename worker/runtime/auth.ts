// Upstream authentication: managed credentials from the isolate's env (bearer, apiKey, basic,
// oauth2 client credentials with a token cache) or the caller's own credential (passthrough).
import type { AuthSettings, UpstreamCredentials } from "../openapi/types";
import { egressFetch } from "./egress";
import { noAuth, type AuthParts } from "./request";
import { PASSTHROUGH_API_KEY_HEADER, PASSTHROUGH_AUTHORIZATION_HEADER } from "./types";

type CachedToken = { accessToken: string; expiresAt: number };
// Lives as long as the isolate: one token fetch serves many calls until shortly before it expires.
const tokenCache = new Map<string, CachedToken>();
const EXPIRY_MARGIN_MS = 30_000;

const basic = (user: string, password: string) => `Basic ${btoa(unescape(encodeURIComponent(`${user}:${password}`)))}`;

function placeApiKey(settings: AuthSettings, key: string): AuthParts {
  const parts = noAuth();
  const { name, in: where } = settings.apiKey ?? { name: "X-API-Key", in: "header" as const };
  if (where === "query") parts.query.push([name, key]);
  else if (where === "cookie") parts.cookies.push(`${name}=${encodeURIComponent(key)}`);
  else parts.headers[name] = key;
  return parts;
}

/** How a request leaves: the runtime's egressFetch, or the portal's own guarded fetch when it checks an API. */
export type Send = (request: Request, signal?: AbortSignal) => Promise<Response>;

/** Fetches (or reuses) an OAuth2 client-credentials access token. */
export async function clientCredentialsToken(
  settings: AuthSettings,
  creds: UpstreamCredentials,
  timeoutMs: number,
  send: Send = egressFetch,
): Promise<string> {
  const tokenUrl = settings.oauth2?.tokenUrl;
  if (!tokenUrl) throw new Error("OAuth2 is configured without a token URL");
  if (!creds.clientId || !creds.clientSecret) throw new Error("OAuth2 client id and secret are not configured");
  const key = `${tokenUrl} ${creds.clientId} ${(settings.oauth2?.scopes ?? []).join(" ")}`;
  const cached = tokenCache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.accessToken;
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (settings.oauth2?.scopes?.length) form.set("scope", settings.oauth2.scopes.join(" "));
  const request = new Request(tokenUrl, {
    method: "POST",
    headers: {
      authorization: basic(encodeURIComponent(creds.clientId), encodeURIComponent(creds.clientSecret)),
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: form,
  });
  const res = await send(request, AbortSignal.timeout(timeoutMs));
  const text = await res.text();
  if (!res.ok) throw new Error(`The OAuth2 token endpoint answered HTTP ${res.status}: ${text.slice(0, 300)}`);
  const json = JSON.parse(text) as { access_token?: string; expires_in?: number };
  if (!json.access_token) throw new Error("The OAuth2 token endpoint answered without an access_token");
  const lifetimeMs = (json.expires_in ?? 3600) * 1000;
  tokenCache.set(key, { accessToken: json.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - EXPIRY_MARGIN_MS) });
  return json.access_token;
}

/** Drops cached OAuth2 tokens (an upstream 401 may mean the token was revoked early). */
export const clearTokenCache = () => tokenCache.clear();

/** The credential parts to add to an upstream request. */
export async function upstreamAuth(
  settings: AuthSettings,
  creds: UpstreamCredentials,
  incoming: Headers | undefined,
  timeoutMs: number,
  send: Send = egressFetch,
): Promise<AuthParts> {
  if (settings.type === "none") return noAuth();
  if (settings.strategy === "passthrough") {
    const authorization = incoming?.get(PASSTHROUGH_AUTHORIZATION_HEADER);
    const apiKey = incoming?.get(PASSTHROUGH_API_KEY_HEADER);
    if (settings.type === "apiKey") {
      const key = apiKey ?? authorization?.replace(/^(Bearer|ApiKey)\s+/i, "");
      return key ? placeApiKey(settings, key) : noAuth();
    }
    if (!authorization) return noAuth();
    const parts = noAuth();
    parts.headers.authorization = /\s/.test(authorization.trim()) ? authorization : `Bearer ${authorization}`;
    return parts;
  }
  const parts = noAuth();
  switch (settings.type) {
    case "bearer":
      if (creds.token) parts.headers.authorization = `Bearer ${creds.token}`;
      return parts;
    case "apiKey":
      return creds.key ? placeApiKey(settings, creds.key) : parts;
    case "basic":
      if (creds.username !== undefined) parts.headers.authorization = basic(creds.username, creds.password ?? "");
      return parts;
    case "oauth2":
      parts.headers.authorization = `Bearer ${await clientCredentialsToken(settings, creds, timeoutMs, send)}`;
      return parts;
  }
}
