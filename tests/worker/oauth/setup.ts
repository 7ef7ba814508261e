// Helpers for the OAuth tests: PKCE, registration, the authorize → consent → code steps as a browser
// and the SPA would take them, and token requests, all through the Worker's real entry.
import { expect } from "vitest";
import { MCP_ORIGIN, workerFetch } from "../mcp-setup";

export const REDIRECT_URI = "http://127.0.0.1:33418/callback";

/** A request to the portal on the loopback origin the gateway accepts in development. */
export const portal = (path: string, init: RequestInit = {}) => workerFetch(`${MCP_ORIGIN}${path}`, { redirect: "manual", ...init });

const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A PKCE verifier and its S256 challenge. */
export async function pkce() {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return { verifier, challenge };
}

/** A client address (CF-Connecting-IP) of its own: the per-address limits are tested on their own. */
export const anyAddress = () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Registers a public client through Dynamic Client Registration; answers its client_id. */
export async function registerClient(redirectUris = [REDIRECT_URI], name = "Test MCP Client") {
  const res = await portal("/oauth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": anyAddress() },
    body: JSON.stringify({
      redirect_uris: redirectUris,
      client_name: name,
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

export type AuthorizeParams = {
  clientId: string;
  slug: string;
  challenge?: string;
  method?: string;
  redirectUri?: string;
  resource?: string | null;
  state?: string;
  address?: string;
};

/** GET /oauth/authorize with the given parameters (S256, this server's endpoint and an address of its own unless told otherwise). */
export function authorize(p: AuthorizeParams) {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: p.clientId,
    redirect_uri: p.redirectUri ?? REDIRECT_URI,
    state: p.state ?? "xyz",
  });
  if (p.challenge) q.set("code_challenge", p.challenge);
  if (p.challenge || p.method) q.set("code_challenge_method", p.method ?? "S256");
  if (p.resource !== null) q.set("resource", p.resource ?? `${MCP_ORIGIN}/s/${p.slug}/mcp`);
  return portal(`/oauth/authorize?${q}`, { headers: { "cf-connecting-ip": p.address ?? anyAddress() } });
}

/** The request id of the consent page an authorize answer sends the browser to. */
export function consentRequestId(res: Response) {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(location.pathname).toBe("/oauth/consent");
  return location.searchParams.get("request")!;
}

/** The consent API as the SPA calls it, with the user's session cookie. */
export const consentApi = (requestId: string, cookie: string, approve?: boolean) =>
  portal(
    `/api/oauth/requests/${requestId}`,
    approve === undefined
      ? { headers: { cookie } }
      : { method: "POST", headers: { cookie, origin: MCP_ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ approve }) },
  );

/** Approves a consent request; answers the URL the browser is sent back to (code, state and iss). */
export async function approveRedirect(requestId: string, cookie: string) {
  const res = await consentApi(requestId, cookie, true);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { redirectTo: string } };
  return new URL(data.redirectTo);
}

/** Approves a consent request; answers the code the client's redirect_uri receives. */
export const approve = async (requestId: string, cookie: string) => (await approveRedirect(requestId, cookie)).searchParams.get("code")!;

/** POST /oauth/token with a form. */
export const tokenRequest = (form: Record<string, string>, address = anyAddress()) =>
  portal("/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address },
    body: new URLSearchParams(form).toString(),
  });

export type Tokens = { access_token: string; refresh_token: string; expires_in: number; resource: string };

/** The whole browser part for one user and client: authorize, approve, exchange; answers the tokens. */
export async function signInWithOAuth(clientId: string, slug: string, cookie: string): Promise<Tokens> {
  const { verifier, challenge } = await pkce();
  const code = await approve(consentRequestId(await authorize({ clientId, slug, challenge })), cookie);
  const res = await tokenRequest({
    grant_type: "authorization_code",
    code,
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    resource: `${MCP_ORIGIN}/s/${slug}/mcp`,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

/** A JSON-RPC tools/list through the gateway with a bearer token; answers the HTTP status and body. */
export async function listToolsWith(slug: string, token: string) {
  const res = await portal(`/s/${slug}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  return { status: res.status, wwwAuthenticate: res.headers.get("www-authenticate"), text: await res.text() };
}
