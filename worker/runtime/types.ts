// What a generated server's config module holds: the contract's ServerConfig plus runtime limits.
import type { JsonSchemaObject, ServerConfig, ToolAnnotations, UpstreamCredentials } from "../openapi/types";
import type { SchemaText } from "./search-text";

export type RuntimeConfig = ServerConfig & {
  serverId: string;
  /** Upstream requests that take longer end as an isError answer. */
  upstreamTimeoutMs: number;
  /** The response budget: text answers longer than this many UTF-8 bytes are cut, with a note saying so. */
  maxResponseBytes: number;
  /** 'search': the tools are reached through search_tools, describe_tool and call_tool. */
  toolMode?: "direct" | "search";
};

/**
 * The env of a generated server's isolate: managed credentials as a JSON string binding, and
 * ENVIRONMENT = "development" on a local portal only (internal API hosts allowed; otherwise refused).
 */
export type RuntimeEnv = {
  UPSTREAM_CREDENTIALS?: string;
  ENVIRONMENT?: string;
  /** Where a server whose main module does not import its tools text reads it, or parts of it (the hosting Worker's DeploymentTools). */
  TOOLS?: {
    /** The whole tools text. */
    text(): Promise<string>;
    /** The tool at a position of the config's order: its listed entry and its own part, as JSON. */
    tool(position: number): Promise<[entry: string, part: string]>;
    /** The search part (search mode). */
    search(): Promise<string>;
  } & SemanticSource;
};

/** Search mode's optional semantic ranking (see search-semantic.ts): the deployment's kept tool vectors (JSON of KeptVectors, or null) and a request's embedding (null without Workers AI). */
export type SemanticSource = {
  vectors?(): Promise<string | null>;
  embedQuery?(query: string): Promise<number[] | null>;
};

export type { UpstreamCredentials };

/** Headers an MCP client uses to hand its own upstream credential to a passthrough server. */
export const PASSTHROUGH_AUTHORIZATION_HEADER = "x-upstream-authorization";
export const PASSTHROUGH_API_KEY_HEADER = "x-upstream-api-key";

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
/** 100 KB of text, about 25,000 tokens: room in a model's context for the answer and the work around it. */
export const DEFAULT_MAX_RESPONSE_BYTES = 100_000;

/** What search mode indexes of a tool. */
export type SearchDoc = {
  name: string;
  title?: string;
  description?: string;
  method?: string;
  path?: string;
  tags?: string[];
  inputSchema?: SchemaText;
  outputSchema?: SchemaText;
};

/** A tool as tools/list answers it. */
export type ListedTool = {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations;
};
