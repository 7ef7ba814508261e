// The hosting-provider interface: activate a generated server, then hand it MCP requests.
import type { Bindings } from "../env";
import type { GeneratedServer } from "../deploy/generate";
import type { UpstreamCredentials } from "../openapi/types";
import type { CallReport } from "../runtime/report";
import type { CheckedCall } from "../runtime/wire";

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

/** One MCP request as the gateway hands it on. */
export type McpCall = {
  /** The client's request (its body already read when it is a POST). */
  request: Request;
  /** The POST body as the gateway parsed it (undefined when not read or not JSON). */
  parsed?: unknown;
  /** The tools/call messages of `parsed` whose arguments the gateway checked, by message (see runtime/wire.ts CheckedCall). */
  checked?: ReadonlyMap<object, CheckedCall>;
  /** The request to forward over HTTP, without the client's credentials; built only by a provider that sends one. */
  forwarded: () => Request;
};

/** A deployed server's answer, and its report of the calls it ran (null without one: an SSE answer). */
export type ServedAnswer = {
  response: Response;
  reports: CallReport[] | null;
  /** The answer's JSON text, when the gateway holds it already (an RPC answer). */
  text?: string;
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
  /** Passes one MCP request to the deployed server. */
  serve(env: Bindings, deployment: ServedDeployment, call: McpCall): Promise<ServedAnswer>;
}

/** The Workers-for-Platforms script name (and project id) of a server. */
export const scriptNameOf = (slug: string) => `toolport-${slug}`.slice(0, 63);
