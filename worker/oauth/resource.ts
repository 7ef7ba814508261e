// Which server an OAuth resource indicator (RFC 8707) names: a portal endpoint {origin}/s/{slug}/mcp,
// or https://{host}/mcp of a custom domain that is active and included in its organization's plan.
import type { Database } from "../db";
import { customHostTarget } from "../domains/lookup";
import { slugOfResource } from "./provider";

/** The server slug `resource` names, or null when it names no endpoint this portal serves. */
export async function slugOfAnyResource(db: Database, resource: string, origin: string): Promise<string | null> {
  const slug = slugOfResource(resource, origin);
  if (slug) return slug;
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.port || url.pathname !== "/mcp" || url.search || url.hash || url.username) return null;
  const target = await customHostTarget(db, url.hostname);
  return target && target.status === "active" && target.planAllows ? target.slug : null;
}

/** The resource identifier of a server reached at its custom domain. */
export const customDomainEndpoint = (host: string) => `https://${host}/mcp`;
