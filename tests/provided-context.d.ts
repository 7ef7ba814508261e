// Values the global setups provide to tests through vitest's inject().
export {};

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the local fixture HTTP server, e.g. http://127.0.0.1:41234 */
    fixtureOrigin: string;
    /** Issuer URL of the local OpenID Connect provider. */
    oidcIssuer: string;
    /** Origin of the local upstream API the MCP tests call (tests/upstream-server.ts). */
    upstreamOrigin: string;
    /** Base URL (…/v1) of the local OpenAI-compatible chat API the crawl's LLM refinement tests use. */
    llmBaseUrl: string;
    /** The portal under `npm run dev` that the e2e files share (tests/e2e/global-setup.ts): its URL, local state folder and output so far. */
    e2ePortal: { url: string; persistTo: string; output: string };
    /** The WebSocket endpoint of the Chromium the e2e files share (tests/e2e/global-setup.ts). */
    e2eChromium: string;
  }
}
