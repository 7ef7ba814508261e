// Request body limits: 1 MB under /api, except on the routes that declare their own (the description uploads).
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { fail } from "./errors";

/** JSON bodies larger than this answer 413; uploads declare their own, larger limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const ownLimits = new WeakSet<object>();

/**
 * An upload route's own body limit, given in its route definition: past `maxSize` it answers 413 with
 * `message`. `streamed`: only a declared length is checked, since the handler streams the body and
 * counts it as it reads (buffering 100 MB to count it would defeat the stream).
 */
export function uploadBodyLimit(maxSize: number, message: string, { streamed = false } = {}): MiddlewareHandler {
  const limit: MiddlewareHandler = streamed
    ? async (c, next) => {
        if (Number(c.req.header("content-length") ?? 0) > maxSize) fail(413, message);
        await next();
      }
    : bodyLimit({ maxSize, onError: () => fail(413, message) });
  ownLimits.add(limit);
  return limit;
}

const oneMegabyte = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: () => fail(413, "Request body too large (limit 1 MB)") });

/** The /api default: 1 MB, unless the matched route applies an uploadBodyLimit of its own. */
export const jsonBodyLimit: MiddlewareHandler = (c, next) =>
  matchedRoutes(c).some((route) => ownLimits.has(route.handler)) ? next() : oneMegabyte(c, next);
