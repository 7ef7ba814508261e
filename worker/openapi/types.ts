// The contract between the import engine, the database and generated MCP servers: what a tool is
// and where each of its arguments goes in the upstream HTTP request.
import type { Endpoint } from "../db/schema";

/** The extension on an operation naming the documentation page it was read from (set by the crawl's extractor). */
export const SOURCE_PAGE_EXTENSION = "x-toolport-page";
/** The extension on `info` naming the example address of a self-hosted API (the user gives their own). */
export const INSTANCE_EXTENSION = "x-toolport-instance-example";

export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** Where one tool argument goes: a path, query, header or cookie parameter. */
export type ParameterMapping = {
  /** Property name in the tool's inputSchema. */
  arg: string;
  in: ParameterLocation;
  /** The parameter's name in the HTTP request. */
  name: string;
  required: boolean;
  style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject" | "simple" | "label" | "matrix";
  explode?: boolean;
  allowReserved?: boolean;
  /** The parameter is declared with `content: application/json`: send the value JSON-encoded. */
  json?: boolean;
  /** The only value the description allows: not shown to the model, the server always sends it. */
  value?: unknown;
  /** A credential the server's authentication supplies: not shown to the model, sent only from a static value. */
  hidden?: "credential";
};

export type BodyKind = "json" | "form" | "multipart" | "text" | "binary";

/** Where the request body comes from. */
export type BodyMapping = {
  contentType: string;
  kind: BodyKind;
  required: boolean;
  /** The whole body is this one argument (non-object bodies, or when spreading would collide). */
  arg?: string;
  /** An object body spread into top-level arguments: argument name → body property name. */
  properties?: Record<string, string>;
  /** Body properties (multipart) or the whole body (kind 'binary') given as base64 strings. */
  binaryFields?: string[];
};

export type ToolMapping = {
  method: HttpMethod;
  path: string;
  parameters: ParameterMapping[];
  body?: BodyMapping;
  /** The operation's own server (`servers` of the operation or its path item) when it is not the API's: another host of the same product. */
  baseUrl?: string;
};

export type JsonSchemaObject = {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
  [keyword: string]: unknown;
};

/** MCP tool annotations (2025-11-25): hints for clients, all of them set explicitly. */
export type ToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

export type ToolDefinition = {
  /** Only [a-zA-Z0-9_-], at most 64 characters, unique within the server. */
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject;
  /** The success answer's JSON object shape, when the description documents one reliably. */
  outputSchema?: JsonSchemaObject;
  annotations: ToolAnnotations;
  mapping: ToolMapping;
  endpoint: Endpoint;
};

/** One operation the import skipped or degraded, and why. */
export type ImportIssue = { operation: string; kind: "skipped" | "degraded"; reason: string };

export type AuthType = "none" | "bearer" | "apiKey" | "basic" | "oauth2";

/** How a generated server authenticates to its upstream API (no secret values here). */
export type AuthSettings = {
  type: AuthType;
  strategy: "managed" | "passthrough";
  apiKey?: { name: string; in: "header" | "query" | "cookie" };
  oauth2?: { tokenUrl: string; scopes?: string[] };
};

/** Managed credentials, decrypted only to be handed to a server's isolate as an env binding. */
export type UpstreamCredentials = Partial<{
  token: string;
  key: string;
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
}>;

/** Everything a generated MCP server needs, and nothing secret. */
export type ServerConfig = {
  name: string;
  version: string;
  description: string;
  baseUrl: string;
  auth: AuthSettings;
  /** Argument name → fixed value: removed from every inputSchema and injected into every call. */
  staticValues: Record<string, string>;
  tools: (Pick<ToolDefinition, "name" | "title" | "description" | "inputSchema" | "mapping"> &
    Partial<Pick<ToolDefinition, "annotations" | "outputSchema">> & {
      /** The operation's tags: written in search mode only, where they help rank the tools. */
      tags?: string[];
    })[];
};
