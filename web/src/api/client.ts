// The one API client: credentials, JSON, a 900000 ms time-out, server error text first, and a 401 sends
// the user to sign in.
export const REQUEST_TIMEOUT_MS = 900_000;

/** An API failure carrying the HTTP status (0 when the request never got an answer). */
export class ApiError extends Error {
  /** `body` is the whole error answer, for fields beside `error` (e.g. requiresUpgrade). */
  constructor(message: string, readonly status: number, readonly body?: Record<string, unknown> | null) {
    super(message);
    this.name = "ApiError";
  }
}

type Envelope<T> = { success?: boolean; data?: T; error?: string };

export type RequestOptions = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  /** Message used when the server sends no error text of its own. */
  fallbackError?: string;
  /** The profile check handles 401 itself: it only means "signed out". */
  skipUnauthorizedRedirect?: boolean;
  /** Answer the whole JSON body: the crawl calls put their fields beside `success`, not in `data`. */
  wholeBody?: boolean;
};

type Location = { pathname: string; href: string };
type UnauthorizedHandler = { current: () => Location; goToLogin: (from: string) => void };
let unauthorized: UnauthorizedHandler = {
  current: () => ({ pathname: window.location.pathname, href: window.location.pathname + window.location.search }),
  goToLogin: (from) => window.location.assign(`/login?redirect=${encodeURIComponent(from)}`),
};

/** Lets the router replace the hard navigation to /login with a client-side one. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  unauthorized = handler;
}

/** A 401 sends the user to /login, unless they are already on /login or /. */
function handleUnauthorized() {
  const { pathname, href } = unauthorized.current();
  if (pathname === "/login" || pathname === "/") return;
  unauthorized.goToLogin(href);
}

/** Calls {api}/api/…; answers `data`, or throws ApiError with the server's error text when it sent one. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, fallbackError = "Request failed", skipUnauthorizedRedirect } = options;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      // A FormData body (file uploads) sets its own multipart content type; a Blob (a large file) goes as raw bytes.
      headers:
        body instanceof FormData
          ? { accept: "application/json" }
          : body instanceof Blob
            ? { "content-type": "application/octet-stream", accept: "application/json" }
            : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : body instanceof FormData || body instanceof Blob ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(fallbackError, 0);
  }
  const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (res.status === 401) {
    if (!skipUnauthorizedRedirect) handleUnauthorized();
    throw new ApiError(envelope?.error || fallbackError, 401);
  }
  if (!res.ok || envelope?.success === false) {
    throw new ApiError(envelope?.error || fallbackError, res.status, envelope as Record<string, unknown> | null);
  }
  return (options.wholeBody ? envelope : envelope?.data) as T;
}

/** The message to show for a failure: the server's text when present, else the fallback. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
