// The MCP gateway Worker: /s/{slug}/mcp served in front of the portal, without the static-assets router
// and the portal's bundle; everything else goes to the portal Worker unchanged (service binding PORTAL).
// The portal Worker answers /s/{slug}/mcp the same way when a request reaches it directly.
import { isLocalDev, type Bindings } from "../env";
import type { PortalScheduled } from "../scheduled";
import { directMcpRequest } from "./routes";

// What the server isolates this Worker hosts read their tools through.
export { DeploymentTools } from "../hosting/tools-source";

export type GatewayBindings = Bindings & { PORTAL: Fetcher; PORTAL_SCHEDULED: Service<PortalScheduled> };

let warned = false;

/**
 * The call path needs the secrets the portal has: SECRETS_KEY always, and PUBLIC_URL in production (the
 * Host check). A gateway Worker missing one hands every request to the portal instead of answering with
 * weaker checks, and says so once per isolate.
 */
export function gatewayReady(env: GatewayBindings) {
  if (env.SECRETS_KEY && (env.PUBLIC_URL || isLocalDev(env))) return true;
  if (!warned) {
    warned = true;
    const missing = [!env.SECRETS_KEY && "SECRETS_KEY", !env.PUBLIC_URL && !isLocalDev(env) && "PUBLIC_URL"].filter(Boolean);
    console.warn(
      `The MCP gateway Worker has no ${missing.join(" or ")}: every request is handed to the portal Worker (set them on both Workers)`,
    );
  }
  return false;
}

export default {
  fetch: (request, env, ctx) => (gatewayReady(env) && directMcpRequest(request, env, ctx)) || env.PORTAL.fetch(request),
  // The Cron Triggers are the portal's (wrangler.toml); `wrangler dev` fires them on this, its first Worker.
  scheduled: ({ cron, scheduledTime }, env) => env.PORTAL_SCHEDULED.fire({ cron, scheduledTime }),
} satisfies ExportedHandler<GatewayBindings>;
