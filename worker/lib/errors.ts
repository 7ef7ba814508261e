// One error shape for every answer: { success: false, error } with the right status.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { redactText } from "./redact";

/** Throws an error the app answers as `{ success: false, error: message }` with `status`. */
export function fail(status: ContentfulStatusCode, message: string, extra?: Record<string, unknown>): never {
  throw new ApiError(status, message, extra);
}

export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(status, { message });
  }
}

export function onError(err: Error, c: Context) {
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const extra = err instanceof ApiError ? err.extra : undefined;
    const message = err.message || (status === 413 ? "Request body too large" : "Request failed");
    return c.json({ success: false, error: message, ...extra }, status);
  }
  console.error("Unhandled error", c.req.method, c.req.path, redactText(err?.stack ?? String(err)));
  return c.json({ success: false, error: "Internal server error" }, 500);
}
