// Outbound fetches of user-given URLs: internal addresses refused outside local development,
// redirects re-checked hop by hop, a time-out, and a cap on the body size.
import { isLocalDev } from "../env";
import { readTextWithin } from "./body";
import { fail } from "./errors";
import { isInternalHost } from "./internal-host";

/** Parses a user-given URL, refusing other schemes and (outside local development) internal hosts. */
export function checkPublicUrl(raw: string, env: Pick<Env, "ENVIRONMENT">): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail(400, `Invalid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(400, "Only http and https URLs are supported");
  if (url.username || url.password) fail(400, "URLs with credentials are not supported");
  if (!isLocalDev(env) && isInternalHost(url.hostname)) {
    fail(400, `The URL points at an internal address (${url.hostname}), which Toolport does not fetch`);
  }
  return url;
}

export type SafeFetchOptions = { timeoutMs?: number; maxBytes?: number; maxRedirects?: number; headers?: HeadersInit };
export type FetchedBody = { url: string; status: number; contentType: string; text: string };

/** Fetches a user-given URL as text with every guard on; throws ApiError with a clear message on failure. */
export async function safeFetchText(raw: string, env: Pick<Env, "ENVIRONMENT">, options: SafeFetchOptions = {}): Promise<FetchedBody> {
  const { maxBytes = 10 * 1024 * 1024 } = options;
  const { url, res } = await safeFetch(raw, env, { ...options, maxBytes });
  const text = await readCapped(res, maxBytes);
  return { url, status: res.status, contentType: res.headers.get("content-type") ?? "", text };
}

/**
 * Fetches a user-given URL with every guard on (redirects re-checked, time-out, declared size within
 * `maxBytes`) and answers the response unread, for callers that stream its body within the same cap.
 */
export async function safeFetch(
  raw: string,
  env: Pick<Env, "ENVIRONMENT">,
  options: SafeFetchOptions = {},
): Promise<{ url: string; res: Response }> {
  const { timeoutMs = 15_000, maxBytes = 10 * 1024 * 1024, maxRedirects = 5, headers } = options;
  let url = checkPublicUrl(raw, env);
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await fetch(url, { redirect: "manual", signal, headers: { "user-agent": "Toolport/1.0", ...headers } });
    } catch (err) {
      const reason = (err as Error).name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : (err as Error).message;
      fail(502, `URL not reachable: ${url.href} (${reason})`);
    }
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      if (hop >= maxRedirects) fail(502, `URL not reachable: too many redirects from ${raw}`);
      url = checkPublicUrl(new URL(location, url).href, env);
      continue;
    }
    const declared = Number(res.headers.get("content-length") ?? 0);
    if (declared > maxBytes) fail(413, `The document is larger than the ${maxBytes / 1024 / 1024} MB limit`);
    return { url: url.href, res };
  }
}

async function readCapped(res: Response, maxBytes: number) {
  const text = await readTextWithin(res.body, maxBytes);
  if (text === null) fail(413, `The document is larger than the ${maxBytes / 1024 / 1024} MB limit`);
  return text;
}
