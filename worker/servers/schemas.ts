// zod schemas of the server answers (servers/answer.ts, servers/tools.ts): the routes declare them, the SPA infers its types from them.
import { z } from "zod";
import { AUTH_STATUSES, AUTH_STRATEGIES, AUTH_TYPES, CRAWL_FREQUENCIES, DEPLOYMENT_STATUSES, SERVER_STATUSES } from "../db/schema";
import { nullable, timestamp } from "../lib/answers";

export const endpoint = z
  .object({
    method: z.string(),
    path: z.string(),
    summary: z.string().optional(),
    tags: z.array(z.string()).optional().describe("The operation's tags in the description (at most five)"),
    page: z.string().optional().describe("The documentation page a crawled operation was read from"),
    server: z.string().optional().describe("The operation's own server, when another host of the API serves it"),
  })
  .meta({ id: "Endpoint" });

export const deploymentSummary = z
  .object({
    id: z.string(),
    status: z.enum(DEPLOYMENT_STATUSES),
    deploymentUrl: nullable(z.string()),
    error: nullable(z.string()),
    updatedAt: timestamp,
    cloudflareDeploymentId: nullable(z.string()),
    cloudflareProjectId: nullable(z.string()),
  })
  .meta({ id: "DeploymentSummary" });

export const authSummary = z
  .object({
    authType: z.enum(AUTH_TYPES),
    authStrategy: z.enum(AUTH_STRATEGIES),
    status: z.enum(AUTH_STATUSES),
    exposeToPublic: z.boolean(),
    requireToolportLogin: z.boolean(),
    accessControl: z.enum(["public", "toolport-login", "access-token"]),
    updatedAt: timestamp,
  })
  .meta({ id: "AuthSummary" });

export const server = z
  .object({
    id: z.string(),
    name: z.string(),
    description: nullable(z.string()),
    version: z.string(),
    slug: z.string().describe("The MCP endpoint is /s/{slug}/mcp"),
    baseUrl: nullable(z.string()),
    endpoints: z.array(endpoint),
    status: z.enum(SERVER_STATUSES),
    hibernatedReason: nullable(z.enum(["tool_calls", "servers"])),
    deployment: nullable(deploymentSummary),
    automatedCrawlEnabled: z.boolean(),
    automatedCrawlFrequency: z.enum(CRAWL_FREQUENCIES),
    originalCrawlUrl: nullable(z.string()),
    lastCrawledAt: nullable(timestamp).describe("When a crawl last refreshed the tools"),
    lastCrawlError: nullable(z.string()).describe("Why the last re-crawl left the tools as they were"),
    sourceUrl: nullable(z.string()),
    pendingVersionId: nullable(z.string())
      .optional()
      .describe("A description version waiting to be applied (update available): see /api/servers/{id}/spec/versions"),
    toolCount: z.number().int(),
    activeToolCount: z.number().int(),
    authConfig: nullable(authSummary),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Server" });

export const importIssue = z.object({ operation: z.string(), kind: z.enum(["skipped", "degraded"]), reason: z.string() });

/** What importing a description found: counts, and the operations skipped or degraded. */
export const importReport = z.object({
  openapiVersion: z.string(),
  operations: z.number().int(),
  tools: z.number().int(),
  skipped: z.number().int(),
  degraded: z.number().int(),
  activeTools: z.number().int().optional().describe("Tools that start active: at most the plan's maxToolsPerServer"),
  inactiveTools: z.number().int().optional().describe("Tools imported inactive because of the plan's active-tool limit"),
  issues: z.array(importIssue).describe("The first 1,000 entries (then one line saying how many more); the counts cover every entry"),
});
export const createdServer = server.extend({ importReport }).meta({ id: "CreatedServer" });

export const jsonSchemaObject = z.record(z.string(), z.unknown()).describe("A JSON Schema (draft 2020-12) object");

export const toolMapping = z
  .object({
    name: z.string().meta({ description: "The imported name: the key for toggles and renames" }),
    title: nullable(z.string()),
    description: z.string(),
    customName: nullable(z.string()).meta({ description: "The user's rename, listed to MCP clients instead of name (null: not renamed)" }),
    customDescription: nullable(z.string()).meta({
      description: "The user's description, listed instead of description (null: the imported one)",
    }),
    active: z.boolean(),
    inputSchema: jsonSchemaObject.optional().describe("Left out with view=summary, and for servers of more than 5,000 tools"),
    endpoint,
  })
  .meta({ id: "ToolMapping" });

export const toolsToggled = z.object({
  toolNames: z.array(z.string()).optional(),
  active: z.boolean().optional(),
  activeToolCount: z.number().int().optional(),
  toolName: z.string().optional(),
  name: z.string().optional().meta({ description: "The name MCP clients see after a rename" }),
  customName: nullable(z.string()).optional(),
  customDescription: nullable(z.string()).optional(),
});

export const parameterCandidate = z
  .object({ name: z.string(), type: z.string(), reason: z.string(), confidence: z.number().min(0).max(1) })
  .meta({ id: "ParameterCandidate" });

export const flow = z.object({
  tokenUrl: z.string().optional(),
  authorizationUrl: z.string().optional(),
  refreshUrl: z.string().optional(),
  scopes: z.array(z.string()),
});

export const authAnalysis = z.object({
  authCandidates: z.array(
    z.object({
      type: z.enum(["bearer", "apiKey", "basic", "oauth2"]),
      schemeName: z.string(),
      source: z.enum(["securitySchemes", "hint"]),
      description: z.string().optional(),
      name: z.string().optional(),
      in: z.enum(["header", "query", "cookie"]).optional(),
      bearerFormat: z.string().optional(),
      flows: z.record(z.string(), flow).optional(),
      tokenUrl: z.string().optional(),
      authorizationUrl: z.string().optional(),
      scopes: z.array(z.string()).optional(),
      openIdConnectUrl: z.string().optional(),
      usedBy: z.number().int(),
      confidence: z.number(),
    }),
  ),
  authContext: z.array(parameterCandidate),
  credentials: z.array(parameterCandidate),
  functional: z.array(parameterCandidate),
  envVarDocs: z.array(z.object({ name: z.string(), description: z.string(), authType: z.string(), secret: z.boolean() })),
});

export const authConfig = z
  .object({
    authType: z.enum(AUTH_TYPES),
    authStrategy: z.enum(AUTH_STRATEGIES),
    status: z.enum(AUTH_STATUSES),
    authContextValues: z.record(z.string(), z.string()).describe("Static parameters: sent with every call, hidden from the model"),
    authContextMetadata: z.array(parameterCandidate),
    maskedSecrets: z.record(z.string(), z.string()).describe("Stored secrets, masked; secrets are never answered"),
    exposeToPublic: z.boolean(),
    requireToolportLogin: z.boolean(),
    settings: z.object({
      apiKey: nullable(z.object({ name: z.string(), in: z.enum(["header", "query", "cookie"]) })),
      oauth2: nullable(z.object({ tokenUrl: z.string(), scopes: z.array(z.string()) })),
    }),
    updatedAt: timestamp,
  })
  .meta({ id: "AuthConfig" });

/** The answer of GET and PATCH /api/servers/{id}/tool-mode. */
export const toolSettings = z.object({ toolMode: z.enum(["direct", "search"]), maxResponseBytes: z.number().int() });
