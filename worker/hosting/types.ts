// The hosting-provider interface: activate a generated server, then hand it MCP requests.
import type { Bindings } from "../env";
import type { GeneratedServer } from "../deploy/generate";
import type { UpstreamCredentials } from "../openapi/types";

export type ProviderName = "loader" | "cloudflare";

/** What a provider reports after activating a deployment. */
export type Activation = { cloudflareDeploymentId: string; cloudflareProjectId: string };

/** A deployment as the gateway serves it. */
export type ServedDeployment = {
  deploymentId: string;
  slug: string;
  /** Changes when the managed secrets change, so a cached isolate never keeps stale credentials. */
  secretsTag: string;
  credentials: () => Promise<UpstreamCredentials>;
};

export interface HostingProvider {
  name: ProviderName;
  /** Makes the generated server (already kept in KV by the deploy job) ready to serve; throws with a readable message on failure. */
  activate(
    env: Bindings,
    server: GeneratedServer,
    slug: string,
    log: (message: string) => Promise<void>,
    credentials: () => Promise<UpstreamCredentials>,
  ): Promise<Activation>;
  /** Passes one MCP request to the deployed server; `parsedBody`: its body as the gateway parsed it (undefined when not read or not JSON). */
  fetch(env: Bindings, deployment: ServedDeployment, request: Request, parsedBody?: unknown): Promise<Response>;
}

/** The Workers-for-Platforms script name (and project id) of a server. */
export const scriptNameOf = (slug: string) => `toolport-${slug}`.slice(0, 63);
