// Security headers: a strict Content-Security-Policy on every HTML answer (the SPA's shell when the
// Worker serves it, the MCP root info page), framing refused everywhere, no MIME sniffing.
import { createMiddleware } from "hono/factory";

/**
 * The SPA's policy: scripts, styles, fonts and API calls from the portal's own origin only; profile
 * pictures may come from the sign-in provider (any https origin). Inline styles are allowed because
 * toast and dialog libraries set them at run time; inline scripts never are. web/public/_headers
 * carries the same policy for the assets Cloudflare serves without running the Worker.
 */
export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const ALWAYS_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** Adds the headers to every answer; HTML answers without a policy of their own get SPA_CSP. */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  c.res = new Response(c.res.body, c.res); // a fresh copy: answers from ASSETS.fetch have immutable headers
  const res = c.res;
  for (const [name, value] of Object.entries(ALWAYS_HEADERS)) if (!res.headers.has(name)) res.headers.set(name, value);
  if ((res.headers.get("content-type") ?? "").includes("text/html")) {
    const csp = res.headers.get("content-security-policy");
    if (!csp) res.headers.set("content-security-policy", SPA_CSP);
    else if (!csp.includes("frame-ancestors")) res.headers.set("content-security-policy", `${csp}; frame-ancestors 'none'`);
  }
});
