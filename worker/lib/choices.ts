// The fixed choices the API takes and the SPA's forms offer, each spelled once: import-free, so the
// SPA bundles this module (the request schemas and the database columns take their values from here).

/** How often an automated re-crawl or description sync runs. */
export const CRAWL_FREQUENCIES = ["weekly", "monthly"] as const;

/** Who holds the upstream credentials: the portal (managed) or each MCP client (passthrough). */
export const AUTH_STRATEGIES = ["managed", "passthrough"] as const;

/** What a portal API key may do, in the order the form lists them. */
export const API_KEY_SCOPES = ["read", "servers", "deploy"] as const;
