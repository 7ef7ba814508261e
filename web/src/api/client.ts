// The one API client: hc<AppType>, typed from the Worker's route definitions (paths, bodies, answers),
// with credentials, a 900000 ms time-out, server error text first, and a 401 sends the user to sign in.
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "../../../worker/app";

export const REQUEST_TIMEOUT_MS = 900_000;

/** An API failure carrying the HTTP status (0 when the request never got an answer). */
export class ApiError extends Error {
  /** `body` is the whole error answer, for fields beside `error` (e.g. requiresUpgrade). */
  constructor(
    message: string,
    readonly status: number,
    readonly body?: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Every request of the client: cookies, JSON accepted, the time-out; a Blob body (a large file) goes as raw bytes. */
const portalFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set("accept", "application/json");
  if (init.body instanceof Blob && !headers.has("content-type")) headers.set("content-type", "application/octet-stream");
  return fetch(input, { ...init, headers, credentials: "include", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
};

/** The portal's routes (`client.servers` is the spec's /servers/{id}/deployment, outside /api). */
export const client = hc<AppType>("/", { fetch: portalFetch });
/** The routes under /api. */
export const api = client.api;

/** Path parameters, encoded: hc puts them in the URL as they are. */
export const param = <T extends Record<string, string>>(values: T): { param: T } => ({
  param: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, encodeURIComponent(value)])) as T,
});

/** The arguments of a route that takes one of several bodies (JSON, a form, raw bytes): hc's type asks for every kind at once. */
export const oneBody = <A extends object>(args: Partial<NoInfer<A>>) => args as A;

/** What a route answers on success: its `data`, or the whole body where the spec puts the fields beside `success` (the crawl calls). */
export type Answer<R> =
  R extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends SuccessStatusCode
      ? Body extends { data: infer Data }
        ? Data
        : Body
      : never
    : never;

export type CallOptions = {
  /** The profile check handles 401 itself: it only means "signed out". */
  skipUnauthorizedRedirect?: boolean;
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

type Envelope = { success?: boolean; data?: unknown; error?: string };

/**
 * Awaits one `api` call: answers its `data` (or its whole body, where the route answers no `data`), or
 * throws ApiError with the server's error text, else `fallbackError`.
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
  fallbackError = "Request failed",
  options: CallOptions = {},
): Promise<Answer<R>> {
  let res: R;
  try {
    res = await request;
  } catch {
    throw new ApiError(fallbackError, 0);
  }
  const body = (await res.json().catch(() => null)) as Envelope | null;
  if (res.status === 401) {
    if (!options.skipUnauthorizedRedirect) handleUnauthorized();
    throw new ApiError(body?.error || fallbackError, 401);
  }
  if (!res.ok || body?.success === false) {
    throw new ApiError(body?.error || fallbackError, res.status, body as Record<string, unknown> | null);
  }
  return (body !== null && typeof body === "object" && "data" in body ? body.data : body) as Answer<R>;
}

/** The message to show for a failure: the server's text when present, else the fallback. */
export const errorMessage = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
