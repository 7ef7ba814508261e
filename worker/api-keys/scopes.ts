// Which scope a portal API key needs for an /api route, or why keys cannot be used there at all.
import type { ApiKeyScope } from "../db/schema";

export type ScopeNeed = { scope: ApiKeyScope } | { refused: string };

// Areas that answer only to a signed-in browser session, whatever a key's scopes.
const SESSION_ONLY_AREAS: Record<string, string> = {
  "api-keys": "API key management",
  "access-tokens": "access token management",
  billing: "billing",
  superadmin: "superadmin",
  auth: "sign-in",
};
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const refusedOn = (label: string) => ({ refused: `API keys cannot be used for ${label}: sign in to the portal instead` });

/** The scope `method path` needs from a portal API key; unknown areas are refused (fail closed). */
export function scopeFor(method: string, path: string): ScopeNeed {
  const segments = path.split("/").filter((s) => s.length > 0);
  if (segments[0] !== "api") return { refused: "API keys can be used only on /api routes" };
  const area = segments[1] ?? "";
  if (Object.hasOwn(SESSION_ONLY_AREAS, area)) return refusedOn(SESSION_ONLY_AREAS[area]);
  if (area === "servers" && segments[3] === "assigned-tokens") return refusedOn(SESSION_ONLY_AREAS["access-tokens"]);
  // Running a tool or calling the API with the server's credentials is a signed-in user's own act.
  if (area === "servers" && (segments[3] === "try-it" || (segments[3] === "check-api" && !READ_METHODS.has(method.toUpperCase()))))
    return refusedOn("running tools or checking the API from the portal");
  if (area === "openapi.json") return { scope: "read" };
  if (area === "oauth")
    return segments[2] === "grants" && READ_METHODS.has(method.toUpperCase())
      ? { scope: "read" }
      : refusedOn("OAuth consent and revoking connected apps");
  if (area !== "servers" && area !== "crawl") return refusedOn("this route");
  if (READ_METHODS.has(method.toUpperCase())) return { scope: "read" };
  if (area === "servers" && segments[3] === "deploy") return { scope: "deploy" };
  return { scope: "servers" };
}

/** The 403 message of a key that lacks `scope`. */
export const missingScopeMessage = (scope: ApiKeyScope) => `This API key lacks the '${scope}' scope this route needs`;
/** The 403 of a key without 'deploy' on a change that would redeploy a deployed server (applying a version, syncing, re-crawling). */
export const REDEPLOY_NEEDS_DEPLOY_SCOPE = `${missingScopeMessage("deploy")} on a deployed server, which it redeploys`;
/** What the API description says on the routes whose change redeploys a deployed server. */
export const REDEPLOYS_NOTE = "On a deployed server this redeploys it, so an API key needs the 'deploy' scope as well.";
