// Tool arguments → the upstream HTTP request: static values merged, each argument put in its place.
import type { ToolMapping } from "../openapi/types";
import { buildBody } from "./body";
import { checkPathSegment, serializeCookie, serializeHeader, serializePath, serializeQuery } from "./parameters";

/** Credentials to add to a request, as auth.ts computes them. */
export type AuthParts = { headers: Record<string, string>; query: [string, string][]; cookies: string[] };

export const noAuth = (): AuthParts => ({ headers: {}, query: [], cookies: [] });

/** What a call sends: the model's arguments, with the values the description fixes (one allowed value) and the server's static values over them. */
export function requestArguments(
  mapping: ToolMapping,
  args: Record<string, unknown>,
  staticValues: Record<string, unknown>,
): Record<string, unknown> {
  const fixed = Object.fromEntries(mapping.parameters.filter((p) => p.value !== undefined).map((p) => [p.arg, p.value]));
  return { ...args, ...fixed, ...staticValues };
}

/**
 * Why these (request) arguments cannot fill the tool's path, or null: a missing path value, or one
 * that would leave its segment. Checked with the arguments, so such a call neither reaches the API
 * nor counts as a call.
 */
export function pathArgumentProblem(mapping: ToolMapping, args: Record<string, unknown>): string | null {
  for (const p of mapping.parameters) {
    if (p.in !== "path") continue;
    const value = args[p.arg];
    if (value === undefined || value === null) return `Missing required path parameter '${p.arg}'`;
    try {
      checkPathSegment(p, serializePath(p, value));
    } catch (err) {
      return (err as Error).message;
    }
  }
  return null;
}

/** Builds the upstream Request for one tool call. */
export function buildUpstreamRequest(baseUrl: string, mapping: ToolMapping, args: Record<string, unknown>, auth: AuthParts): Request {
  let path = mapping.path;
  const query: string[] = [];
  const headers = new Headers({ accept: "application/json, text/plain;q=0.9, */*;q=0.8", "user-agent": "Toolport-MCP/1.0" });
  const cookies: string[] = [];
  for (const p of mapping.parameters) {
    const value = args[p.arg];
    if (value === undefined || value === null) {
      if (p.in === "path") throw new Error(`Missing required path parameter '${p.arg}'`);
      continue;
    }
    if (p.in === "path") path = path.split(`{${p.name}}`).join(checkPathSegment(p, serializePath(p, value)));
    else if (p.in === "query") query.push(...serializeQuery(p, value));
    else if (p.in === "header") headers.set(p.name, serializeHeader(p, value));
    else cookies.push(...serializeCookie(p, value));
  }
  for (const [k, v] of auth.query) query.push(`${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  for (const [k, v] of Object.entries(auth.headers)) headers.set(k, v);
  cookies.push(...auth.cookies);
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));

  // An operation served by another host of the API has its own base URL.
  const base = mapping.baseUrl ?? baseUrl;
  const url = new URL(base.replace(/(?<!\/)\/+$/, "") + (path.startsWith("/") ? path : `/${path}`));
  if (query.length > 0) url.search = (url.search ? `${url.search.slice(1)}&` : "") + query.join("&");

  const body = mapping.body ? buildBody(mapping.body, args) : null;
  if (body?.contentType) headers.set("content-type", body.contentType);
  return new Request(url, { method: mapping.method.toUpperCase(), headers, body: body?.body ?? null });
}
