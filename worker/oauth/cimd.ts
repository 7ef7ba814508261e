// Client ID Metadata Documents: a client_id that is a URL is fetched through the portal's SSRF guard
// (size and time bounds), checked, and cached in the OAuth store as a public client for an hour.
import { isLocalDev, type Bindings } from "../env";
import { ApiError } from "../lib/errors";
import { safeFetchText } from "../lib/safe-fetch";

/** How long a fetched document serves as the client's registration. */
export const CIMD_CACHE_SECONDS = 3600;
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
    const fetched = await safeFetchText(clientId, env, { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_DOCUMENT_BYTES, maxRedirects: 0, headers: { accept: "application/json" } });
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
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS || !uris.every((u) => typeof u === "string" && u.length <= 2000)) {
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

/**
 * Makes a metadata-document client known to the OAuth store (fetching its document when it is not
 * cached); answers null when it is (or is not such a client), or why it cannot be used.
 */
export async function ensureMetadataDocumentClient(env: Bindings, clientId: string): Promise<string | null> {
  if (!isMetadataDocumentClientId(env, clientId)) return null;
  const key = `client:${clientId}`;
  if (await env.OAUTH_KV.get(key)) return null;
  const record = await readDocument(env, clientId);
  if (typeof record === "string") return `Client ${clientId.slice(0, 200)} cannot be used: ${record}`;
  await env.OAUTH_KV.put(key, JSON.stringify(record), { expirationTtl: CIMD_CACHE_SECONDS });
  return null;
}
