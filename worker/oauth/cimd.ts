// Client ID Metadata Documents: a client_id that is a URL is fetched through the portal's SSRF guard
// (size and time bounds), checked, and cached in the OAuth store as a public client for an hour. Anyone
// can name such a URL signed out, so fetches are limited per client address and per metadata host, a
// document that cannot be used is not fetched again for five minutes, and the answer never repeats
// what the remote host said.
import { isLocalDev, type Bindings } from "../env";
import { sha256Hex } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { safeFetchText } from "../lib/safe-fetch";

/** How long a fetched document serves as the client's registration. */
export const CIMD_CACHE_SECONDS = 3600;
/** How long a document that could not be used is answered as such without being fetched again. */
export const CIMD_FAILURE_CACHE_SECONDS = 300;
export const METADATA_DOCUMENT_UNUSABLE = "The client's metadata document could not be used";
export const METADATA_FETCHES_THROTTLED =
  "Too many client metadata documents were fetched for this address or host: wait a minute and try again";
const MAX_DOCUMENT_BYTES = 5 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const MAX_REDIRECT_URIS = 20;
const MAX_TEXT = 200;

/** Whether a client_id is a metadata document URL (https with a path; plain http only in local development). */
export function isMetadataDocumentClientId(env: Bindings, clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  const scheme = url.protocol === "https:" || (isLocalDev(env) && url.protocol === "http:");
  return scheme && url.pathname !== "/" && !url.hash && !url.username && !url.password;
}

const text = (value: unknown) => (typeof value === "string" && value.length > 0 && value.length <= MAX_TEXT ? value : undefined);
const httpsUrl = (value: unknown) => {
  const raw = text(value);
  if (!raw) return undefined;
  try {
    return new URL(raw).protocol === "https:" ? raw : undefined;
  } catch {
    return undefined;
  }
};

/** Reads and checks the document; answers the reason it cannot be used, or the client record. */
async function readDocument(env: Bindings, clientId: string): Promise<Record<string, unknown> | string> {
  let body: string;
  try {
    const fetched = await safeFetchText(clientId, env, {
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_DOCUMENT_BYTES,
      maxRedirects: 0,
      headers: { accept: "application/json" },
    });
    if (fetched.status !== 200) return `its metadata document answered HTTP ${fetched.status}`;
    body = fetched.text;
  } catch (err) {
    if (err instanceof ApiError && err.status === 413) return `its metadata document is larger than ${MAX_DOCUMENT_BYTES / 1024} KB`;
    return err instanceof ApiError ? err.message : "its metadata document could not be fetched";
  }
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return "its metadata document is not JSON";
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return "its metadata document is not a JSON object";
  if (doc.client_id !== clientId) return "its metadata document names another client_id";
  const uris = doc.redirect_uris;
  if (
    !Array.isArray(uris) ||
    uris.length === 0 ||
    uris.length > MAX_REDIRECT_URIS ||
    !uris.every((u) => typeof u === "string" && u.length <= 2000)
  ) {
    return "its metadata document lists no valid redirect_uris";
  }
  const method = doc.token_endpoint_auth_method ?? "none";
  if (method !== "none") return "only public clients (token_endpoint_auth_method none) may use a metadata document";
  return {
    clientId,
    redirectUris: uris,
    clientName: text(doc.client_name),
    clientUri: httpsUrl(doc.client_uri),
    logoUri: httpsUrl(doc.logo_uri),
    grantTypes: ["authorization_code", "refresh_token"],
    responseTypes: ["code"],
    tokenEndpointAuthMethod: "none",
    registrationDate: Math.floor(Date.now() / 1000),
  };
}

/** Why a metadata-document client cannot be used now: its document (kept as such a while), or the fetch limits. */
export type Unusable = { throttled: boolean; message: string };
const UNUSABLE: Unusable = { throttled: false, message: METADATA_DOCUMENT_UNUSABLE };
const THROTTLED: Unusable = { throttled: true, message: METADATA_FETCHES_THROTTLED };

/** Where the reason a document could not be used is kept (for operators; never answered to anyone). */
export const failureKey = async (clientId: string) => `cimd-unusable:${await sha256Hex(clientId)}`;

/** Counts one fetch against the client address's and the metadata host's limits (Rate Limiting bindings, shared by every isolate). */
async function mayFetch(env: Bindings, clientId: string, address: string) {
  if (!(await env.OAUTH_CIMD_ADDRESS_LIMITER.limit({ key: address })).success) return false;
  return (await env.OAUTH_CIMD_HOST_LIMITER.limit({ key: new URL(clientId).hostname })).success;
}

/**
 * Makes a metadata-document client known to the OAuth store (fetching its document when it is not
 * cached); answers null when it is (or is not such a client), or why it cannot be used. `address` is
 * the requester's (CF-Connecting-IP).
 */
export async function ensureMetadataDocumentClient(env: Bindings, clientId: string, address: string): Promise<Unusable | null> {
  if (!isMetadataDocumentClientId(env, clientId)) return null;
  const key = `client:${clientId}`;
  if (await env.OAUTH_KV.get(key)) return null;
  const failed = await failureKey(clientId);
  if ((await env.OAUTH_KV.get(failed)) !== null) return UNUSABLE;
  if (!(await mayFetch(env, clientId, address))) return THROTTLED;
  const record = await readDocument(env, clientId);
  if (typeof record === "string") {
    await env.OAUTH_KV.put(failed, record, { expirationTtl: CIMD_FAILURE_CACHE_SECONDS });
    return UNUSABLE;
  }
  await env.OAUTH_KV.put(key, JSON.stringify(record), { expirationTtl: CIMD_CACHE_SECONDS });
  return null;
}
