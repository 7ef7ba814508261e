// What a generated server's config module holds: the contract's ServerConfig plus runtime limits.
import type { ServerConfig, UpstreamCredentials } from "../../openapi/types";

export type RuntimeConfig = ServerConfig & {
  serverId: string;
  /** Upstream requests that take longer end as an isError answer. */
  upstreamTimeoutMs: number;
  /** Text answers longer than this are cut, with a note saying so. */
  maxTextChars: number;
};

/** The env of a generated server's isolate: managed credentials only, as a JSON string binding. */
export type RuntimeEnv = { UPSTREAM_CREDENTIALS?: string };

export type { UpstreamCredentials };

/** Headers an MCP client uses to hand its own upstream credential to a passthrough server. */
export const PASSTHROUGH_AUTHORIZATION_HEADER = "x-upstream-authorization";
export const PASSTHROUGH_API_KEY_HEADER = "x-upstream-api-key";

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_TEXT_CHARS = 100_000;
